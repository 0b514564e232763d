/**
 * The authors of a citation and what kind of name each is, so the ABNT reference and the CSL-based formats
 * (APA, RIS, BibTeX) invert a person's name and write a corporate body's as the body's name. The kind comes
 * from the title's stored MARC (the importer fills `autor` from 100/110/111 and `autores_secundarios` from
 * 700/710/711), and only without it from the name's shape.
 */
import { headingKey } from "../../contract/headings.ts";
import { parseMarc, trimIsbd } from "./marc-view.ts";

export interface CitationName {
  /** The heading as catalogued ("Freire, Paulo, 1921-1997", "Brasil. Ministério da Educação"). */
  name: string;
  /**
   * `person`: a surname first ("Freire, Paulo"; MARC X00 first indicator 1); `direct`: a person entered under
   * the forename or a family name ("Pedro II, Imperador do Brasil"; X00 indicator 0 or 3); `body`: a corporate
   * body, jurisdiction or meeting (X10, X11).
   */
  kind: "person" | "direct" | "body";
  /** A body's hierarchy: the body or jurisdiction, then each subordinate unit ("Brasil", "Ministério da Educação"). */
  units?: string[];
}

/** The subfields each kind of name heading is read from (the importer's, api/marc/map.ts nameHeading). */
const HEADING_CODES: Record<string, string> = { "00": "abcdq", "10": "abcdgn", "11": "acdgnq" };

interface NameField {
  key: string;
  kind: CitationName["kind"];
  units?: string[];
}

/** The 1XX/7XX name fields of a stored MARC-in-JSON record, keyed like the headings they gave. */
function nameFields(marc: string | null | undefined): NameField[] {
  const out: NameField[] = [];
  for (const field of parseMarc(marc).fields ?? []) {
    for (const [tag, value] of Object.entries(field)) {
      const codes = /^[17](00|10|11)$/.test(tag) && typeof value !== "string" ? HEADING_CODES[tag.slice(1)] : undefined;
      if (!codes || typeof value === "string") continue;
      const subfields = (value.subfields ?? []).flatMap((sf) => Object.entries(sf)).filter(([code]) => codes.includes(code));
      const key = headingKey(subfields.map(([, v]) => String(v)).join(" "));
      if (!key) continue;
      if (tag.endsWith("00")) {
        out.push({ key, kind: value.ind1 === "0" || value.ind1 === "3" ? "direct" : "person" });
        continue;
      }
      // A subordinate unit ($b) starts a new part; the other subfields (number, date, place) stay with theirs.
      const units: string[] = [];
      for (const [code, v] of subfields) {
        if (code === "b" || units.length === 0) units.push(String(v));
        else units[units.length - 1] += ` ${String(v)}`;
      }
      out.push({ key, kind: "body", units: units.map((u) => trimIsbd(u.replace(/\s+/g, " ").trim())).filter(Boolean) });
    }
  }
  return out;
}

/**
 * The title's authors (main, then secondary) with their kind. A name found among the record's 1XX/7XX fields
 * takes that field's kind; a name without one (a title catalogued without MARC) is a person when it has a
 * comma ("Souza, Ana") and a body otherwise ("Universidade de Brasília").
 */
export function citationNames(a: { autor: string | null; autores_secundarios: string[]; marc?: string | null }): CitationName[] {
  const fields = nameFields(a.marc);
  return [a.autor, ...a.autores_secundarios]
    .filter((n): n is string => !!n && n.trim().length > 0)
    .map((name) => {
      const key = headingKey(name);
      const field = fields.find((f) => f.key === key);
      if (field) return { name, kind: field.kind, ...(field.units?.length ? { units: field.units } : {}) };
      return { name, kind: name.includes(",") ? "person" : "body" };
    });
}

/** A person's heading without its dates ("Freire, Paulo, 1921-1997" → "Freire, Paulo"). */
export function withoutDates(name: string): string {
  return trimIsbd(name.replace(/,?\s*\(?\d{4}-?(\d{4})?\)?\.?\s*$/u, "")).trim();
}
