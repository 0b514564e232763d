/**
 * The options of the archive, normative-acts and case-law tabs (ADR 065): which fields each tab's form
 * offers, how their values look, and the words that name a kind of act or decision. Pure: the SQL lives
 * in api/db/search-options.ts.
 */
import type { Lang } from "../lib/messages.ts";
import type { ScopeField } from "./scope-options.ts";

/** Tabs with options of their own, by their endpoint's field names. */
export const TAB_OPTION_FIELDS = {
  arquivo: ["material", "decada"],
  atos: ["especie", "ano"],
  jurisprudencia: ["tribunal", "decisao"],
} as const;

export type OptionTab = keyof typeof TAB_OPTION_FIELDS;
export type OptionField = (typeof TAB_OPTION_FIELDS)[OptionTab][number];

/** Selected options of a search, by field (one value each): the tab's own, and the search-wide scope fields (scope-options.ts). */
export type TabOptionValues = Partial<Record<OptionField | ScopeField, string>>;

/**
 * A kind of act or decision: the words that name it in a title or a subject heading. `_` stands for the
 * one character that may be accented ("legisla__o" is "legislação" and "legislacao"), as in SQL LIKE.
 */
export interface Kind {
  codigo: string;
  words: string[];
}

/** Kinds of normative act. A title may be of several kinds (a collection of the Constitution and codes). */
export const ACT_KINDS: Kind[] = [
  { codigo: "constituicao", words: ["constitui__o", "constitution", "constituci_n", "emenda constitucional"] },
  { codigo: "codigo", words: ["c_digo", "c_digos", "consolida__o", "code", "codes"] },
  { codigo: "lei", words: ["lei", "leis", "statutes", "laws", "ley", "leyes"] },
  { codigo: "decreto", words: ["decreto", "decretos", "decrees", "decree"] },
  { codigo: "portaria", words: ["portaria", "portarias"] },
  { codigo: "resolucao", words: ["resolu__o", "resolu__es", "resoluci_n", "resolution", "resolutions"] },
  { codigo: "instrucao", words: ["instru__o normativa", "instru__es normativas"] },
];

/** Kinds of court decision. */
export const DECISION_KINDS: Kind[] = [
  { codigo: "acordao", words: ["ac_rd_o", "ac_rd_os"] },
  { codigo: "sumula", words: ["s_mula", "s_mulas"] },
  { codigo: "sentenca", words: ["senten_a", "senten_as", "sentencia", "sentencias"] },
  { codigo: "monocratica", words: ["decis_o monocr_tica", "decis_es monocr_ticas"] },
];

const LABELS: Record<string, Record<Lang, string>> = {
  material: { pt: "Tipo de material", es: "Tipo de material", en: "Kind of material" },
  decada: { pt: "Década", es: "Década", en: "Decade" },
  especie: { pt: "Espécie de ato", es: "Tipo de acto", en: "Kind of act" },
  ano: { pt: "Ano", es: "Año", en: "Year" },
  tribunal: { pt: "Tribunal ou órgão", es: "Tribunal u órgano", en: "Court or body" },
  decisao: { pt: "Tipo de decisão", es: "Tipo de decisión", en: "Kind of decision" },
  constituicao: { pt: "Constituição e emendas", es: "Constitución y enmiendas", en: "Constitution and amendments" },
  codigo: { pt: "Código ou consolidação", es: "Código o compilación", en: "Code or consolidation" },
  lei: { pt: "Lei", es: "Ley", en: "Statute" },
  decreto: { pt: "Decreto", es: "Decreto", en: "Decree" },
  portaria: { pt: "Portaria", es: "Orden ministerial", en: "Ordinance" },
  resolucao: { pt: "Resolução", es: "Resolución", en: "Resolution" },
  instrucao: { pt: "Instrução normativa", es: "Instrucción normativa", en: "Normative instruction" },
  acordao: { pt: "Acórdão", es: "Sentencia de tribunal colegiado", en: "Appellate judgment" },
  sumula: { pt: "Súmula", es: "Jurisprudencia consolidada", en: "Binding precedent" },
  sentenca: { pt: "Sentença", es: "Sentencia", en: "Trial judgment" },
  monocratica: { pt: "Decisão monocrática", es: "Decisión unipersonal", en: "Single-judge decision" },
};

/** The label of a field or a kind code in the API's language. */
export function optionLabel(code: string, lang: Lang): string {
  return LABELS[code]?.[lang] ?? code;
}

/** The label of a decade option ("1990–1999"). */
export function decadeLabel(decade: number): string {
  return `${decade}–${decade + 9}`;
}

const VALUE_RULES: Record<OptionField, (v: string) => boolean> = {
  material: (v) => /^\d{1,6}$/.test(v),
  decada: (v) => /^\d{3}0$/.test(v),
  especie: (v) => ACT_KINDS.some((k) => k.codigo === v),
  ano: (v) => /^\d{4}$/.test(v),
  // A court is named by its heading as catalogued (the option's own code).
  tribunal: (v) => v.trim().length > 0 && v.length <= 200,
  decisao: (v) => DECISION_KINDS.some((k) => k.codigo === v),
};

/** True when a code names a tab with options. */
export function isOptionTab(guia: string | undefined): guia is OptionTab {
  return guia === "arquivo" || guia === "atos" || guia === "jurisprudencia";
}

/**
 * Reads the tab's own option fields from a query (fields of other tabs are ignored, so switching tab
 * with the same URL keeps searching). Empty values mean "any". Returns the selection and the fields
 * whose value is malformed (the route answers 422 for those).
 */
export function parseTabOptions(
  guia: string | undefined,
  query: Record<string, string | undefined>,
): { selected: TabOptionValues; invalid: OptionField[] } {
  const selected: TabOptionValues = {};
  const invalid: OptionField[] = [];
  if (!isOptionTab(guia)) return { selected, invalid };
  for (const field of TAB_OPTION_FIELDS[guia]) {
    const v = query[field]?.trim();
    if (!v) continue;
    if (VALUE_RULES[field](v)) selected[field] = v;
    else invalid.push(field);
  }
  return { selected, invalid };
}

/**
 * LIKE patterns that find a kind's words as whole words in lower-cased text made of a title and a
 * JSON list of subjects (words start after a space or a quote, end before a space, quote or punctuation).
 */
export function kindPatterns(kind: Kind): string[] {
  return kind.words.flatMap((w) => [" ", '"'].flatMap((before) => [" ", '"', ",", ".", ";", ":", "-"].map((after) => `%${before}${w}${after}%`)));
}
