/**
 * The catalogue's vocabulary named in the patron's language (issue 26): work types by their code, areas of
 * knowledge by their class (DDC main class or LC class letter) and debit service types by the library's word.
 * The API names these in Portuguese (work types, services) or in its nearest language (areas: English for French
 * and Italian), so the portal keeps its own names in `locales/<lang>/vocabulary.json` and falls back to the API's
 * label for a code it does not know (an institution may add its own work types).
 */

/** The `t` this module needs: a key and a default value, answering a string. */
export type VocabularyT = (key: string, options: { defaultValue: string }) => string;

export type VocabularyKind = "workType" | "area" | "serviceType";

/** A term as shown: the text, and whether the portal translated it (else it is the API's label, in its language). */
export interface VocabularyTerm {
  text: string;
  translated: boolean;
}

/** The key of a debit's service type: the library's word folded ("Reposição" → "reposicao"). */
function serviceKey(label: string): string {
  return label
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, "_");
}

/** The key under `vocabulary:` of a code of a kind, or null when the code cannot be one (a malformed value). */
function keyOf(kind: VocabularyKind, code: string | number | null | undefined, label: string): string | null {
  if (kind === "serviceType") {
    const k = serviceKey(label);
    return k ? `serviceType.${k}` : null;
  }
  if (code === null || code === undefined) return null;
  const c = String(code).trim();
  if (kind === "workType") return /^\d{1,6}$/.test(c) ? `workType.${Number(c)}` : null;
  if (/^\d$/.test(c)) return `area.ddc.${c}`;
  if (/^[A-Z]$/.test(c)) return `area.lc.${c}`;
  return null;
}

/**
 * The patron's-language name of a work type (code `cod_tipo_obra`), an area (code: its class, "3" or "K") or a
 * debit's service type (the code is its label); the API's `label` when the portal has no name for it.
 */
export function vocabularyTerm(t: VocabularyT, kind: VocabularyKind, code: string | number | null | undefined, label: string): VocabularyTerm {
  const key = keyOf(kind, code, label);
  const name = key ? t(`vocabulary:${key}`, { defaultValue: "" }) : "";
  if (!name) return { text: label, translated: false };
  if (kind !== "area") return { text: name, translated: true };
  const c = String(code).trim();
  // The class keeps its notation in front, as the API writes it ("300 – Ciências sociais", "K – Direito").
  return { text: /^\d$/.test(c) ? `${c}00 – ${name}` : `${c} – ${name}`, translated: true };
}

/** `vocabularyTerm`'s text only, for a loader that hands the page plain strings. */
export function vocabularyText(t: unknown, kind: VocabularyKind, code: string | number | null | undefined, label: string): string {
  return vocabularyTerm(t as VocabularyT, kind, code, label).text;
}
