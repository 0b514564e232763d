/** Home and search page (minimal first version; the full search form follows). */
export default function Home() {
  return <h1>Estante</h1>;
}
