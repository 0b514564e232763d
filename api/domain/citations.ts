/**
 * Export formats of titles (basket export, e-mail and the title's reference page): the ABNT NBR 6023
 * reference (./referencia.ts), APA, MLA, Chicago, Vancouver, RIS and BibTeX through Citation.js (CSL-JSON in,
 * citeproc for the styles) in its
 * own thread (./citation-engine.ts, ADR 240),
 * MARC 21 as ISO 2709 and MARCXML through @natlibfi's serializers, and CSV (RFC 4180).
 */
import type { CslItem } from "@citation-js/core";
import { MarcRecord } from "@natlibfi/marc-record";
import * as serializers from "@natlibfi/marc-record-serializers";
import { citationNames, withoutDates, type CitationName } from "./citation-names.ts";
import { isPrivateTag, parseMarc, trimIsbd, type MarcJson } from "./marc-view.ts";
import { formatCsl, type CslStyle } from "./citation-engine.ts";
import { abntReference } from "./referencia.ts";

/** The export formats (`tipo` of `POST /api/exportar-cesta`, `formato` of `/referencia`). */
export const EXPORT_FORMATS = ["referencia", "apa", "mla", "chicago", "vancouver", "ris", "bibtex", "iso2709", "marcxml", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The catalogued columns a citation is built from (an `acervo` row with its JSON arrays decoded). */
export interface CitationSource {
  cod_acervo: number;
  titulo: string;
  subtitulo: string | null;
  autor: string | null;
  autores_secundarios: string[];
  assuntos: string[];
  edicao: string | null;
  local_publicacao: string | null;
  editora: string | null;
  ano_publicacao: number | null;
  isbn: string | null;
  issn: string | null;
  serie: string | null;
  chamada: string | null;
  idioma: string | null;
  desc_tipo_obra?: string | null;
  /** The stored MARC-in-JSON (may be empty for titles catalogued without MARC). */
  marc: string | null;
}

/** An export: the text, its media type and the file extension for a download. */
export interface ExportResult {
  tipo: ExportFormat;
  conteudo: string;
  contentType: string;
  extensao: string;
}

const MEDIA: Record<ExportFormat, { contentType: string; extensao: string }> = {
  referencia: { contentType: "text/plain; charset=utf-8", extensao: "txt" },
  apa: { contentType: "text/plain; charset=utf-8", extensao: "txt" },
  mla: { contentType: "text/plain; charset=utf-8", extensao: "txt" },
  chicago: { contentType: "text/plain; charset=utf-8", extensao: "txt" },
  vancouver: { contentType: "text/plain; charset=utf-8", extensao: "txt" },
  ris: { contentType: "application/x-research-info-systems; charset=utf-8", extensao: "ris" },
  bibtex: { contentType: "application/x-bibtex; charset=utf-8", extensao: "bib" },
  iso2709: { contentType: "application/marc", extensao: "mrc" },
  marcxml: { contentType: "application/marcxml+xml; charset=utf-8", extensao: "xml" },
  csv: { contentType: "text/csv; charset=utf-8", extensao: "csv" },
};

/**
 * A name as CSL-JSON: a person's "Souza, Ana Beatriz, 1980-" → {family, given}; a corporate body's name, or a
 * person's entered under the forename, is written as it is ({literal}), never split at a comma and initialled
 * ("Brasil. Ministério da Ciência, Tecnologia e Inovação" stays whole).
 */
export function cslName(n: CitationName): { family?: string; given?: string; literal?: string } {
  if (n.kind === "body") return { literal: trimIsbd(n.name.replace(/\s+/g, " ").trim()) };
  const clean = withoutDates(n.name);
  const comma = clean.indexOf(",");
  if (n.kind === "direct" || comma < 0) return { literal: clean };
  const given = trimIsbd(clean.slice(comma + 1).trim());
  return given ? { family: clean.slice(0, comma).trim(), given } : { family: clean.slice(0, comma).trim() };
}

function cslType(desc: string | null | undefined): string {
  const d = (desc ?? "").toLocaleLowerCase("pt-BR");
  if (/tese|disserta|thesis|monografia|tcc/u.test(d)) return "thesis";
  if (/peri[oó]dico|revista|journal|serial/u.test(d)) return "periodical";
  if (/mapa|map/u.test(d)) return "map";
  if (/v[ií]deo|filme|dvd|film/u.test(d)) return "motion_picture";
  if (/[aá]udio|sound|cd|disco/u.test(d)) return "song";
  return "book";
}

/** The first ISBN/ISSN without its qualifier ("9788535902778 (broch.)" → "9788535902778"). */
function firstIdentifier(v: string | null): string | undefined {
  const first = v?.split(/[;|]/)[0]?.trim();
  return first ? (first.split(/\s+/)[0] ?? first) : undefined;
}

/** A title as a CSL-JSON item, the input of Citation.js. */
export function toCsl(a: CitationSource): CslItem {
  const names = citationNames(a);
  const title = [trimIsbd(a.titulo), a.subtitulo ? trimIsbd(a.subtitulo) : ""].filter(Boolean).join(": ");
  const edition = a.edicao ? (/^(\d+)/.exec(trimIsbd(a.edicao))?.[1] ?? trimIsbd(a.edicao)) : undefined;
  const item: CslItem = { id: `acervo-${a.cod_acervo}`, type: cslType(a.desc_tipo_obra), title };
  if (names.length) item.author = names.map(cslName);
  if (a.ano_publicacao) item.issued = { "date-parts": [[a.ano_publicacao]] };
  if (a.editora) item.publisher = trimIsbd(a.editora);
  if (a.local_publicacao) item["publisher-place"] = trimIsbd(a.local_publicacao.replace(/^\[|\]$/g, ""));
  // APA/RIS render "2nd ed." from a number; a textual statement is kept only when it is not the first edition.
  if (edition && edition !== "1") item.edition = edition;
  const isbn = firstIdentifier(a.isbn);
  if (isbn) item.ISBN = isbn;
  const issn = firstIdentifier(a.issn);
  if (issn) item.ISSN = issn;
  if (a.serie) item["collection-title"] = trimIsbd(a.serie);
  if (a.chamada) item["call-number"] = a.chamada;
  if (a.assuntos.length) item.keyword = a.assuntos.join(", ");
  if (a.idioma) item.language = a.idioma;
  return item;
}

type MarcField = { tag: string; value?: string; ind1?: string; ind2?: string; subfields?: Array<{ code: string; value: string }> };

/** The stored MARC-in-JSON as @natlibfi fields, without the local 9XX/59X fields (exports are public). */
function marcFields(marc: MarcJson): MarcField[] {
  const out: MarcField[] = [];
  for (const field of marc.fields ?? []) {
    for (const [tag, value] of Object.entries(field)) {
      if (isPrivateTag(tag)) continue;
      if (typeof value === "string") out.push({ tag, value });
      else
        out.push({
          tag,
          ind1: value.ind1 ?? " ",
          ind2: value.ind2 ?? " ",
          subfields: (value.subfields ?? []).flatMap((sf) => Object.entries(sf).map(([code, v]) => ({ code, value: String(v) }))),
        });
    }
  }
  return out;
}

/** A minimal MARC 21 record from the catalogued columns, for titles stored without MARC. */
function marcFromColumns(a: CitationSource): MarcField[] {
  const df = (tag: string, ind1: string, ind2: string, subs: Array<[string, string | null | undefined]>): MarcField[] => {
    const subfields = subs.filter((s): s is [string, string] => !!s[1]).map(([code, value]) => ({ code, value }));
    return subfields.length ? [{ tag, ind1, ind2, subfields }] : [];
  };
  return [
    { tag: "001", value: String(a.cod_acervo) },
    ...df("020", " ", " ", [["a", firstIdentifier(a.isbn)]]),
    ...df("022", " ", " ", [["a", firstIdentifier(a.issn)]]),
    ...df("100", "1", " ", [["a", a.autor]]),
    ...df("245", a.autor ? "1" : "0", "0", [
      ["a", a.titulo],
      ["b", a.subtitulo],
    ]),
    ...df("250", " ", " ", [["a", a.edicao]]),
    ...df("260", " ", " ", [
      ["a", a.local_publicacao],
      ["b", a.editora],
      ["c", a.ano_publicacao ? String(a.ano_publicacao) : null],
    ]),
    ...df("490", "0", " ", [["a", a.serie]]),
    ...a.assuntos.flatMap((s) => df("650", " ", "4", [["a", s]])),
    ...a.autores_secundarios.flatMap((n) => df("700", "1", " ", [["a", n]])),
  ];
}

/** The title as a @natlibfi MarcRecord (leader position 9 set to "a": the export is Unicode). */
export function toMarcRecord(a: CitationSource): MarcRecord {
  const marc = parseMarc(a.marc);
  let fields = marcFields(marc);
  if (!fields.some((f) => f.tag === "245")) fields = marcFromColumns(a);
  const base = (marc.leader && marc.leader.length === 24 ? marc.leader : "00000nam a2200000 a 4500").split("");
  base[9] = "a";
  return new MarcRecord({ leader: base.join(""), fields }, { subfieldValues: false, subfields: false, fields: false });
}

interface MarcSerializers {
  ISO2709: { to(record: MarcRecord): string };
  MARCXML: { to(record: MarcRecord): string };
}
const { ISO2709, MARCXML } = serializers as unknown as MarcSerializers;

/** MARCXML `<collection>` of the titles (LoC MARC21 slim schema). */
function marcXmlCollection(rows: CitationSource[]): string {
  const records = rows.map((a) =>
    MARCXML.to(toMarcRecord(a))
      .replace(/^<\?xml[^>]*\?>\s*/u, "")
      .replace('<record xmlns="http://www.loc.gov/MARC21/slim">', "<record>"),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n${records.join("\n")}\n</collection>\n`;
}

/** One CSV cell: quoted per RFC 4180, and a leading = + - @ neutralised (spreadsheet formula injection). */
export function csvCell(value: string | number | null | undefined): string {
  let s = value == null ? "" : String(value);
  if (/^[=+\-@\t\r]/u.test(s)) s = `'${s}`;
  return /[",\r\n;]/u.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV header; column names are the API's field names, so they read the same in every language. */
export const CSV_COLUMNS = [
  "cod_acervo",
  "titulo",
  "subtitulo",
  "autor",
  "autores_secundarios",
  "edicao",
  "local_publicacao",
  "editora",
  "ano_publicacao",
  "isbn",
  "issn",
  "serie",
  "chamada",
  "assuntos",
  "referencia",
] as const;

function csv(rows: CitationSource[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const a of rows) {
    const values: Record<(typeof CSV_COLUMNS)[number], string | number | null> = {
      cod_acervo: a.cod_acervo,
      titulo: a.titulo,
      subtitulo: a.subtitulo,
      autor: a.autor,
      autores_secundarios: a.autores_secundarios.join("; "),
      edicao: a.edicao,
      local_publicacao: a.local_publicacao,
      editora: a.editora,
      ano_publicacao: a.ano_publicacao,
      isbn: a.isbn,
      issn: a.issn,
      serie: a.serie,
      chamada: a.chamada,
      assuntos: a.assuntos.join("; "),
      referencia: abntReference(a).referencia,
    };
    lines.push(CSV_COLUMNS.map((c) => csvCell(values[c])).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The ABNT reference list: one reference per line, in alphabetical order as NBR 6023 lists are. */
function abntList(rows: CitationSource[]): string {
  return rows
    .map((a) => abntReference(a).referencia)
    .sort((x, y) => x.localeCompare(y, "pt-BR"))
    .join("\n");
}

/**
 * One title's bibliography entry in a CSL style (APA, MLA, Chicago, Vancouver), as plain text, formatted in the
 * citation engine's thread (ADR 240). citeproc ships en-US terms only; the four styles' conventions ("2nd ed.",
 * "et al.") are English anyway. A corporate author (MARC 110/710) is a literal name (see cslName), which every
 * style writes whole, never inverted or initialled.
 */
export function formatCitation(style: CslStyle, record: CitationSource): Promise<string> {
  return formatCsl([toCsl(record)], style);
}

/** Formats `rows` in `tipo`. Rows are used in the order given (the reference lists sort themselves). */
export async function exportTitles(rows: CitationSource[], tipo: ExportFormat): Promise<ExportResult> {
  let conteudo: string;
  switch (tipo) {
    case "referencia":
      conteudo = abntList(rows);
      break;
    case "apa":
    case "mla":
    case "chicago":
    case "vancouver":
    case "ris":
    case "bibtex":
      conteudo = await formatCsl(rows.map(toCsl), tipo);
      break;
    case "iso2709":
      conteudo = rows.map((a) => ISO2709.to(toMarcRecord(a))).join("");
      break;
    case "marcxml":
      conteudo = marcXmlCollection(rows);
      break;
    case "csv":
      conteudo = csv(rows);
      break;
  }
  return { tipo, conteudo, ...MEDIA[tipo] };
}
