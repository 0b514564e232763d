import crypto from "node:crypto";
import * as isbn3 from "isbn3";
import { headingKey } from "../../contract/headings.ts";
import { IMAGE_SCHEMES, linkHref } from "../../contract/link-url.ts";
import type { Selectable } from "kysely";
import type { AcervoTable } from "../db/types.ts";
import { normalizeIssn } from "../search/index.ts";
import { controlValue, dataFields, isDataField, subfield, subfieldValues, type DataField, type MarcRecord } from "./types.ts";

/** Material types owned by the importer: `tipo_obra` rows inserted when missing. */
export const MATERIAL_TYPES = [
  { cod: 1, key: "book", descricao: "Livro" },
  { cod: 2, key: "periodical", descricao: "Periódico" },
  { cod: 3, key: "thesis", descricao: "Tese / dissertação" },
  { cod: 4, key: "score", descricao: "Partitura" },
  { cod: 5, key: "sound", descricao: "Gravação de som" },
  { cod: 6, key: "video", descricao: "Vídeo" },
  { cod: 7, key: "map", descricao: "Mapa" },
  { cod: 8, key: "electronic", descricao: "Recurso eletrônico" },
  { cod: 9, key: "manuscript", descricao: "Manuscrito" },
  { cod: 10, key: "graphic", descricao: "Material gráfico" },
  { cod: 11, key: "article", descricao: "Artigo" },
  { cod: 12, key: "kit", descricao: "Kit / material misto" },
  { cod: 13, key: "object", descricao: "Objeto tridimensional" },
] as const;

export type MaterialKey = (typeof MATERIAL_TYPES)[number]["key"];

/** cod_tipo_obra of a material key. */
export function materialCode(key: MaterialKey): number {
  return MATERIAL_TYPES.find((t) => t.key === key)!.cod;
}

/** The kind of record from leader/06: bibliographic, authority or holdings. */
export function recordKind(rec: MarcRecord): "bib" | "authority" | "holdings" {
  const t = rec.leader[6];
  if (t === "z") return "authority";
  if ("uvxy".includes(t) && t !== " ") return "holdings";
  // Some exports leave leader/06 blank on authorities; their heading tags give them away.
  if (!dataFields(rec, "245").length && dataFields(rec, /^1(00|03|10|11|30|48|5[015]|8[0-5])$/).length && dataFields(rec, /^[45]\d\d$/).length) {
    return "authority";
  }
  return "bib";
}

/** Material type from leader/06-07, 008 and 502 (theses). */
export function materialType(rec: MarcRecord): MaterialKey {
  const t = rec.leader[6];
  const lvl = rec.leader[7];
  const f008 = controlValue(rec, "008") ?? "";
  switch (t) {
    case "a":
    case "t": {
      if (lvl === "s" || lvl === "i") return "periodical";
      if (lvl === "a" || lvl === "b") return "article";
      if (dataFields(rec, "502").length || (f008.length >= 28 && /m/.test(f008.slice(24, 28)))) return "thesis";
      if (t === "t") return "manuscript";
      return "book";
    }
    case "c":
    case "d":
      return "score";
    case "e":
    case "f":
      return "map";
    case "g":
      return "video";
    case "i":
    case "j":
      return "sound";
    case "k":
      return "graphic";
    case "m":
      return "electronic";
    case "o":
    case "p":
      return "kit";
    case "r":
      return "object";
    default: {
      const h = dataFields(rec, "245")
        .flatMap((f) => subfieldValues(f, "h"))
        .join(" ");
      if (/electronic|eletr[oô]nico|electr[oó]nico/i.test(h)) return "electronic";
      if (dataFields(rec, "502").length) return "thesis";
      if (dataFields(rec, "022").length && !dataFields(rec, "020").length) return "periodical";
      return "book";
    }
  }
}

/** Strips ISBD punctuation left at the ends of a MARC subfield (" /", " :", " ;", ",", "=" and a final period). */
export function trimIsbd(s: string | undefined): string {
  if (!s) return "";
  let v = s.replace(/\s+/g, " ").trim();
  v = v.replace(/[\s/:;,=+]+$/u, "").trim();
  // Keep the period of an initial ("Smith, J.") or a short abbreviation ("ed.", "Jr.").
  if (v.endsWith(".") && !/(^|[\s.(\d])(\p{Lu}|\p{L}{1,3})\.$/u.test(v) && !v.endsWith("...")) v = v.slice(0, -1).trim();
  return v.replace(/^[\s/:;,=]+/u, "").trim();
}

function joinSub(f: DataField, codes: string, sep = " "): string {
  return trimIsbd(
    subfieldValues(f, codes)
      .map((v) => v.trim())
      .filter(Boolean)
      .join(sep),
  );
}

/** Name heading of a 100/110/111/700… or authority 1XX field, without relator terms or control subfields. */
export function nameHeading(f: DataField): string {
  const tag = f.tag.slice(1);
  if (tag === "10") return joinSub(f, "abcdgn");
  if (tag === "11") return joinSub(f, "acdgnq");
  if (tag === "30") return joinSub(f, "adfgklmnoprs");
  return joinSub(f, "abcdq"); // personal names (100, 103 quirk)
}

// Subject-ish headings: the main part, then each $v $x $y $z subdivision.
function subjectParts(f: DataField): { main: string; full: string } {
  const sub = "vxyz";
  const mainCodes =
    f.tag.endsWith("00") || f.tag === "103"
      ? "abcdq"
      : f.tag.endsWith("10")
        ? "abcdgn"
        : f.tag.endsWith("11")
          ? "acdgnq"
          : f.tag.endsWith("30")
            ? "adfgklmnoprst"
            : "ab";
  const main = joinSub(f, mainCodes);
  const parts = [main];
  for (const s of f.subfields) if (sub.includes(s.code) && s.value.trim()) parts.push(trimIsbd(s.value));
  return { main, full: parts.filter(Boolean).join(" -- ") };
}

/** Lower case, no accents, no punctuation: the key used to match headings. */
export const normalizeHeading = headingKey;

/** The first year (1000–2099) found in a string. */
export function firstYear(s: string | undefined): number | null {
  const m = s?.match(/(1\d{3}|20\d{2})/);
  return m ? Number(m[1]) : null;
}

function uniq(xs: string[]): string[] {
  return [...new Set(xs.filter(Boolean))];
}

function normIsbn(raw: string): string {
  const token = raw
    .trim()
    .match(/^[0-9Xx-]{10,17}/)?.[0]
    ?.replace(/-/g, "");
  const parsed = token ? isbn3.parse(token) : null;
  return parsed?.isbn13 ?? raw.trim();
}

const RESTRICTED = /restri|subscri|assinan|login|authori[sz]|autoriza|licen[cs]|members|campus|proxy|password|senha/i;
const ACCESSIBLE = /accessib|acessib|daisy|braille|audio ?descri|audiodescri|leitor de tela|screen reader|libras|closed caption|legenda/i;
const COVER = /cover|capa|thumbnail|jacket|portada/i;

/** One 856 link of a title. */
export interface LinkRow {
  url: string;
  descricao: string | null;
  restrito: number;
  acessibilidade: number;
}

/** The `acervo` columns derived from a bibliographic record (without keys and ids). */
type AcervoColumns = Selectable<AcervoTable>;
export type TitleData = Omit<AcervoColumns, "cod_acervo" | "cod_empresa" | "chave_origem" | "marc" | "created_at" | "updated_at">;

/** A nonfiling-characters indicator ("0"–"9") as a number; blank or anything else is 0. */
function nonFilingCount(indicator: string | undefined): number {
  return indicator && /^[0-9]$/.test(indicator) ? Number(indicator) : 0;
}

/**
 * Maps a bibliographic record onto the `acervo` row, its 856 links and its heading keys (for authorities);
 * `untitled` when no title field gave a title (the row then says "[s.t.]").
 */
export function mapTitle(rec: MarcRecord): { title: TitleData; links: LinkRow[]; headingKeys: string[]; untitled: boolean } {
  const f245 = dataFields(rec, "245")[0];
  let titulo = f245 ? joinSub(f245, "anp") : "";
  // The leading characters the title files without (an article: "A ", "The ", "L'"), from the field's indicator.
  let nonFiling = f245 && subfield(f245, "a") ? nonFilingCount(f245.ind2) : 0;
  if (f245 && !subfield(f245, "a") && subfield(f245, "k")) titulo = joinSub(f245, "k");
  if (!titulo) {
    const alt = dataFields(rec, /^(130|240|246|242)$/)[0];
    titulo = alt ? joinSub(alt, "anp") : "";
    // 130 keeps its count in the first indicator, 240 and 242 in the second; 246 has none.
    nonFiling = !alt || alt.tag === "246" ? 0 : nonFilingCount(alt.tag === "130" ? alt.ind1 : alt.ind2);
  }
  const untitled = !titulo;
  if (untitled) titulo = "[s.t.]"; // ISBD "sine titulo"
  const subtitulo = f245 ? joinSub(f245, "b") || null : null;

  const main = dataFields(rec, /^1(00|10|11)$/)[0];
  const autor = main ? nameHeading(main) || null : null;

  const pub = dataFields(rec, "264").find((f) => f.ind2 === "1") ?? dataFields(rec, "264")[0] ?? dataFields(rec, "260")[0];
  const editora = pub ? trimIsbd(subfield(pub, "b")) || null : null;
  const local = pub ? trimIsbd(subfield(pub, "a")).replace(/^\[(.*)\]$/, "$1") || null : null;
  const f008 = controlValue(rec, "008") ?? "";
  let ano = firstYear(pub ? subfieldValues(pub, "c").join(" ") : undefined);
  if (ano === null && /^\d{4}$/.test(f008.slice(7, 11))) ano = Number(f008.slice(7, 11));
  if (ano === null)
    ano = firstYear(
      dataFields(rec, "264")
        .flatMap((f) => subfieldValues(f, "c"))
        .join(" "),
    );

  const f250 = dataFields(rec, "250")[0];
  const f300 = dataFields(rec, "300")[0];

  const classF = ["082", "080", "050", "090", "084", "055", "060"].map((t) => dataFields(rec, t)[0]).find(Boolean);
  const classificacao = classF
    ? (classF.tag === "050" || classF.tag === "090" ? joinSub(classF, "ab") : trimIsbd(subfield(classF, "a"))) || null
    : null;

  let chamada: string | null = null;
  for (const t of ["090", "050", "852", "952"]) {
    const f = dataFields(rec, t)[0];
    if (!f) continue;
    const v = t === "852" ? joinSub(f, "khijm") : t === "952" ? trimIsbd(subfield(f, "o")) : joinSub(f, "ab");
    if (v) {
      chamada = v;
      break;
    }
  }

  let idioma: string | null = f008.length >= 38 ? f008.slice(35, 38).trim().toLowerCase() : "";
  if (!idioma || !/^[a-z]{3}$/.test(idioma)) {
    const a041 = dataFields(rec, "041").flatMap((f) => subfieldValues(f, "a"))[0];
    idioma = a041 && /^[a-z]{3}/i.test(a041) ? a041.slice(0, 3).toLowerCase() : null;
  }

  const isbnRaw = dataFields(rec, "020")
    .flatMap((f) => subfieldValues(f, "a"))
    .find((v) => v.trim());
  const issnRaw = dataFields(rec, "022")
    .flatMap((f) => subfieldValues(f, "a"))
    .find((v) => v.trim());
  const serieF = dataFields(rec, "490")[0] ?? dataFields(rec, "830")[0] ?? dataFields(rec, "440")[0];

  const subjectsF = dataFields(rec, /^6\d\d$/);
  const assuntos = uniq(subjectsF.map((f) => subjectParts(f).full));
  const secund = uniq(dataFields(rec, /^7(00|10|11)$/).map(nameHeading));
  const notas = uniq(
    dataFields(rec, /^5\d\d$/)
      .filter((f) => !f.tag.startsWith("59"))
      .map((f) =>
        f.subfields
          .filter((s) => !"0123568".includes(s.code))
          .map((s) => s.value.trim())
          .join(" ")
          .trim(),
      ),
  );

  const links: LinkRow[] = [];
  let linkCapa: string | null = null;
  let online = false;
  for (const f of dataFields(rec, "856")) {
    const desc = [subfield(f, "3"), subfield(f, "y"), subfield(f, "z")].filter(Boolean).join(" — ") || null;
    const flags = [subfield(f, "3"), subfield(f, "z"), subfield(f, "x")].join(" ");
    for (const u of subfieldValues(f, "u")
      .map((x) => x.trim())
      .filter(Boolean)) {
      // Only a web address can be a cover (the page loads it by itself); any other stays a link, shown as text
      // when it is not one (contract/link-url.ts, ADR 103).
      if ((COVER.test(desc ?? "") || /\.(jpe?g|png|gif|webp)(\?|$)/i.test(u)) && linkHref(u, IMAGE_SCHEMES)) {
        linkCapa ??= u;
        continue;
      }
      if (f.ind2 === "0" || f.ind2 === "1") online = true;
      links.push({
        url: u,
        descricao: desc,
        restrito: RESTRICTED.test(flags) ? 1 : 0,
        acessibilidade: ACCESSIBLE.test([desc, flags].join(" ")) ? 1 : 0,
      });
    }
  }
  const accessible = dataFields(rec, /^(341|532)$/).length > 0 || links.some((l) => l.acessibilidade === 1);

  const headingKeys = new Set<string>();
  for (const f of dataFields(rec, /^(1(00|10|11|30)|6\d\d|7(00|10|11|30))$/)) {
    const { main: m, full } = subjectParts(f);
    if (m) headingKeys.add(normalizeHeading(m));
    if (full) headingKeys.add(normalizeHeading(full));
  }

  return {
    title: {
      cod_tipo_obra: materialCode(materialType(rec)),
      titulo,
      titulo_caracteres_ignorados: untitled ? 0 : nonFiling,
      subtitulo,
      autor,
      editora,
      local_publicacao: local,
      ano_publicacao: ano,
      edicao: f250 ? joinSub(f250, "ab") || null : null,
      descricao_fisica: f300 ? joinSub(f300, "abcefg") || null : null,
      classificacao,
      chamada,
      idioma,
      isbn: isbnRaw ? normIsbn(isbnRaw) : null,
      issn: issnRaw ? (normalizeIssn(issnRaw) ?? issnRaw.trim()) : null,
      serie: serieF ? joinSub(serieF, "av", " ; ") || null : null,
      assuntos: JSON.stringify(assuntos),
      autores_secundarios: JSON.stringify(secund),
      notas: JSON.stringify(notas),
      link_capa: linkCapa,
      acesso_remoto: online ? "cr" : null,
      possui_acessibilidade: accessible ? "S" : "N",
    },
    links,
    headingKeys: [...headingKeys].filter(Boolean),
    untitled,
  };
}

/**
 * Stable source key: 003 + 001; without 003, the 001 plus a hash of the title (001 alone collides
 * across catalogues); without 001, a hash of the bibliographic content (005 and local 9XX/holdings
 * fields left out, so the same record with or without items gets the same key).
 */
export function sourceKey(rec: MarcRecord, prefix = ""): string {
  const c001 = controlValue(rec, "001")?.trim();
  const c003 = controlValue(rec, "003")?.trim();
  if (c001 && c003) return `${prefix}${c003}:${c001}`;
  const hash = (s: string) => crypto.createHash("sha1").update(s).digest("hex").slice(0, 16);
  if (c001) {
    const t = dataFields(rec, /^(245|1\d\d)$/)
      .map((f) => normalizeHeading(f.subfields.map((s) => s.value).join(" ")))
      .join("|");
    return `${prefix}001:${c001}:${hash(t)}`;
  }
  const content = rec.fields
    .filter((f) => f.tag !== "005" && !/^(9\d\d|85[0-9]|87[6-8])$/.test(f.tag))
    .map((f) =>
      isDataField(f) ? `${f.tag}${f.ind1}${f.ind2}${f.subfields.map((s) => s.code + normalizeHeading(s.value)).join("")}` : f.tag + f.value.trim(),
    )
    .join("\n");
  return `${prefix}h:${hash(content)}`;
}

/** One copy (`exemplar`) read from the item fields. */
export interface CopyData {
  codigo_barras: string | null;
  library: string | undefined;
  localizacao: string | null;
  chamada: string | null;
  situacao: string;
  volume: string | null;
  tipo_emprestimo: string;
}

/** Maps a free-text or coded item status onto exemplar.situacao. */
export function mapStatus(s: string | undefined): string {
  const v = (s ?? "").toLowerCase();
  if (!v || (/avail|dispon|on shelf|reshelv|in process/.test(v) && !/not avail|indispon/.test(v)))
    return v.includes("in process") ? "indisponivel" : "disponivel";
  if (/checked ?out|on ?loan|emprest|due/.test(v)) return "emprestado";
  if (/transit|tr[aâ]nsito/.test(v)) return "transito";
  if (/hold|reserv/.test(v)) return "reservado";
  return "indisponivel";
}

/** Reads the copies of a bibliographic record from 952 (Koha), 852 (Evergreen/standard), 949 and 999 (Sirsi/Unicorn, ABCD). */
export function mapCopies(rec: MarcRecord): CopyData[] {
  const out: CopyData[] = [];
  for (const f of dataFields(rec, "952")) {
    const lost = subfield(f, "1"),
      withdrawn = subfield(f, "0"),
      damaged = subfield(f, "4"),
      notForLoan = subfield(f, "7");
    let situacao = "disponivel";
    if (subfield(f, "q")) situacao = "emprestado";
    if ([lost, withdrawn, damaged].some((x) => x && x !== "0")) situacao = "indisponivel";
    out.push({
      codigo_barras: subfield(f, "p")?.trim() || null,
      library: subfield(f, "a") ?? subfield(f, "b"),
      localizacao: subfield(f, "c") ?? null,
      chamada: trimIsbd(subfield(f, "o")) || null,
      situacao,
      volume: subfield(f, "h") ?? null,
      tipo_emprestimo: notForLoan && notForLoan !== "0" ? "consulta_local" : "normal",
    });
  }
  for (const f of dataFields(rec, "852")) {
    const barcode = subfield(f, "p")?.trim() || subfield(f, "x")?.match(/accession no\.?:?\s*(\S+)/i)?.[1] || null;
    const call = joinSub(f, "khijm") || null;
    // An 852 with neither barcode nor call number is a location statement, not a copy.
    if (!barcode && !call && !subfield(f, "a")) continue;
    const flags = subfieldValues(f, "x").join(" ");
    out.push({
      codigo_barras: barcode,
      library: subfield(f, "b") ?? subfield(f, "a"),
      localizacao: subfield(f, "c") ?? null,
      chamada: call,
      situacao: mapStatus(subfield(f, "s") ?? subfield(f, "z")),
      volume: subfield(f, "t") ? `c. ${subfield(f, "t")}` : null,
      tipo_emprestimo: /\breference\b/.test(flags.replace("nonreference", "")) ? "consulta_local" : "normal",
    });
  }
  for (const tag of ["949", "999"]) {
    for (const f of dataFields(rec, tag)) {
      if (f.ind1 === "f" && f.ind2 === "f") continue; // FOLIO instance ids
      const sirsi = subfield(f, "i");
      const abcd = !sirsi && subfield(f, "a") && subfield(f, "y") && /^\d{8}$/.test(subfield(f, "y") ?? "");
      if (!sirsi && !abcd) continue;
      const current = subfield(f, "k");
      out.push({
        codigo_barras: (sirsi ?? subfield(f, "a"))!.trim(),
        library: sirsi ? subfield(f, "m") : undefined,
        localizacao: sirsi ? (subfield(f, "l") ?? null) : null,
        chamada: sirsi ? trimIsbd(subfield(f, "a")) || null : null,
        situacao: current ? mapStatus(current.replace(/checkedout/i, "checked out").replace(/intransit/i, "transit")) : "disponivel",
        volume: subfield(f, "v") ?? null,
        tipo_emprestimo: "normal",
      });
    }
  }
  return out;
}

/** The `autoridade` columns derived from an authority record. */
export interface AuthorityData {
  tipo: number;
  cabecalho: string;
  cabecalho_normalizado: string;
  remissivas_normalizadas: string;
  ver: string;
  ver_tambem: string;
  notas: string;
}

const AUTH_TYPES: Record<string, number> = { "00": 1, "03": 1, "10": 2, "11": 3, "30": 4, "50": 5, "51": 6, "55": 7, "48": 8 };

/** Maps an authority record (1XX heading, 4XX see-from, 5XX see-also); undefined when it has no heading. */
export function mapAuthority(rec: MarcRecord): AuthorityData | undefined {
  const h = dataFields(rec, /^1\d\d$/).find((f) => AUTH_TYPES[f.tag.slice(1)] || f.tag[1] === "8");
  if (!h) return undefined;
  const suffix = h.tag.slice(1);
  const tipo = AUTH_TYPES[suffix] ?? (suffix.startsWith("8") ? 9 : undefined);
  if (!tipo) return undefined;
  const heading = (f: DataField) => (f.tag.slice(1, 2) === "8" ? joinSub(f, "vxyz", " -- ") : subjectParts(f).full);
  const cabecalho = heading(h);
  if (!cabecalho) return undefined;
  return {
    tipo,
    cabecalho,
    cabecalho_normalizado: normalizeHeading(cabecalho),
    ver: JSON.stringify(uniq(dataFields(rec, /^4\d\d$/).map(heading))),
    // Folded like the heading, so the authority search matches see-from references too (migration 008).
    remissivas_normalizadas: uniq(dataFields(rec, /^4\d\d$/).map(heading))
      .map(normalizeHeading)
      .join(" | "),
    ver_tambem: JSON.stringify(uniq(dataFields(rec, /^5\d\d$/).map(heading))),
    notas: JSON.stringify(uniq(dataFields(rec, /^(66\d|67[0-9]|68\d)$/).map((f) => joinSub(f, "abiu")))),
  };
}
