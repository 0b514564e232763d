import type { MarcRecord } from "../marc/types.ts";
import { dataFields } from "../marc/types.ts";

/** One index or abstracting service a title is covered by. */
export interface IndexedIn {
  nome: string;
  cobertura: string | null;
  url: string | null;
}

/**
 * Where a title is indexed ("indexed in", spec §7 `acervos-indexados`): MARC 21 field 510 (citation/references
 * note): $a the service, $b coverage, $c location in the source, $u its address. Duplicates are dropped.
 */
export function indexedIn(marc: MarcRecord): IndexedIn[] {
  const seen = new Set<string>();
  const out: IndexedIn[] = [];
  for (const f of dataFields(marc, "510")) {
    const sub = (code: string) =>
      f.subfields
        .find((s) => s.code === code)
        ?.value.trim()
        .replace(/[.,;:]$/, "") || null;
    const nome = sub("a");
    if (!nome || seen.has(nome.toLowerCase())) continue;
    seen.add(nome.toLowerCase());
    const url = sub("u");
    out.push({ nome, cobertura: [sub("b"), sub("c")].filter(Boolean).join(", ") || null, url: url && /^https?:\/\//.test(url) ? url : null });
  }
  return out;
}
