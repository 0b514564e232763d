import { citationNames, withoutDates, type CitationName } from "./citation-names.ts";
import { trimIsbd } from "./marc-view.ts";

export interface ReferenceSource {
  titulo: string;
  subtitulo: string | null;
  autor: string | null;
  autores_secundarios: string[];
  edicao: string | null;
  local_publicacao: string | null;
  editora: string | null;
  ano_publicacao: number | null;
  cod_tipo_obra?: number;
  /** The stored MARC-in-JSON: it tells a corporate author (110/710) from a person (100/700). */
  marc?: string | null;
}

/** A piece of the reference; `destaque` marks the part ABNT sets in bold (the title). */
export interface ReferencePart {
  texto: string;
  destaque: boolean;
}

/**
 * A name as NBR 6023 enters it: a person's "Souza, Ana Beatriz, 1980-" → "SOUZA, Ana Beatriz"; a corporate
 * body's in capitals but for a qualifier in parentheses, its subordinate units as written after it ("BRASIL.
 * Ministério da Educação", "SÃO PAULO (Estado). Secretaria da Educação", "UNIVERSIDADE DE BRASÍLIA"), never
 * split at a comma of the body's name.
 */
export function abntAuthor(n: CitationName): string {
  if (n.kind === "body") {
    const [head, ...units] = n.units?.length ? n.units : [trimIsbd(n.name.replace(/\s+/g, " ").trim())];
    const capitals = head
      .split(/(\([^)]*\))/u)
      .map((part) => (part.startsWith("(") ? part : part.toLocaleUpperCase("pt-BR")))
      .join("");
    return [capitals, ...units].join(". ");
  }
  const clean = withoutDates(n.name);
  const comma = clean.indexOf(",");
  if (comma < 0) return clean.toLocaleUpperCase("pt-BR");
  const surname = clean.slice(0, comma).trim().toLocaleUpperCase("pt-BR");
  const given = trimIsbd(clean.slice(comma + 1).trim());
  return given ? `${surname}, ${given}` : surname;
}

function edition(e: string | null): string | null {
  if (!e) return null;
  const t = trimIsbd(e);
  const n = /^(\d+)/.exec(t);
  // ABNT writes "2. ed."; keep other statements as catalogued.
  if (n && /^\d+\s*(a|ª|nd|rd|th|st|e|ème|\.)?\s*(ed|edi)/iu.test(t)) return `${n[1]}. ed.`;
  return t.endsWith(".") ? t : `${t}.`;
}

/**
 * The ABNT NBR 6023:2018 reference of a book: AUTHOR, Given. **Title**: subtitle. edition.
 * Place: Publisher, year. Returns the plain text and its parts, so a renderer can bold the title.
 */
export function abntReference(a: ReferenceSource): { referencia: string; partes: ReferencePart[] } {
  const parts: ReferencePart[] = [];
  const names = citationNames(a).map(abntAuthor);
  const titulo = trimIsbd(a.titulo);
  const subtitulo = a.subtitulo ? trimIsbd(a.subtitulo) : "";
  if (names.length > 0) {
    // Up to three authors are all named; more than three: the first one plus "et al.".
    const authors = names.length > 3 ? `${names[0]} et al.` : names.join("; ");
    parts.push({ texto: `${authors.endsWith(".") ? authors : `${authors}.`} `, destaque: false });
    parts.push({ texto: titulo, destaque: true });
  } else {
    // No author: the entry starts with the title, its first word in capitals, not bold.
    const [first, ...rest] = titulo.split(" ");
    parts.push({ texto: [first.toLocaleUpperCase("pt-BR"), ...rest].join(" "), destaque: false });
  }
  let tail = subtitulo ? `: ${subtitulo}.` : ".";
  const ed = edition(a.edicao);
  if (ed) tail += ` ${ed}`;
  const place = a.local_publicacao ? trimIsbd(a.local_publicacao.replace(/^\[|\]$/g, "")) : "[S. l.]";
  const publisher = a.editora ? trimIsbd(a.editora) : "[s. n.]";
  const year = a.ano_publicacao ? String(a.ano_publicacao) : "[s. d.]";
  tail += ` ${place}: ${publisher}, ${year}.`;
  parts.push({ texto: tail, destaque: false });
  return { referencia: parts.map((p) => p.texto).join(""), partes: parts };
}
