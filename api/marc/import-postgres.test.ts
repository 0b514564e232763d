/**
 * The MARC importer's bulk mode on PostgreSQL (ADR 279): the same catalogue and search answers as a normal import,
 * and what it drops for the load (indexes, triggers) back at its end, or at the next import's start when the load
 * was interrupted. Runs only with TEST_DATABASE_URL (scripts/test-api-postgres.sh); SQLite's bulk mode has its
 * own tests in import.test.ts.
 */
import path from "node:path";
import os from "node:os";
import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { DB } from "../db/types.ts";
import { freshPostgres, seedThreeLibraries } from "../lib/testing.ts";
import { clearFacetColumns, clearSearchCache, searchAcervos, searchFacets } from "../search/index.ts";
import { demoFiles } from "./demo.ts";
import { beginBulkLoad, importFiles } from "./import.ts";

const projectRoot = path.resolve(import.meta.dirname, "..", "..");
const opened: Array<{ db: Kysely<DB>; drop: () => Promise<void> }> = [];

/** A fresh, migrated PostgreSQL database with an institution, a campus and three libraries. */
async function freshCatalogue(): Promise<{ db: Kysely<DB>; url: string }> {
  const pg = (await freshPostgres())!;
  const db = openDatabase({ databaseUrl: pg.url, dataDir: os.tmpdir() });
  opened.push({ db, drop: pg.drop });
  await migrateToLatest(db);
  await seedThreeLibraries(db);
  return { db, url: pg.url };
}

afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.db.destroy().catch(() => {});
    await o.drop();
  }
});

/** The schema's indexes and triggers (name and definition). */
async function schemaObjects(db: Kysely<DB>): Promise<unknown[]> {
  return (
    await sql`SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = current_schema()
              UNION ALL
              SELECT t.tgname, pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
              WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace
              ORDER BY 1`.execute(db)
  ).rows;
}

/**
 * Every table's rows as text, each table in a fixed order, without the columns that record when a row was written,
 * nor the change log's positions (their order is the order of the writes), nor a secret each installation makes.
 */
async function everyTable(db: Kysely<DB>): Promise<Record<string, unknown[]>> {
  const columns = (
    await sql<{ table_name: string; column_name: string }>`SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name NOT LIKE 'kysely%' ORDER BY table_name, ordinal_position`.execute(db)
  ).rows.filter(
    (c) =>
      c.column_name !== "created_at" &&
      c.column_name !== "updated_at" &&
      !(c.column_name === "seq" && (c.table_name === "acervo_mudanca" || c.table_name === "catalogo_versao")) &&
      !(c.table_name === "chave_assinatura" && c.column_name === "valor"),
  );
  const out: Record<string, unknown[]> = {};
  for (const table of [...new Set(columns.map((c) => c.table_name))]) {
    const cols = columns.filter((c) => c.table_name === table).map((c) => sql`${sql.id(c.column_name)}::text`);
    const order = sql.raw(cols.map((_, i) => String(i + 1)).join(", "));
    out[table] = (await sql`SELECT ${sql.join(cols)} FROM ${sql.id(table)} ORDER BY ${order}`.execute(db)).rows;
  }
  return out;
}

/** A search's answers: its count, first page and facets, for a few words of the demo catalogue. */
async function searchAnswers(db: Kysely<DB>): Promise<unknown[]> {
  clearSearchCache(db);
  clearFacetColumns(db);
  const out: unknown[] = [];
  for (const termo of ["historia", "brasil", "france", "paris", "de"]) {
    const p = { termos: [{ termo, tipo: "livre" as const }], pagina: 1, qtd: 20, lingua: "pt" };
    const relevance = await searchAcervos(db, { ...p, ordenacao: "C" });
    const byCallNumber = await searchAcervos(db, { ...p, ordenacao: "N" });
    const facets = await searchFacets(db, p, "pt");
    out.push({ termo, relevance, byCallNumber, facets });
  }
  return out;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("bulk import on PostgreSQL", () => {
  it("gives the same rows, change log and search answers as a normal import, with its indexes and triggers back at the end", async () => {
    const files = demoFiles(projectRoot);
    const { db: bulkDb } = await freshCatalogue();
    const { db: normalDb } = await freshCatalogue();
    const before = await schemaObjects(bulkDb);
    // Small batches and two reader threads, so they take turns within each file.
    const bulk = await importFiles(bulkDb, files, { libraryFor: () => 2, copyWhenMissing: true, bulk: true, batchSize: 150, readers: 2 });
    const normal = await importFiles(normalDb, files, { libraryFor: () => 2, copyWhenMissing: true });
    expect(await schemaObjects(bulkDb)).toEqual(before);
    expect(await bulkDb.selectFrom("estado_instalacao").selectAll().execute()).toEqual([]);
    expect({ ...bulk, errors: bulk.errors.length }).toEqual({ ...normal, errors: normal.errors.length });
    expect(bulk.errors).toEqual(normal.errors);
    expect(bulk.imported).toBeGreaterThan(1000);
    // Every table, row by row: titles, copies, authorities and their links, the search tables, the titles on the
    // shelf, and the change log's titles.
    const [b, n] = [await everyTable(bulkDb), await everyTable(normalDb)];
    expect(Object.keys(b)).toEqual(Object.keys(n));
    for (const table of Object.keys(n)) expect({ table, rows: b[table] }).toEqual({ table, rows: n[table] });
    expect(b.acervo_mudanca.length).toBe(bulk.imported);
    expect(b.acervo_na_estante.length).toBeGreaterThan(1000);
    expect(b.autoridade.length).toBeGreaterThan(0);
    // The search's answers: counts, first pages (by relevance and by call number) and facets.
    const answers = await searchAnswers(bulkDb);
    expect(answers).toEqual(await searchAnswers(normalDb));
    expect(JSON.stringify(answers)).toMatch(/"total":[1-9]/);
  }, 300_000);

  it("a normal import's transaction moves the catalogue's version once and logs every title it wrote at that version (migration 118)", async () => {
    const { db } = await freshCatalogue();
    const version = async () => Number((await sql<{ seq: string }>`SELECT seq FROM catalogo_versao WHERE id = 1`.execute(db)).rows[0].seq);
    const before = await version();
    // One batch: one transaction writing a few hundred titles, their copies and facet links, each row through the
    // change log's trigger.
    const summary = await importFiles(
      db,
      demoFiles(projectRoot).filter((f) => f.includes("lul-fre")),
      { libraryFor: () => 1, batchSize: 5000 },
    );
    expect(summary.imported).toBeGreaterThanOrEqual(100);
    expect(await version()).toBe(before + 1);
    const logged = (await sql<{ n: string; seq: string }>`SELECT count(*) AS n, max(seq) AS seq FROM acervo_mudanca`.execute(db)).rows[0];
    expect({ n: Number(logged.n), seq: Number(logged.seq) }).toEqual({ n: summary.imported, seq: before + 1 });
    // The next transaction moves it again, and a rolled-back one leaves it where it was.
    const copy = await db.selectFrom("exemplar").select(["cod_exemplar", "cod_acervo"]).executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("exemplar").set({ situacao: "indisponivel" }).where("cod_exemplar", "=", copy.cod_exemplar).execute();
      await trx.updateTable("exemplar").set({ situacao: "disponivel" }).where("cod_exemplar", "=", copy.cod_exemplar).execute();
    });
    expect(await version()).toBe(before + 2);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable("exemplar").set({ situacao: "indisponivel" }).where("cod_exemplar", "=", copy.cod_exemplar).execute();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await db.updateTable("exemplar").set({ situacao: "indisponivel" }).where("cod_exemplar", "=", copy.cod_exemplar).execute();
    expect(await version()).toBe(before + 3);
    expect((await db.selectFrom("acervo_mudanca").select("seq").where("cod_acervo", "=", copy.cod_acervo).executeTakeFirstOrThrow()).seq).toBe(
      before + 3,
    );
  }, 120_000);

  it("an interrupted bulk import leaves what it dropped recorded, and the next import puts it back and recounts first", async () => {
    const { db: first, url } = await freshCatalogue();
    await importFiles(
      first,
      demoFiles(projectRoot).filter((f) => f.includes("lul-fre")),
      { libraryFor: () => 1 },
    );
    const before = await schemaObjects(first);
    const shelf = async (d: Kysely<DB>) => (await sql`SELECT * FROM acervo_na_estante ORDER BY cod_acervo, cod_biblioteca`.execute(d)).rows;
    const onShelf = await shelf(first);
    expect(onShelf.length).toBeGreaterThan(10);
    await beginBulkLoad(first);
    const copy = await first
      .selectFrom("exemplar")
      .select(["cod_exemplar", "cod_acervo"])
      .where("situacao", "=", "disponivel")
      .orderBy("cod_exemplar")
      .executeTakeFirstOrThrow();
    const logged = async (d: Kysely<DB>) =>
      Number((await d.selectFrom("acervo_mudanca").select("seq").where("cod_acervo", "=", copy.cod_acervo).executeTakeFirstOrThrow()).seq);
    const seq = await logged(first);
    // A loan during the load: a copy's updates stay watched, so it is logged and off the shelf at once (ADR 277).
    await first.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_exemplar", "=", copy.cod_exemplar).execute();
    expect(await logged(first)).toBeGreaterThan(seq);
    const title = (rows: unknown[]) => rows.filter((r) => (r as { cod_acervo: number }).cod_acervo === copy.cod_acervo);
    expect(title(await shelf(first))).not.toEqual(title(onShelf));
    // A copy inserted during the load is not counted until the load ends (the insert trigger is off).
    await first
      .insertInto("exemplar")
      .values({ cod_acervo: copy.cod_acervo, codigo_barras: "DURING-LOAD-1", cod_biblioteca: 3, situacao: "disponivel" })
      .execute();
    // The process dies here: a new connection finds the indexes and triggers gone and the load recorded.
    await first.destroy();
    const db = openDatabase({ databaseUrl: url, dataDir: os.tmpdir() });
    opened.push({ db, drop: async () => {} });
    const now = (await schemaObjects(db)) as Array<{ name: string; def: string }>;
    expect(now.length).toBeLessThan(before.length - 10);
    expect(now.map((o) => o.name)).not.toContain("acervo_busca_gin");
    expect(now.map((o) => o.name)).not.toContain("exemplar_chamada");
    expect(now.filter((o) => /_mudou$|_estante$/.test(o.name)).map((o) => [o.name, / AFTER UPDATE OF /.test(o.def)])).toEqual([
      ["exemplar_estante", true],
      ["exemplar_mudou", true],
    ]);
    expect(await db.selectFrom("estado_instalacao").select("chave").execute()).toEqual([{ chave: "importacao_em_massa" }]);
    expect((await shelf(db)).filter((r) => (r as { cod_biblioteca: number }).cod_biblioteca === 3)).toEqual([]);
    await importFiles(
      db,
      demoFiles(projectRoot).filter((f) => f.includes("koha-sample-bibs")),
      { libraryFor: () => 1 },
    );
    expect(await schemaObjects(db)).toEqual(before);
    expect(await db.selectFrom("estado_instalacao").select("chave").execute()).toEqual([]);
    // The titles on the shelf recounted from the copies: the copy inserted during the load is counted now.
    const recount = (
      await sql`SELECT cod_acervo, cod_biblioteca, count(*)::int AS n FROM exemplar WHERE situacao = 'disponivel'
                GROUP BY cod_acervo, cod_biblioteca ORDER BY cod_acervo, cod_biblioteca`.execute(db)
    ).rows;
    expect(await shelf(db)).toEqual(recount);
    expect(title(await shelf(db))).toContainEqual({ cod_acervo: copy.cod_acervo, cod_biblioteca: 3, n: 1 });
    // And the triggers work again: the copy back on the shelf is counted at once.
    await db.updateTable("exemplar").set({ situacao: "disponivel" }).where("cod_exemplar", "=", copy.cod_exemplar).execute();
    expect(title(await shelf(db)).filter((r) => (r as { cod_biblioteca: number }).cod_biblioteca !== 3)).toEqual(title(onShelf));
  }, 240_000);
});
