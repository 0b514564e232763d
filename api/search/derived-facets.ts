/**
 * The facet values a title carries for the types derived from its catalogue data (ADR 068): R repository,
 * P place of publication, C collection (series), A author, E publisher, S subject. Pure functions: the
 * indexer stores their result in `acervo_faceta` / `faceta_valor` (api/db/search.ts).
 */
import { fold } from "./text.ts";
import { cleanHeading } from "../../contract/headings.ts";

/** The derived facet types (stored per title); T, Y, I, X, K, B are read from the title and its copies. */
export const DERIVED_FACET_TYPES = ["R", "P", "C", "A", "E", "S"] as const;
export type DerivedFacetType = (typeof DERIVED_FACET_TYPES)[number];

/** Longest code of a derived value (a folded key; a repository's domain). */
export const FACET_KEY_MAX = 60;

/** A derived code: letters (any script), digits, dots and hyphens, as `facetKey` and `repositoryOf` make them. */
export const DERIVED_CODE = new RegExp(`^[\\p{L}\\p{N}][\\p{L}\\p{N}.-]{0,${FACET_KEY_MAX - 1}}$`, "u");

/** One derived facet value of a title: its stable code and the label shown. */
export interface DerivedValue {
  tipo: DerivedFacetType;
  codigo: string;
  descricao: string;
}

/** What the derivation reads from a title: its columns, its MARC-in-JSON record and its links. */
export interface FacetSource {
  autor: string | null;
  autores_secundarios: string;
  assuntos: string;
  editora: string | null;
  local_publicacao: string | null;
  serie: string | null;
  /** MARC-in-JSON, as stored in `acervo.marc` or already parsed. */
  marc: string | MarcJson | null;
  links: string[];
}

/** A MARC-in-JSON record as parsed: what the index reads from it (leader, fields). */
export interface MarcJson {
  leader?: string;
  fields?: Array<Record<string, unknown>>;
}

/** A stored MARC-in-JSON record parsed once for the index rules that read it; null when it is not JSON. */
export function marcObject(marc: string | MarcJson | null): MarcJson | null {
  if (typeof marc !== "string") return marc;
  try {
    const parsed: unknown = JSON.parse(marc);
    return typeof parsed === "object" && parsed !== null ? (parsed as MarcJson) : null;
  } catch {
    return null;
  }
}

/**
 * The stable code of a heading: folded (no case, no accents), every run of other characters a hyphen
 * ("São Paulo" → "sao-paulo", "Silva, João, 1950-" → "silva-joao-1950"). Survives re-imports and URLs.
 */
export function facetKey(value: string): string {
  return fold(value)
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, FACET_KEY_MAX)
    .replace(/-+$/, "");
}

/** A heading without ISBD brackets, parentheses and trailing punctuation (shared with the portal's heading links). */
export { cleanHeading };

// "Sine loco" / "sine nomine" and their RDA phrasings: no place or publisher, not a value.
const NO_PLACE =
  /^(s\.? ?l\.?|sine loco|local n[aã]o identificado|lugar no identificado|place of publication not identified|lieu de publication non identifi[eé])$/i;
const NO_PUBLISHER =
  /^(s\.? ?n\.?|sine nomine|editora n[aã]o identificada|editor no identificado|publisher not identified|[eé]diteur non identifi[eé])$/i;

function jsonList(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** The place of publication: the city before a comma ("New York, NY" → "New York"). */
export function placeOf(local: string | null): string | null {
  const v = cleanHeading((local ?? "").split(/[,;:]/)[0] ?? "");
  return v && !NO_PLACE.test(v) ? v : null;
}

/** The publisher, without "s.n." and ISBD punctuation. */
export function publisherOf(editora: string | null): string | null {
  const v = cleanHeading(editora ?? "");
  return v && !NO_PUBLISHER.test(v) ? v : null;
}

/** The collection (series title) without its numbering ("(Estudos Brasileiros ; ; 84)" → "Estudos Brasileiros"). */
export function collectionOf(serie: string | null): string | null {
  const v = cleanHeading((serie ?? "").split(";")[0] ?? "");
  return v || null;
}

/** The main heading of a subject ("Democracia -- Brasil" → "Democracia"). */
export function subjectOf(assunto: string): string | null {
  const v = cleanHeading(assunto.split(/\s--\s?/)[0] ?? "");
  return v || null;
}

// Second-level domains under which an organisation's domain has three labels (gov.br, co.uk…).
const SECOND_LEVEL = /^(com|gov|org|edu|net|ac|co|mil|nic|art|leg|jus|mp|usp|unicamp)$/;

/** Known hosts of online copies and their names (by registrable domain). */
export const REPOSITORIES: Record<string, string> = {
  "loc.gov": "Library of Congress",
  "fao.org": "FAO",
  "ebscohost.com": "EBSCOhost",
  "springer.com": "SpringerLink",
  "scholarsportal.info": "Scholars Portal",
  "archive.org": "Internet Archive",
  "hathitrust.org": "HathiTrust",
  "jstor.org": "JSTOR",
  "scielo.br": "SciELO",
  "doi.org": "DOI",
  "handle.net": "Handle.Net",
  "gutenberg.org": "Project Gutenberg",
  "capes.gov.br": "Portal de Periódicos CAPES",
  "ibict.br": "IBICT (BDTD)",
  "bn.gov.br": "Biblioteca Nacional Digital",
  "dominiopublico.gov.br": "Domínio Público",
  "minhabiblioteca.com.br": "Minha Biblioteca",
  "bvirtual.com.br": "Biblioteca Virtual Pearson",
  "grupoa.com.br": "Grupo A",
  "proquest.com": "ProQuest",
  "sciencedirect.com": "ScienceDirect",
  "wiley.com": "Wiley Online Library",
  "europeana.eu": "Europeana",
  "gallica.bnf.fr": "Gallica",
  "bnf.fr": "BnF",
  "amazon.com": "Amazon",
  "google.com": "Google Books",
  "lexisnexis.com": "LexisNexis",
};

/** Domains of one repository under another name: they count as the first. */
const SAME_REPOSITORY: Record<string, string> = {
  "amazon.co.uk": "amazon.com",
  "digitalpages.com.br": "bvirtual.com.br",
  "scielo.org": "scielo.br",
  "springer-ny.com": "springer.com",
};

/**
 * The repository of an online copy's address: a proxied address (`…?url=…`) is unwrapped, then the
 * registrable domain ("www.loc.gov", "hdl.loc.gov" → "loc.gov") is the code and a known name the label.
 */
export function repositoryOf(url: string): { codigo: string; descricao: string } | null {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return null;
  }
  const inner = u.searchParams.get("url") ?? u.searchParams.get("qurl");
  if (inner && /^https?:\/\//i.test(inner)) return repositoryOf(inner);
  if (!/^(https?|ftp):$/.test(u.protocol) || !u.hostname.includes(".") || /^[\d.]+$/.test(u.hostname)) return null;
  const labels = u.hostname.toLowerCase().replace(/\.$/, "").split(".");
  if (labels.length >= 3 && `${labels.at(-3)}.${labels.at(-2)}.${labels.at(-1)}` in REPOSITORIES) {
    const codigo = labels.slice(-3).join(".");
    return { codigo, descricao: REPOSITORIES[codigo] };
  }
  const keep = labels.length >= 3 && SECOND_LEVEL.test(labels.at(-2)!) && labels.at(-1)!.length === 2 ? 3 : 2;
  const domain = labels.slice(-keep).join(".").slice(0, FACET_KEY_MAX);
  const codigo = SAME_REPOSITORY[domain] ?? domain;
  return { codigo, descricao: REPOSITORIES[codigo] ?? codigo };
}

/** The 856 addresses of a MARC-in-JSON record that point at related resources (ind2 2: contents, reviews…), not the item. */
export function relatedLinks(marc: string | MarcJson | null): Set<string> {
  const out = new Set<string>();
  const rec = marcObject(marc);
  // Not MARC-in-JSON: every link counts.
  for (const f of Array.isArray(rec?.fields) ? rec.fields : []) {
    const body = f["856"] as { ind2?: string; subfields?: Array<Record<string, string>> } | undefined;
    if (!body || body.ind2 !== "2") continue;
    for (const sf of body.subfields ?? []) if (sf.u) out.add(sf.u.trim());
  }
  return out;
}

/** Every derived facet value of a title, without duplicates. */
export function derivedFacets(src: FacetSource): DerivedValue[] {
  const out = new Map<string, DerivedValue>();
  const add = (tipo: DerivedFacetType, label: string | null) => {
    if (!label) return;
    const codigo = facetKey(label);
    if (codigo && !out.has(`${tipo}:${codigo}`)) out.set(`${tipo}:${codigo}`, { tipo, codigo, descricao: label.slice(0, 200) });
  };
  const related = src.links.length ? relatedLinks(src.marc) : new Set<string>();
  for (const url of src.links) {
    if (related.has(url.trim())) continue;
    const r = repositoryOf(url);
    if (r && !out.has(`R:${r.codigo}`)) out.set(`R:${r.codigo}`, { tipo: "R", ...r });
  }
  add("P", placeOf(src.local_publicacao));
  add("C", collectionOf(src.serie));
  for (const name of [src.autor, ...jsonList(src.autores_secundarios)]) add("A", name ? cleanHeading(name) : null);
  add("E", publisherOf(src.editora));
  for (const s of jsonList(src.assuntos)) add("S", subjectOf(s));
  return [...out.values()];
}
