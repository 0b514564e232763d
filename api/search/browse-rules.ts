/** Browse indexes (spec §2 "Index browsing"): which values of a title each index lists, and their sort keys. */
import { fold } from "./text.ts";

/** The browse indexes, in the order the portal offers them. */
export const BROWSE_INDEXES = ["titulo", "serie", "autor", "assunto", "chamada", "isbn", "issn"] as const;
export type BrowseIndex = (typeof BROWSE_INDEXES)[number];

/** What the indexes read from a title. */
export interface BrowseSource {
  titulo: string;
  /** Leading characters of `titulo` the title files without (MARC 245 ind2; migration 086). Missing: none. */
  titulo_caracteres_ignorados?: number | null;
  subtitulo: string | null;
  serie: string | null;
  autor: string | null;
  autores_secundarios: string;
  assuntos: string;
  chamada: string | null;
  isbn: string | null;
  issn: string | null;
}

const MAX_VALUE = 300;

/**
 * The sort key of a heading: folded (no case, no accents), punctuation as single spaces; ISBN/ISSN keep
 * only digits and X, so "978-85-359-1484-9" and "9788535914849" are one entry.
 */
export function browseKey(indice: BrowseIndex, value: string): string {
  if (indice === "isbn" || indice === "issn") return value.toUpperCase().replace(/[^0-9X]/g, "");
  return fold(value)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .slice(0, MAX_VALUE);
}

/**
 * A title as it files: without its first `nonFiling` characters (an initial article, counted by the MARC 245
 * second indicator with the space or apostrophe after it: "A estrutura…" with 2 files as "estrutura…",
 * "L'homme" with 2 as "homme"). A count that does not end between words ("A estrutura" with 3 would cut
 * "estrutura") or leaves nothing is a cataloguing slip: the title then files as written.
 */
export function filingTitle(title: string, nonFiling: number | null | undefined): string {
  const n = nonFiling ?? 0;
  if (!Number.isInteger(n) || n < 1 || n > 9 || n >= title.length) return title;
  const prefix = title.slice(0, n);
  const rest = title.slice(n);
  if (/[\p{L}\p{N}]$/u.test(prefix) && /^[\p{L}\p{N}]/u.test(rest)) return title;
  return /[\p{L}\p{N}]/u.test(rest) ? rest : title;
}

function list(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** Every browse entry of one title (deduplicated per index and key). */
export function browseEntries(a: BrowseSource): Array<{ indice: BrowseIndex; chave: string; valor: string }> {
  const raw: Array<[BrowseIndex, string | null | undefined]> = [
    ["titulo", a.subtitulo ? `${a.titulo}: ${a.subtitulo}` : a.titulo],
    ["serie", a.serie],
    ["autor", a.autor],
    ...list(a.autores_secundarios).map((v): [BrowseIndex, string] => ["autor", v]),
    ...list(a.assuntos).map((v): [BrowseIndex, string] => ["assunto", v]),
    ["chamada", a.chamada],
    // A record may carry several ISBNs/ISSNs in one field ("…; …"): each is an entry.
    ...(a.isbn ?? "").split(/[;,]\s*|\s+(?=\d{9})/).map((v): [BrowseIndex, string] => ["isbn", v]),
    ...(a.issn ?? "").split(/[;,]\s*/).map((v): [BrowseIndex, string] => ["issn", v]),
  ];
  const seen = new Set<string>();
  const out: Array<{ indice: BrowseIndex; chave: string; valor: string }> = [];
  for (const [indice, value] of raw) {
    const valor = value
      ?.trim()
      .replace(/\s*[/:;,.]$/, "")
      .slice(0, MAX_VALUE);
    if (!valor) continue;
    // A title is shown as catalogued and filed without its initial article ("A estrutura…" under E).
    const chave = browseKey(indice, indice === "titulo" ? filingTitle(valor, a.titulo_caracteres_ignorados) : valor);
    if (!chave || seen.has(`${indice}\u0000${chave}`)) continue;
    seen.add(`${indice}\u0000${chave}`);
    out.push({ indice, chave, valor });
  }
  return out;
}
