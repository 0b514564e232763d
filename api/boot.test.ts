import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "./boot.ts";
import { openDatabase } from "./db/index.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { beginBulkLoad } from "./marc/import.ts";
import { sql } from "kysely";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-boot-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("prepareDatabase", () => {
  it("seeds and imports once on a new database, and only migrates afterwards", async () => {
    const db = openDatabase({ dataDir: dir });
    let imports = 0;
    const importDemoCatalogue = async (d: typeof db) => {
      imports++;
      await d.insertInto("tipo_obra").values({ cod_tipo_obra: 1, descricao: "Livro" }).execute();
      for (let i = 1; i <= 15; i++) {
        await d
          .insertInto("acervo")
          .values({ cod_empresa: 1, chave_origem: `k${i}`, cod_tipo_obra: 1, titulo: `Título número ${i}`, idioma: "por", marc: "{}" })
          .execute();
      }
    };
    const lines: string[] = [];
    await prepareDatabase(db, { log: (m) => lines.push(m), importDemoCatalogue });
    expect(imports).toBe(1);
    expect(lines.join("\n")).toMatch(/indexing 15 titles/);
    const loans = await db.selectFrom("emprestimo").select("cod_emprestimo").where("data_devolucao", "is", null).execute();
    expect(loans).toHaveLength(7);
    // Copies were created for titles imported without items, and lent ones are marked.
    const lent = await db.selectFrom("exemplar").select("cod_exemplar").where("situacao", "=", "emprestado").execute();
    expect(lent).toHaveLength(7);
    await db.destroy();

    const again = openDatabase({ dataDir: dir });
    await prepareDatabase(again, { log: () => {}, importDemoCatalogue });
    expect(imports).toBe(1);
    await again.destroy();
  });

  it("on a catalogue imported before the first start: no demo catalogue; demo patrons only when asked", async () => {
    const seedOwn = async (sub: string) => {
      const db = openDatabase({ dataDir: path.join(dir, sub) });
      await migrateToLatest(db);
      // What `npm run import` leaves: a bare institution, a campus, a library, titles with copies.
      await db.insertInto("instituicao").values({ cod_empresa: 1, sigla: "BIB", nome: "Biblioteca" }).execute();
      await db.insertInto("campus").values({ cod_campus: 1, cod_empresa: 1, nome_campus: "Campus" }).execute();
      await db.insertInto("biblioteca").values({ cod_biblioteca: 7, cod_campus: 1, desc_biblioteca: "Central", sigla: "BC" }).execute();
      await db.insertInto("tipo_obra").values({ cod_tipo_obra: 1, descricao: "Livro" }).execute();
      for (let i = 1; i <= 12; i++) {
        const { cod_acervo } = await db
          .insertInto("acervo")
          .values({ cod_empresa: 1, chave_origem: `own${i}`, cod_tipo_obra: 1, titulo: `Obra própria ${i}`, idioma: "por", marc: "{}" })
          .returning("cod_acervo")
          .executeTakeFirstOrThrow();
        await db
          .insertInto("exemplar")
          .values({ cod_acervo, cod_biblioteca: 7, codigo_barras: `OWN${i}` })
          .execute();
      }
      return db;
    };
    const importDemoCatalogue = async () => {
      throw new Error("the demo catalogue must not be imported on top of a library's own");
    };
    const plain = await seedOwn("own");
    const lines: string[] = [];
    expect(await prepareDatabase(plain, { log: (m) => lines.push(m), importDemoCatalogue })).toBe("catalogo-proprio");
    expect(lines.join("\n")).toMatch(/already holds 12 titles/);
    expect((await plain.selectFrom("login").select("usuario").execute()).length).toBe(0);
    expect((await plain.selectFrom("acervo").select("cod_acervo").execute()).length).toBe(12);
    // The next start is an ordinary one.
    expect(await prepareDatabase(plain, { log: () => {}, importDemoCatalogue })).toBe("catalogo-proprio");
    await plain.destroy();

    const asked = await seedOwn("own-patrons");
    await prepareDatabase(asked, { log: () => {}, importDemoCatalogue, demoPatrons: true });
    const logins = (await asked.selectFrom("login").select("usuario").execute()).map((l) => l.usuario);
    expect(logins).toContain("demo");
    // Demo loans are on the library's own copies.
    const loans = await asked.selectFrom("emprestimo").select("cod_biblioteca").where("data_devolucao", "is", null).execute();
    expect(loans.length).toBeGreaterThan(0);
    expect(new Set(loans.map((l) => l.cod_biblioteca))).toEqual(new Set([7]));
    expect((await asked.selectFrom("acervo").select("cod_acervo").execute()).length).toBe(12);
    await asked.destroy();
  });

  it("resumes a demo first start that stopped during the demo catalogue's import", async () => {
    const db = openDatabase({ dataDir: path.join(dir, "resume") });
    let calls = 0;
    const failing = async (d: typeof db) => {
      calls++;
      await d
        .insertInto("tipo_obra")
        .values({ cod_tipo_obra: 1, descricao: "Livro" })
        .onConflict((oc) => oc.doNothing())
        .execute();
      for (let i = 1; i <= 15; i++) {
        await d
          .insertInto("acervo")
          .values({ cod_empresa: 1, chave_origem: `k${i}`, cod_tipo_obra: 1, titulo: `Título ${i}`, idioma: "por", marc: "{}" })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      if (calls === 1) throw new Error("interrupted");
    };
    await expect(prepareDatabase(db, { log: () => {}, importDemoCatalogue: failing })).rejects.toThrow("interrupted");
    // Titles are there now, but they are the demo's: the next start finishes the demo, not "own catalogue".
    expect(await prepareDatabase(db, { log: () => {}, importDemoCatalogue: failing })).toBe("demo");
    expect(calls).toBe(2);
    expect((await db.selectFrom("login").select("usuario").execute()).map((l) => l.usuario)).toContain("demo");
    await db.destroy();
  });

  it("rebuilds the search indexes a bulk import killed half-way had dropped", async () => {
    const db = openDatabase({ dataDir: path.join(dir, "bulk") });
    await migrateToLatest(db);
    const indexes = async () => (await sql`SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name`.execute(db)).rows;
    const before = await indexes();
    await beginBulkLoad(db);
    expect((await indexes()).length).toBeLessThan(before.length);
    const lines: string[] = [];
    await prepareDatabase(db, { log: (m) => lines.push(m), importDemoCatalogue: async () => {} });
    expect(await indexes()).toEqual(before);
    expect(lines).toContain("rebuilt the search indexes an interrupted bulk import had dropped");
    await db.destroy();
  });
});
