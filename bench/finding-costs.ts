/**
 * What finding a book costs beyond the search itself (issue 28), on the realistic catalogue. Alone:
 * `npx tsx bench/finding-costs.ts` (not part of `npm test`; part of `npm run bench` with BENCH_REALISTIC=1).
 *
 * Builds BENCH_TITLES (100,000) records with `bench/realistic-catalogue.ts` (seed BENCH_SEED, 27) and imports them
 * through `importFiles`, or reuses the catalogue `bench/realistic-search.ts` keeps in BENCH_DB_DIR (same folder:
 * one per count and seed). A share of the copies is then put on loan (every copy whose id ends in 0–3 in base 10:
 * the generated catalogue has every copy on the shelf, and "available now" would filter nothing). Then, in-process
 * through the API (`app.request`), BENCH_RUNS (30) interleaved rounds after BENCH_WARMUP (10) of warm-up, CPU time of the process
 * (`process.cpuUsage`) and wall time, p50/p95, of:
 * - the search box's suggestions (`/api/consulta/autocompletar`) for a common, a rare, a two-letter, a
 *   multi-word and an accented prefix, and one that matches nothing;
 * - a title's other editions (`/api/acervo/{id}/edicoes`) and "more like this" (`/api/acervo/{id}/semelhantes`),
 *   for titles with many and with few neighbours;
 * - "available now" (`disponivel`, at any library and at one library) on a broad, a middle and a selective search
 *   (`/api/consulta` and its facets `/api/consulta/filtros`, text-pass cache emptied: a query's first search),
 *   beside the same searches without it;
 * - the two reads a results page adds for its hits, raw: the "N editions" count (`editionCounts`) and where the
 *   copies are (`copySummaries`), for a page of 20 and of 100 hits.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createApiApp } from "../api/app.ts";
import { openDatabase, type Db } from "../api/db/index.ts";
import { migrateToLatest } from "../api/db/migrate.ts";
import { importFiles } from "../api/marc/import.ts";
import { seedInstitution } from "../api/seed/institution.ts";
import { clearSearchCache, copySummaries, editionCounts, facetColumns, indexTitles } from "../api/search/index.ts";
import { shapeTable, writeRealisticFile, type Shape } from "./realistic-catalogue.ts";

const root = path.resolve(import.meta.dirname, "..");
const TITLES = Number(process.env.BENCH_TITLES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const SEED = Number(process.env.BENCH_SEED ?? 27);
/**
 * Unmeasured rounds first (BENCH_WARMUP): a process's first facet counts after a start cost two to three times the
 * later ones (at a million titles, the counting and sorting functions run unoptimized for about six calls, then V8
 * compiles them), and with 3 rounds of warm-up those calls were the p95 of every facet case. A server reaches the
 * steady state after its first few searches; the first calls' cost is printed apart.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);

const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: pct(s, 50), p95: pct(s, 95) };
};
const f = (n: number | undefined) => (n === undefined ? "—" : n < 10 ? n.toFixed(2) : n.toFixed(1));
const n = (x: number) => x.toLocaleString("en");

/** One timed case: what it calls, and what its answer says (hits, suggestions…) for the table. */
interface Case {
  group: string;
  name: string;
  what: string;
  run: () => Promise<string>;
}

/** Opens the kept catalogue of this count and seed, or generates and imports it (kept when BENCH_DB_DIR is set). */
export async function realisticCatalogue(say: (s: string) => void): Promise<{ db: Db; shape: Shape; work: string; keep: boolean }> {
  const keep = process.env.BENCH_DB_DIR ? path.resolve(process.env.BENCH_DB_DIR, `realistic-${TITLES}-${SEED}`) : null;
  if (keep) fs.mkdirSync(keep, { recursive: true });
  const work = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), "estante-finding-"));
  const shapeFile = path.join(work, "shape.json");
  const db = openDatabase({ dataDir: path.join(work, "db") });
  await migrateToLatest(db);
  if (keep && fs.existsSync(shapeFile)) {
    const shape = JSON.parse(fs.readFileSync(shapeFile, "utf8")) as Shape;
    say(`Reusing the catalogue of ${n(TITLES)} records (seed ${SEED}) kept in BENCH_DB_DIR.\n`);
    return { db, shape, work, keep: true };
  }
  const file = path.join(work, "catalogue.mrc");
  let t = performance.now();
  const shape = await writeRealisticFile(file, TITLES, SEED);
  say(
    `Generated ${n(TITLES)} records (${(fs.statSync(file).size / 1e6).toFixed(0)} MB, seed ${SEED}) in ${((performance.now() - t) / 1000).toFixed(1)} s.`,
  );
  await seedInstitution(db);
  t = performance.now();
  const summary = await importFiles(db, [file], { bulk: TITLES >= 50_000, codEmpresa: 1 });
  say(`Imported ${n(summary.imported)} titles, ${n(summary.copies)} copies in ${((performance.now() - t) / 1000).toFixed(1)} s.\n`);
  if (keep) fs.writeFileSync(shapeFile, JSON.stringify(shape));
  return { db, shape, work, keep: keep !== null };
}

/** Editions given to one work when the catalogue has none with many (the generator makes works of one or two). */
const EXTRA_EDITIONS = 59;

/**
 * A work with many editions: when no work has 20 or more, title #1 gets EXTRA_EDITIONS more editions (copies of its
 * row, a year and an edition statement apart), indexed as any writer does (`indexTitles`). Kept in the database.
 */
async function ensureManyEditions(db: Db): Promise<number> {
  const top = await sql<{ n: number }>`
    SELECT count(*) AS n FROM busca_ordem WHERE chave_obra IS NOT NULL GROUP BY chave_obra ORDER BY count(*) DESC LIMIT 1`.execute(db);
  if (Number(top.rows[0]?.n ?? 0) >= 20) return 0;
  const { cod_acervo: _id, ...row } = await db.selectFrom("acervo").selectAll().where("cod_acervo", "=", 1).executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let k = 1; k <= EXTRA_EDITIONS; k++) {
    const r = await db
      .insertInto("acervo")
      .values({ ...row, chave_origem: `${row.chave_origem}-ed${k + 1}`, edicao: `${k + 1}. ed.`, ano_publicacao: 1950 + k })
      .returning("cod_acervo")
      .executeTakeFirstOrThrow();
    ids.push(Number(r.cod_acervo));
  }
  await indexTitles(db, ids);
  return ids.length;
}

/** Titles whose work has the most editions, and one alone. */
async function editionSamples(db: Db): Promise<{ many: { id: number; editions: number }; one: number }> {
  const top = await sql<{ chave_obra: string; n: number }>`
    SELECT chave_obra, count(*) AS n FROM busca_ordem WHERE chave_obra IS NOT NULL
    GROUP BY chave_obra ORDER BY count(*) DESC LIMIT 1`.execute(db);
  const work = top.rows[0];
  const manyId = work
    ? Number(
        (
          await db
            .selectFrom("busca_ordem")
            .select("cod_acervo")
            .where("chave_obra", "=", work.chave_obra)
            .orderBy("cod_acervo")
            .executeTakeFirstOrThrow()
        ).cod_acervo,
      )
    : 1;
  // A title alone: the middle of the catalogue, moved on until its work has a single edition.
  let one = Math.floor(TITLES / 2);
  for (; ; one++) if (((await editionCounts(db, [one])).get(one) ?? 1) === 1) break;
  return { many: { id: manyId, editions: Number(work?.n ?? 1) }, one };
}

/**
 * Titles for "more like this": among 200 spread over the catalogue, the one whose authors and subjects are on the
 * most titles (the bounded fan-out is full) and the one whose are on the fewest.
 */
async function neighbourSamples(db: Db): Promise<{ many: { id: number; reach: number }; few: { id: number; reach: number } }> {
  let many = { id: 1, reach: -1 };
  let few = { id: 1, reach: Infinity };
  for (let k = 0; k < 200; k++) {
    const id = 1 + Math.floor(((k + 0.5) * TITLES) / 200);
    const { rows } = await sql<{ reach: number }>`
      SELECT coalesce(sum(c.n), 0) AS reach FROM acervo_faceta v
      JOIN (SELECT af.cod_valor, count(*) AS n FROM acervo_faceta af
            WHERE af.cod_valor IN (SELECT cod_valor FROM acervo_faceta WHERE cod_acervo = ${id} AND tipo IN ('A', 'S'))
            GROUP BY af.cod_valor) c ON c.cod_valor = v.cod_valor
      WHERE v.cod_acervo = ${id} AND v.tipo IN ('A', 'S')`.execute(db);
    const reach = Number(rows[0]?.reach ?? 0);
    if (reach > many.reach) many = { id, reach };
    if (reach > 0 && reach < few.reach) few = { id, reach };
  }
  return { many, few };
}

export async function runFindingCosts(): Promise<string> {
  const lines: string[] = [];
  const say = (s: string) => {
    lines.push(s);
    console.log(s);
  };
  const { db, shape, work, keep } = await realisticCatalogue(say);
  try {
    say(shapeTable(shape));
    // Some copies on loan, always the same ones (those already on loan stay so: running it again changes nothing).
    const lent = await sql`UPDATE exemplar SET situacao = 'emprestado' WHERE situacao = 'disponivel' AND cod_exemplar % 10 < 4`.execute(db);
    const copies = await sql<{ situacao: string; n: number }>`SELECT situacao, count(*) AS n FROM exemplar GROUP BY situacao`.execute(db);
    const libs = await sql<{ cod_biblioteca: number; n: number }>`
      SELECT cod_biblioteca, count(*) AS n FROM exemplar GROUP BY cod_biblioteca ORDER BY count(*) DESC`.execute(db);
    const lib = libs.rows.at(-1)?.cod_biblioteca ?? 1;
    say(
      `\nCopies: ${copies.rows.map((r) => `${n(Number(r.n))} ${r.situacao}`).join(", ")}${Number(lent.numAffectedRows ?? 0) ? ` (${n(Number(lent.numAffectedRows))} put on loan now)` : ""}; in ${libs.rows.length} libraries, "one library" is #${lib} (${n(Number(libs.rows.at(-1)?.n ?? 0))} copies).`,
    );

    // The facet columns are read in the background after the start (ADR 265); a server counts in them once they
    // are ready, so the timings wait for them (until then the facets past the exact threshold are estimates).
    const started = Date.now();
    while (!(await facetColumns(db))) await new Promise((r) => setTimeout(r, 250));
    say(`Facet columns ready after ${((Date.now() - started) / 1000).toFixed(1)} s.`);

    const app = createApiApp({ db, mailer: { send: async () => {} } });
    const tok = await app.request("/api/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials&client_id=4",
    });
    const auth = { authorization: `Bearer ${((await tok.json()) as { access_token: string }).access_token}` };
    const get = async (url: string) => {
      const res = await app.request(url, { headers: auth });
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };

    const at = (rank: number) => shape.queries[shape.ranks.findIndex((r) => r.rank === rank)]?.word;
    // The broadest word (the first of three letters or more) for the searches; a frequent longer one for the
    // suggestions (rank 10), a rare one, and the start of a real title's first words.
    const common = at(1) ?? "historia";
    const frequent = at(10) ?? common;
    const rare = at(10_000) ?? at(1000) ?? "oceano";
    const first = await db.selectFrom("acervo").select("titulo").where("cod_acervo", "=", 2).executeTakeFirstOrThrow();
    const twoWords = first.titulo.split(/\s+/).slice(0, 3).join(" ").slice(0, 14);
    const cases: Case[] = [];

    // Autocomplete: what a patron's keystrokes send.
    const prefixes: Array<[string, string]> = [
      ["frequent word, 4 letters", frequent.slice(0, 4)],
      ["frequent word, whole", frequent],
      ["two letters", "de"],
      ["two letters", "ma"],
      ["rare word", rare],
      ["a title's first words", twoWords],
      ["accented", "Históri"],
      ["accented", "Ciênc"],
      ["no heading has it", "zzqxw"],
    ];
    for (const [name, p] of prefixes)
      cases.push({
        group: "Suggestions",
        name,
        what: `\`${p}\``,
        run: async () =>
          `${((await get(`/api/consulta/autocompletar?termo=${encodeURIComponent(p)}`)) as { sugestoes: unknown[] }).sugestoes.length} suggestions`,
      });

    // Editions and more like this.
    const added = await ensureManyEditions(db);
    if (added) say(`Title #1 given ${added} more editions (no work had 20).`);
    const ed = await editionSamples(db);
    const nb = await neighbourSamples(db);
    cases.push(
      {
        group: "Other editions",
        name: `work with the most editions (${ed.many.editions})`,
        what: `#${ed.many.id}`,
        run: async () => `${((await get(`/api/acervo/${ed.many.id}/edicoes`)) as unknown[]).length} listed`,
      },
      {
        group: "Other editions",
        name: "a title alone",
        what: `#${ed.one}`,
        run: async () => `${((await get(`/api/acervo/${ed.one}/edicoes`)) as unknown[]).length} listed`,
      },
      {
        group: "More like this",
        name: `many neighbours (authors and subjects on ${n(nb.many.reach)} titles)`,
        what: `#${nb.many.id}`,
        run: async () => `${((await get(`/api/acervo/${nb.many.id}/semelhantes`)) as unknown[]).length} listed`,
      },
      {
        group: "More like this",
        name: `few neighbours (on ${n(nb.few.reach)} titles)`,
        what: `#${nb.few.id}`,
        run: async () => `${((await get(`/api/acervo/${nb.few.id}/semelhantes`)) as unknown[]).length} listed`,
      },
    );

    // Available now, beside the same search without it; the search and its facets, each a query's first call.
    const searches: Array<[string, string]> = [
      ["broad", common],
      ["middle", at(100) ?? "livro"],
      ["selective", at(10_000) ?? at(1000) ?? "oceano"],
    ];
    const scopes: Array<[string, Record<string, string>]> = [
      ["any copy", {}],
      ["available now, any library", { disponivel: "S" }],
      ["available now, one library", { disponivel: String(lib) }],
    ];
    for (const [kind, word] of searches)
      for (const [scope, extra] of scopes)
        for (const [call, url] of [
          ["search", "/api/consulta"],
          ["facets", "/api/consulta/filtros"],
        ] as const)
          cases.push({
            group: "Available now",
            name: `${kind}, ${scope}, ${call}`,
            what: `\`${word}\``,
            run: async () => {
              clearSearchCache(db);
              const body = (await get(`${url}?${new URLSearchParams({ termo: word, ...extra })}`)) as { total?: number };
              return body.total === undefined ? "" : `${n(body.total)} hits`;
            },
          });

    // A results page: the search, then its facets (counted after the search, from its text pass), as the portal
    // asks for them; with no filter, one library, and three filters chosen from the broad word's own facets.
    const broadFacets = (await get(`/api/consulta/filtros?${new URLSearchParams({ termo: common })}`)) as {
      filtros: Array<{ tipo: string; codigo: string }>;
    };
    const firstOf = (tipo: string) => broadFacets.filtros.find((f) => f.tipo === tipo)?.codigo;
    const filterSets: Array<[string, Array<[string, string | undefined]>]> = [
      ["no filter", []],
      ["one library", [["B", String(lib)]]],
      [
        "three filters",
        [
          ["T", firstOf("T")],
          ["I", firstOf("I")],
          ["S", firstOf("S")],
        ],
      ],
    ];
    for (const [kind, word] of searches)
      for (const [label, filters] of filterSets) {
        if (kind !== "broad" && filters.length) continue;
        const query = new URLSearchParams({ termo: word });
        for (const [tipo, codigo] of filters) if (codigo) query.append("filtro", `${tipo}:${codigo}`);
        cases.push({
          group: "Facets",
          name: `${kind}, ${label}: the search, then its facets`,
          what: `\`${word}\``,
          run: async () => {
            clearSearchCache(db);
            const found = (await get(`/api/consulta?${query}`)) as { total?: number };
            const facets = (await get(`/api/consulta/filtros?${query}`)) as { filtros: unknown[]; estimado?: boolean };
            return `${n(found.total ?? 0)} hits, ${facets.filtros.length} values${facets.estimado ? " (estimated)" : ""}`;
          },
        });
      }

    // The reads a results page adds for its hits.
    const page = async (size: number) => {
      const body = (await get(`/api/consulta?${new URLSearchParams({ termo: common, qtd: String(size) })}`)) as {
        resultados?: Array<{ cod_acervo: number }>;
      };
      return (body.resultados ?? []).map((h) => h.cod_acervo);
    };
    for (const size of [20, 100]) {
      const ids = await page(size);
      cases.push(
        {
          group: "Results page",
          name: `"N editions" of ${ids.length} hits (editionCounts)`,
          what: `\`${common}\``,
          run: async () => `${[...(await editionCounts(db, ids)).values()].filter((x) => x > 1).length} with editions`,
        },
        {
          group: "Results page",
          name: `where the copies are, ${ids.length} hits (copySummaries)`,
          what: `\`${common}\``,
          run: async () => `${(await copySummaries(db, ids)).size} summaries`,
        },
      );
    }

    // BENCH_GROUPS (comma-separated words of the group names: suggestions, editions, like, available, results) times a subset.
    const groups = (process.env.BENCH_GROUPS ?? "")
      .split(",")
      .map((g) => g.trim().toLowerCase())
      .filter(Boolean);
    if (groups.length) cases.splice(0, cases.length, ...cases.filter((c) => groups.some((g) => c.group.toLowerCase().includes(g))));
    const timings = cases.map(() => ({ wall: [] as number[], cpu: [] as number[], first: [] as number[], answer: "" }));
    for (let round = -WARMUP; round < RUNS; round++) {
      for (const [i, c] of cases.entries()) {
        const c0 = process.cpuUsage();
        const w0 = performance.now();
        const answer = await c.run();
        const wall = performance.now() - w0;
        const used = process.cpuUsage(c0);
        if (round < 0) {
          if (round < -WARMUP + 3) timings[i].first.push((used.user + used.system) / 1000);
          continue;
        }
        timings[i].wall.push(wall);
        timings[i].cpu.push((used.user + used.system) / 1000);
        timings[i].answer = answer;
      }
    }
    say(
      `\nFinding costs at ${n(TITLES)} titles, ${RUNS} interleaved rounds after ${WARMUP} of warm-up, ms: CPU time of the process and wall time, in-process through the API. Load average at the end: ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(" / ")} on ${os.availableParallelism()} cores.\n`,
    );
    say("| group | case | input | answer | CPU p50 | CPU p95 | wall p50 | wall p95 | CPU of the first 3 calls (warm-up) |");
    say("|---|---|---|---|---|---|---|---|---|");
    for (const [i, c] of cases.entries()) {
      const tm = timings[i];
      const cpu = stats(tm.cpu),
        wall = stats(tm.wall);
      say(
        `| ${c.group} | ${c.name} | ${c.what} | ${tm.answer} | ${f(cpu.p50)} | ${f(cpu.p95)} | ${f(wall.p50)} | ${f(wall.p95)} | ${tm.first.map(f).join(", ")} |`,
      );
    }
    const outDir = path.join(root, "bench", "results");
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, `finding-costs-${new Date().toISOString().replace(/[:.]/g, "-")}.md`), lines.join("\n") + "\n");
    return lines.join("\n");
  } finally {
    await db.destroy();
    if (!keep) fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runFindingCosts().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
