/** Title page of one catalogue record (minimal first version). */
export default function Acervo() {
  return <h1>Acervo</h1>;
}
