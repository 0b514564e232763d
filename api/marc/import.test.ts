import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { DB } from "../db/types.ts";
import { seedThreeLibraries } from "../lib/testing.ts";
import { reindexAcervos } from "../search/index.ts";
import { demoFiles, importDemoCatalogue } from "./demo.ts";
import { beginBulkLoad, bulkReaders, importFiles } from "./import.ts";

const projectRoot = path.resolve(import.meta.dirname, "..", "..");
const shared = path.resolve(projectRoot, "..", "shared", "data", "marc");
const hasShared = fs.existsSync(path.join(shared, "manifest.json"));

let dir: string;
let db: Kysely<DB>;

async function count(table: keyof DB): Promise<number> {
  const r = await db.selectFrom(table).select(db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(r.n);
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-marc-"));
  db = openDatabase({ dataDir: dir });
  await migrateToLatest(db);
  await seedThreeLibraries(db);
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("bundled demo catalogue", () => {
  it("imports about 1,500 titles with copies, links and linked authorities", async () => {
    const lines: string[] = [];
    await importDemoCatalogue(db, (m) => lines.push(m), projectRoot);
    expect(await count("acervo")).toBeGreaterThanOrEqual(1400);
    expect(await count("exemplar")).toBeGreaterThanOrEqual(1400);
    expect(await count("acervo_link")).toBeGreaterThan(50);
    expect(await count("autoridade")).toBeGreaterThan(500);
    expect(await count("acervo_autoridade")).toBeGreaterThan(500);
    // Copies are spread over the three demo libraries.
    const libs = await db.selectFrom("exemplar").select("cod_biblioteca").distinct().execute();
    expect(libs.map((l) => l.cod_biblioteca).sort()).toEqual([1, 2, 3]);
    expect(lines.some((l) => /Demo catalogue: \d+ titles/.test(l))).toBe(true);
  }, 120_000);

  it("reads the Portuguese records with their accents (Latin-1 Biblivre and UTF-8 ABCD)", async () => {
    await importDemoCatalogue(db, () => {}, projectRoot);
    const por = await db.selectFrom("acervo").select(["titulo", "local_publicacao"]).where("idioma", "=", "por").execute();
    expect(por.length).toBeGreaterThanOrEqual(320);
    expect(por.some((r) => r.local_publicacao === "São Paulo")).toBe(true);
    expect(por.every((r) => !r.titulo.includes("\uFFFD"))).toBe(true);
  }, 120_000);

  it("converts MARC-8 diacritics of the French records to composed Unicode", async () => {
    await importFiles(
      db,
      demoFiles(projectRoot).filter((f) => f.includes("lul-fre")),
      { libraryFor: () => 1 },
    );
    const rows = await db.selectFrom("acervo").select("titulo").execute();
    const all = rows.map((r) => r.titulo).join(" ");
    expect(all).toMatch(/[éèàçô]/);
    expect(all).toBe(all.normalize("NFC"));
    expect(all).not.toContain("\uFFFD");
  });

  it("re-importing the same files updates records and never duplicates titles, copies or links", async () => {
    const files = demoFiles(projectRoot).filter((f) => /koha-sample-bibs|concerto-bibs/.test(f));
    const first = await importFiles(db, files, { libraryFor: () => 2 });
    const before = { acervo: await count("acervo"), exemplar: await count("exemplar"), links: await count("acervo_link") };
    const second = await importFiles(db, files, { libraryFor: () => 2 });
    expect(second.imported).toBe(0);
    expect(second.updated).toBe(first.imported + first.updated);
    expect({ acervo: await count("acervo"), exemplar: await count("exemplar"), links: await count("acervo_link") }).toEqual(before);
  }, 120_000);

  it("indexes each title from the rows it wrote exactly as a rebuild from the stored titles does, new or re-imported", async () => {
    // The importer builds the index entries from its in-memory rows; a full rebuild reads them back from `acervo`.
    const files = demoFiles(projectRoot);
    await importFiles(db, files, { libraryFor: () => 2, copyWhenMissing: true });
    await importFiles(
      db,
      files.filter((f) => /koha-sample-bibs|concerto-bibs/.test(f)),
      { libraryFor: () => 2 },
    );
    await expectIndexAsRebuilt();
  }, 180_000);

  it("bulk mode: the same titles, copies, index and change log as a normal import, and the indexes and triggers it drops are back at the end", async () => {
    const files = demoFiles(projectRoot);
    const indexes = async (d: Kysely<DB>) =>
      (await sql`SELECT name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name`.execute(d)).rows;
    const before = await indexes(db);
    const mmap = (await sql<{ mmap_size: number }>`PRAGMA mmap_size`.execute(db)).rows[0].mmap_size;
    // Small batches and three reader threads (a four-core machine's default), so they take turns within each file;
    // the facet value ids and the terms each batch reuses from the ones before are then checked below.
    const bulk = await importFiles(db, files, { libraryFor: () => 2, copyWhenMissing: true, bulk: true, batchSize: 150, readers: 3 });
    expect(await indexes(db)).toEqual(before);
    expect(await db.selectFrom("estado_instalacao").selectAll().execute()).toEqual([]);
    expect(await sql`PRAGMA foreign_keys`.execute(db)).toMatchObject({ rows: [{ foreign_keys: 1 }] });
    // The connection's checkpoint interval is put back.
    expect(await sql`PRAGMA wal_autocheckpoint`.execute(db)).toMatchObject({ rows: [{ wal_autocheckpoint: 1000 }] });
    // And its memory map, which the load turns off (its pages would stay in the importer's memory).
    expect(mmap).toBeGreaterThan(0);
    expect(await sql`PRAGMA mmap_size`.execute(db)).toMatchObject({ rows: [{ mmap_size: mmap }] });
    // The same files imported normally into another database: the same summary and rows.
    const other = openDatabase({ dataDir: path.join(dir, "normal") });
    try {
      await migrateToLatest(other);
      const normalDb = db;
      db = other;
      await seedThreeLibraries(db);
      const normal = await importFiles(other, files, { libraryFor: () => 2, copyWhenMissing: true });
      db = normalDb;
      expect({ ...bulk, errors: bulk.errors.length }).toEqual({ ...normal, errors: normal.errors.length });
      expect(bulk.errors).toEqual(normal.errors);
      // Every table, row by row.
      const [b, n] = [await everyTable(db), await everyTable(other)];
      expect(Object.keys(b)).toEqual(Object.keys(n));
      for (const table of Object.keys(n)) expect({ table, rows: b[table] }).toEqual({ table, rows: n[table] });
      expect(b.acervo).toHaveLength(await count("acervo"));
      expect(b.indice_entrada.length).toBeGreaterThan(b.acervo.length * 3);
      expect(b.busca_termo.length).toBeGreaterThan(1000);
    } finally {
      await other.destroy();
    }
    const again = await importFiles(
      db,
      files.filter((f) => /koha-sample-bibs|concerto-bibs/.test(f)),
      { libraryFor: () => 2, bulk: true, batchSize: 150 },
    );
    expect(again.imported).toBe(0);
    expect(again.updated).toBeGreaterThan(100);
    expect(await indexes(db)).toEqual(before);
    await expectIndexAsRebuilt();
  }, 240_000);

  it("an interrupted bulk import leaves its dropped indexes and triggers recorded, and the next import rebuilds them first", async () => {
    const indexes = async () => (await sql`SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name`.execute(db)).rows;
    // The change log's triggers are dropped for the load but a copy's update (a loan or a return during the load,
    // ADR 277); those of the titles on the shelf (migration 115) and of the call-number key (migration 114) stay.
    const triggers = async (kept = false) =>
      (
        await sql`SELECT name FROM sqlite_master WHERE type = 'trigger'
                    AND (name LIKE 'exemplar_estante_%' OR name LIKE 'exemplar_chamada_%' OR name = 'exemplar_mudou_u') = ${kept ? 1 : 0}`.execute(db)
      ).rows.length;
    const automerge = async () => (await sql<{ v: number }>`SELECT v FROM acervo_busca_config WHERE k = 'automerge'`.execute(db)).rows[0]?.v;
    const before = await indexes();
    await beginBulkLoad(db);
    // The process dies here: a new connection finds the indexes gone and the load recorded.
    await db.destroy();
    db = openDatabase({ dataDir: dir });
    expect((await indexes()).length).toBeLessThan(before.length);
    expect(await triggers()).toBe(0);
    expect(await triggers(true)).toBe(8);
    expect(await db.selectFrom("estado_instalacao").select("chave").execute()).toEqual([{ chave: "importacao_em_massa" }]);
    expect(await automerge()).toBe(0);
    await importFiles(
      db,
      demoFiles(projectRoot).filter((f) => f.includes("lul-fre")),
      { libraryFor: () => 1 },
    );
    expect(await indexes()).toEqual(before);
    expect(await triggers()).toBe(11);
    expect(await db.selectFrom("estado_instalacao").select("chave").execute()).toEqual([]);
    // The text index merges its segments again (FTS5's default).
    expect(await automerge()).toBe(4);
  }, 120_000);
});

/**
 * The rows of every table of a database, each table in a fixed order, without the columns that record when a row
 * was written, nor the change log's positions (its order is the order of the writes). The text index is read through its table (its storage differs with how it was written and merged).
 */
async function everyTable(d: Kysely<DB>): Promise<Record<string, unknown[]>> {
  const tables = (
    await sql<{ name: string }>`
    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'
      AND name NOT LIKE 'acervo_busca_%' AND name NOT LIKE 'rede_busca_%' ORDER BY name`.execute(d)
  ).rows.map((r) => r.name);
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const columns = (await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(d)).rows
      .map((c) => c.name)
      .filter((c) => !(table === "chave_assinatura" && c === "valor")) // a secret each installation makes for itself
      .filter((c) => c !== "created_at" && c !== "updated_at" && !(c === "seq" && (table === "acervo_mudanca" || table === "catalogo_versao")));
    const list = table === "acervo_busca" || table === "rede_busca" ? ["rowid", ...columns] : columns;
    const cols = sql.join(list.map((c) => sql.id(c)));
    out[table] = (await sql`SELECT ${cols} FROM ${sql.id(table)} ORDER BY ${cols}`.execute(d)).rows;
  }
  return out;
}

/** Every index table (text, tabs, browse, facets, sort keys, vocabulary) equals a full rebuild from the stored titles. */
async function expectIndexAsRebuilt(): Promise<void> {
  const snapshot = async () => ({
    text: (await sql`SELECT rowid, titulo, autor, assunto, outros FROM acervo_busca ORDER BY rowid`.execute(db)).rows,
    tabs: await db.selectFrom("acervo_guia").selectAll().orderBy("cod_acervo").orderBy("guia").execute(),
    browse: await db.selectFrom("indice_entrada").selectAll().orderBy("indice").orderBy("chave").orderBy("cod_acervo").execute(),
    facets: await db
      .selectFrom("acervo_faceta")
      .innerJoin("faceta_valor", "faceta_valor.cod_valor", "acervo_faceta.cod_valor")
      .select(["acervo_faceta.cod_acervo", "faceta_valor.tipo", "faceta_valor.codigo", "faceta_valor.descricao"])
      .orderBy("acervo_faceta.cod_acervo")
      .orderBy("faceta_valor.tipo")
      .orderBy("faceta_valor.codigo")
      .execute(),
    order: (await sql`SELECT * FROM busca_ordem ORDER BY cod_acervo`.execute(db)).rows,
    vocabulary: (await sql`SELECT * FROM busca_palavra ORDER BY palavra`.execute(db)).rows,
    terms: (await sql`SELECT * FROM busca_termo ORDER BY termo`.execute(db)).rows,
  });
  const imported = await snapshot();
  const titles = await count("acervo");
  expect(imported.text).toHaveLength(titles);
  expect(imported.order).toHaveLength(titles);
  expect(imported.browse.length).toBeGreaterThan(titles * 3);
  expect(imported.facets.length).toBeGreaterThan(titles * 2);
  expect(imported.tabs.length).toBeGreaterThan(0);
  expect(imported.vocabulary.length).toBeGreaterThan(1000);
  expect(imported.terms.length).toBeGreaterThan(1000);
  await reindexAcervos(db);
  expect(await snapshot()).toEqual(imported);
}

describe("records with nothing to show", () => {
  it("counts a record with no title and no control number as bad, by number, so two such files never update each other", async () => {
    const a = path.join(dir, "a.json");
    const b = path.join(dir, "b.xml");
    fs.writeFileSync(
      a,
      JSON.stringify([
        { leader: "00000nam a2200000 a 4500", fields: [] },
        { leader: "", fields: [{ "500": { ind1: " ", ind2: " ", subfields: [{ a: "Só uma nota" }] } }] },
      ]),
    );
    fs.writeFileSync(b, '<collection xmlns="http://www.loc.gov/MARC21/slim"><record><leader>00000nam a2200000 a 4500</leader></record></collection>');
    const summary = await importFiles(db, [a, b], { libraryFor: () => 1 });
    expect(summary).toMatchObject({ read: 3, imported: 0, updated: 0, skipped: 3 });
    expect(summary.errors.map((e) => `${e.file} #${e.recordNumber}: ${e.message}`)).toEqual([
      "a.json #1: record has no title (245, 130, 240, 242 or 246) and no control number (001)",
      "a.json #2: record has no title (245, 130, 240, 242 or 246) and no control number (001)",
      "b.xml #1: record has no title (245, 130, 240, 242 or 246) and no control number (001)",
    ]);
    expect(await count("acervo")).toBe(0);
  });

  it('still imports an untitled record that has a control number, as "[s.t.]"', async () => {
    const file = path.join(dir, "untitled.json");
    fs.writeFileSync(
      file,
      JSON.stringify({
        leader: "00000nam a2200000 a 4500",
        fields: [{ "001": "U1" }, { "500": { ind1: " ", ind2: " ", subfields: [{ a: "Sem título" }] } }],
      }),
    );
    expect(await importFiles(db, [file], { libraryFor: () => 1 })).toMatchObject({ imported: 1, errors: [] });
    expect(await db.selectFrom("acervo").select("titulo").execute()).toEqual([{ titulo: "[s.t.]" }]);
  });

  it("treats them the same in bulk mode's reader threads", async () => {
    const file = path.join(dir, "empty.json");
    fs.writeFileSync(
      file,
      JSON.stringify([
        { leader: "", fields: [] },
        { leader: "", fields: [{ "245": { ind1: "0", ind2: "0", subfields: [{ a: "Com título" }] } }] },
      ]),
    );
    const summary = await importFiles(db, [file], { libraryFor: () => 1, bulk: true, readers: 1 });
    expect(summary).toMatchObject({ read: 2, imported: 1, skipped: 1 });
    expect(summary.errors).toEqual([{ file: "empty.json", recordNumber: 1, message: expect.stringContaining("no title") }]);
  }, 60_000);
});

describe("mapping of a Koha record with 952 items", () => {
  it("fills the title columns, keeps MARC-in-JSON and turns 952s into copies with their barcodes", async () => {
    const file = demoFiles(projectRoot).find((f) => f.includes("koha-sample-bibs"))!;
    await importFiles(db, [file], { libraryFor: (code) => (code === "CPL" ? 1 : 2) });
    const koha = await db.selectFrom("exemplar").selectAll().where("codigo_barras", "=", "3999900000001").executeTakeFirstOrThrow();
    expect(koha.cod_biblioteca).toBe(1);
    const t = await db.selectFrom("acervo").selectAll().where("cod_acervo", "=", koha.cod_acervo).executeTakeFirstOrThrow();
    expect(t.titulo.length).toBeGreaterThan(0);
    expect(t.titulo).not.toMatch(/[/:;]$/);
    const marc = JSON.parse(t.marc);
    expect(typeof marc.leader).toBe("string");
    expect(marc.fields.some((f: Record<string, unknown>) => "952" in f)).toBe(true);
    // 856 $u with ind2 0/1 marks online titles.
    const online = await db.selectFrom("acervo").select("cod_acervo").where("acesso_remoto", "=", "cr").execute();
    expect(online.length).toBeGreaterThan(10);
  });
});

describe.skipIf(!hasShared)("every file of the shared MARC test corpus", () => {
  it("imports without crashing, with counts close to the manifest and dirty records reported", async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(shared, "manifest.json"), "utf8")) as {
      file: string;
      records: number;
      kinds: Record<string, number>;
    }[];
    const files = manifest.map((m) => path.join(shared, m.file));
    const summary = await importFiles(db, files, { libraryFor: (code) => (code ? 2 : 1) });
    const expectedRecords = manifest.reduce((s, m) => s + m.records, 0);
    expect(summary.read).toBe(expectedRecords);
    const bibs = manifest.reduce((s, m) => s + (m.kinds.bib ?? 0), 0);
    const auths = manifest.reduce((s, m) => s + (m.kinds.authority ?? 0), 0);
    // Duplicated sets (same records in two formats) collapse onto one title each.
    const titles = await count("acervo");
    expect(titles).toBeGreaterThan(3300);
    expect(titles).toBeLessThanOrEqual(bibs);
    expect(summary.imported + summary.updated).toBeGreaterThan(bibs * 0.98);
    expect(summary.authorities).toBeGreaterThan(auths * 0.95);
    // Records that cannot be used are listed with their file and number, not thrown.
    for (const e of summary.errors) {
      expect(e.file).toBeTruthy();
      expect(e.recordNumber).toBeGreaterThan(0);
    }
    const auth1066 = await db.selectFrom("autoridade").select("tipo").where("chave_origem", "like", "aut:%").execute();
    expect(auth1066.filter((a) => a.tipo === 1).length).toBeGreaterThan(1000); // includes the tag-103 IISH headings
  }, 120_000);

  it("reports an unreadable record and goes on with the next ones", async () => {
    const good = fs.readFileSync(path.join(shared, "pymarc", "one.dat"));
    const bad = Buffer.from("00050nam  2200037   4500garbage\x1d");
    const file = path.join(dir, "mixed.mrc");
    fs.writeFileSync(file, Buffer.concat([bad, good]));
    const summary = await importFiles(db, [file], { libraryFor: () => 1 });
    expect(summary.imported).toBe(1);
    expect(summary.errors).toHaveLength(1);
    expect(summary.errors[0]).toMatchObject({ file: "mixed.mrc", recordNumber: 1 });
  });
});

describe("bulk mode's reader threads", () => {
  it("default to one per core besides the writing thread's, two at least and three at most", () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => bulkReaders(cores))).toEqual([2, 2, 2, 3, 3, 3]);
  });
});
