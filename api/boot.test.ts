import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "./boot.ts";
import { openDatabase } from "./db/index.ts";

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
        await d.insertInto("acervo").values({ cod_empresa: 1, chave_origem: `k${i}`, cod_tipo_obra: 1, titulo: `Título número ${i}`, idioma: "por", marc: "{}" }).execute();
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
});
