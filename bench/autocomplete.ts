/**
 * The search box's suggestions (issue 28; ADR 242) at the bench's catalogue size: `GET /api/consulta/autocompletar`
 * in-process, for a short, a middle and a long prefix, the API's time and the raw lookup's. Called by
 * bench/search-100k.ts on the catalogue it built.
 */
import { autocomplete, AUTOCOMPLETE_KINDS } from "../api/search/index.ts";
import type { Db } from "../api/db/index.ts";

type App = { request: (url: string, init?: RequestInit) => Response | Promise<Response> };

const PREFIXES = ["hi", "hist", "historia do", "silva", "pol"];

function percentile(sorted: number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 100) / 100;
}

async function timeIt(runs: number, fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Markdown lines of the autocomplete's table. */
export async function benchAutocomplete(app: App, db: Db, auth: Record<string, string>, runs = 40): Promise<string[]> {
  const rows: string[] = [];
  for (const prefix of PREFIXES) {
    const url = `/api/consulta/autocompletar?termo=${encodeURIComponent(prefix)}`;
    const first = await app.request(url, { headers: auth });
    if (first.status !== 200) throw new Error(`${url}: ${first.status}`);
    const n = ((await first.json()) as { sugestoes: unknown[] }).sugestoes.length;
    const api = await timeIt(runs, async () => (await app.request(url, { headers: auth })).json());
    const raw = await timeIt(runs, () => autocomplete(db, prefix, AUTOCOMPLETE_KINDS, 8));
    rows.push(`| "${prefix}" | ${n} | ${api.p50} | ${api.p95} | ${raw.p50} | ${raw.p95} |`);
  }
  return [
    "Search-box suggestions (GET /api/consulta/autocompletar, in-process):",
    "",
    "| prefix | suggestions | API p50 | p95 | raw lookup p50 | p95 |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
    "Times in ms (wall clock). Target: p95 well under the 200 ms the client waits after a keystroke.",
  ];
}
