import { trimIsbd, type MarcJson } from "./marc-view.ts";

/** One entry of a table of contents. */
export interface ContentsEntry {
  titulo: string;
  autor: string | null;
  pagina: string | null;
}

/**
 * The table of contents of MARC 505 fields. Enhanced 505s give one entry per $t (with its $r
 * responsibility and $g page); basic ones are split at " -- " (AACR2/ISBD), or at "; " when the
 * cataloguer used semicolons.
 */
export function contentsFromMarc(marc: MarcJson): ContentsEntry[] {
  const out: ContentsEntry[] = [];
  for (const field of marc.fields ?? []) {
    const f = field["505"];
    if (!f || typeof f === "string") continue;
    const subs = (f.subfields ?? []).flatMap((sf) => Object.entries(sf).map(([code, v]) => [code, String(v)] as const));
    if (subs.some(([code]) => code === "t")) {
      for (const [code, value] of subs) {
        const last = out[out.length - 1];
        if (code === "t") out.push({ titulo: clean(value), autor: null, pagina: null });
        else if (code === "r" && last) last.autor = clean(value) || null;
        else if (code === "g" && last) last.pagina = clean(value) || null;
      }
      continue;
    }
    const text = subs
      .filter(([code]) => code === "a")
      .map(([, v]) => v)
      .join(" ");
    const parts = text.includes(" -- ") ? text.split(/\s+--\s+/u) : text.split(/;\s+/u);
    for (const p of parts.map(clean)) if (p) out.push({ titulo: p, autor: null, pagina: null });
  }
  return out.filter((e) => e.titulo);
}

function clean(text: string): string {
  return trimIsbd(
    text
      .replace(/\s+/gu, " ")
      .replace(/\s*--\s*$/u, "")
      .trim(),
  );
}
