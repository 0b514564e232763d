/**
 * What reference managers read from a title (ADR 245): a COinS span (OpenURL 1.0 ContextObject in KEV, Z39.88-2004)
 * for Zotero and the like on results and title pages, and schema.org JSON-LD on the title page for search engines
 * and citation tools. Built from the fields a search hit and a title share.
 */

/** The fields the metadata is built from. */
export interface RecordFields {
  cod_acervo: number;
  titulo: string;
  subtitulo?: string | null;
  autor?: string | null;
  autores_secundarios?: string[];
  editora?: string | null;
  local_publicacao?: string | null;
  ano_publicacao?: number | null;
  edicao?: string | null;
  isbn?: string | null;
  issn?: string | null;
  idioma?: string | null;
  desc_tipo_obra?: string | null;
  assuntos?: string[];
  serie?: string | null;
}

/** A periodical (by its ISSN without an ISBN, or its type's name): a journal rather than a book. */
export function isSerial(r: Pick<RecordFields, "isbn" | "issn" | "desc_tipo_obra">): boolean {
  return /peri[oó]dic|revista|journal|serial/iu.test(r.desc_tipo_obra ?? "") || (!!r.issn && !r.isbn);
}

/** The first identifier of a list ("9788535902778 (broch.); 8535902775" → "9788535902778"). */
function firstId(v: string | null | undefined): string | undefined {
  const first = v?.split(/[;|]/)[0]?.trim().split(/\s+/)[0];
  return first || undefined;
}

const fullTitle = (r: RecordFields) => [r.titulo, r.subtitulo].filter(Boolean).join(": ");

/** The COinS `title` attribute: the record as an OpenURL ContextObject in KEV (book or journal format). */
export function coinsKev(r: RecordFields, permalink?: string): string {
  const q = new URLSearchParams();
  q.set("ctx_ver", "Z39.88-2004");
  q.set("rfr_id", "info:sid/estante");
  if (permalink) q.set("rft_id", permalink);
  if (isSerial(r)) {
    q.set("rft_val_fmt", "info:ofi/fmt:kev:mtx:journal");
    q.set("rft.genre", "journal");
    q.set("rft.jtitle", fullTitle(r));
    const issn = firstId(r.issn);
    if (issn) q.set("rft.issn", issn);
  } else {
    q.set("rft_val_fmt", "info:ofi/fmt:kev:mtx:book");
    q.set("rft.genre", "book");
    q.set("rft.btitle", fullTitle(r));
    const isbn = firstId(r.isbn);
    if (isbn) q.set("rft.isbn", isbn);
    if (r.edicao) q.set("rft.edition", r.edicao);
  }
  if (r.autor) q.append("rft.au", r.autor);
  for (const a of r.autores_secundarios ?? []) q.append("rft.au", a);
  if (r.editora) q.set("rft.pub", r.editora);
  if (r.local_publicacao) q.set("rft.place", r.local_publicacao);
  if (r.ano_publicacao != null) q.set("rft.date", String(r.ano_publicacao));
  if (r.idioma) q.set("rft.language", r.idioma);
  return q.toString();
}

/** The title as schema.org JSON-LD: a `Book`, a `Periodical`, or a `CreativeWork` for other material. */
export function titleJsonLd(r: RecordFields, permalink: string): Record<string, unknown> {
  const serial = isSerial(r);
  const book = !serial && (!!r.isbn || /livro|book|libro|livre/iu.test(r.desc_tipo_obra ?? "") || !r.desc_tipo_obra);
  const person = (name: string) => ({ "@type": name.includes(",") ? "Person" : "Organization", name });
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": serial ? "Periodical" : book ? "Book" : "CreativeWork",
    "@id": permalink,
    url: permalink,
    name: fullTitle(r),
  };
  const authors = [r.autor, ...(r.autores_secundarios ?? [])].filter((a): a is string => !!a);
  if (authors.length) ld[serial ? "contributor" : "author"] = authors.map(person);
  if (r.editora) ld.publisher = { "@type": "Organization", name: r.editora, ...(r.local_publicacao ? { location: r.local_publicacao } : {}) };
  if (r.ano_publicacao != null) ld.datePublished = String(r.ano_publicacao);
  if (r.idioma) ld.inLanguage = r.idioma;
  if (r.assuntos?.length) ld.about = r.assuntos;
  if (serial && firstId(r.issn)) ld.issn = firstId(r.issn);
  if (book && firstId(r.isbn)) ld.isbn = firstId(r.isbn);
  if (book && r.edicao) ld.bookEdition = r.edicao;
  return ld;
}

/** JSON-LD as the text of a `<script type="application/ld+json">`: "<" escaped, so no text in it can close the element. */
export function jsonLdText(ld: Record<string, unknown>): string {
  return JSON.stringify(ld).replace(/</g, "\\u003c");
}
