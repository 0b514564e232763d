/** Pure helpers for the search page's URLs and pagination (shared by server and client). */

/**
 * Returns `?query` for the current query string with `changes` applied
 * (`null` removes a parameter), keeping every other parameter as it was.
 */
export function withParams(search: string | URLSearchParams, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** The search URL for one subject heading (used by the title page's subject links). */
export function subjectSearchHref(subject: string): string {
  return `/${withParams("", { termo: subject, tipo: "assunto" })}`;
}

/** Number of pages for `total` hits shown `perPage` at a time (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

/**
 * The page numbers a pagination bar shows: the first, the last, and `radius` pages either side
 * of the current one, with "gap" where numbers are skipped. A gap never hides just one page.
 */
export function pageWindow(current: number, total: number, radius = 2): Array<number | "gap"> {
  if (total <= 1) return [1];
  const pages = new Set<number>([1, total]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  for (const p of sorted) {
    const prev = out.length ? (out[out.length - 1] as number) : 0;
    if (out.length && p - prev === 2) out.push(prev + 1);
    else if (out.length && p - prev > 2) out.push("gap");
    out.push(p);
  }
  return out;
}
