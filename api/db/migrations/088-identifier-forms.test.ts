import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialectOf } from "../index.ts";
import { createTestApi, insertTitles } from "../../lib/testing.ts";
import { rebuildRequestedDerivedData, searchAcervos } from "../../search/index.ts";
import { migrateToLatest } from "../migrate.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let ids: number[];
const titleText = (id: number) => (id === ids[0] ? "memorias memori postum postumas" : "revista revist de audiologia audiolog");

const found = async (termo: string, ordenacao: "C" | "T" = "C") =>
  (await searchAcervos(t.db, { termos: [{ termo, tipo: "livre" }], pagina: 1, qtd: 20, ordenacao })).resultados.map((r) => r.titulo);

// A catalogue indexed before migration 088: its index lacks the ISBN-13 of an ISBN-10, the halves of a compact
// ISSN, and sorts a title by its initial article.
beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  ids = await insertTitles(t.db, [
    { titulo: "Memórias póstumas" },
    { titulo: "Revista de audiologia" },
    { titulo: "A estrela da manhã" },
    { titulo: "Brasil" },
  ]);
  await t.db.updateTable("acervo").set({ isbn: "85-359-0277-5" }).where("cod_acervo", "=", ids[0]).execute();
  await t.db.updateTable("acervo").set({ issn: "03785955" }).where("cod_acervo", "=", ids[1]).execute();
  await t.db.updateTable("acervo").set({ titulo_caracteres_ignorados: 2 }).where("cod_acervo", "=", ids[2]).execute();
  // The entries as the indexer wrote them before: the stored forms only, the title sorted as written.
  const others = async (id: number, outros: string) =>
    dialectOf(t.db) === "postgres"
      ? sql`UPDATE acervo_busca SET documento = setweight(to_tsvector('simple', ${titleText(id)}), 'A') || setweight(to_tsvector('simple', ${outros}), 'D') WHERE cod_acervo = ${id}`.execute(
          t.db,
        )
      : sql`UPDATE acervo_busca SET outros = ${outros} WHERE rowid = ${id}`.execute(t.db);
  await others(ids[0], "85 359 0277 5 8535902775");
  await others(ids[1], "03785955");
  await sql`UPDATE busca_ordem SET titulo_ord = 'a estrela da manha' WHERE cod_acervo = ${ids[2]}`.execute(t.db);
  await t.db
    .deleteFrom("kysely_migration" as never)
    .where(sql.ref("name"), "=", "088-identifier-forms")
    .execute();
});
afterAll(async () => t.cleanup());

describe("migration 088 on a catalogue indexed before it", () => {
  it("makes the ISBN-13 of a stored ISBN-10, the hyphenated ISSN and the filing title searchable", async () => {
    expect(await found("9788535902778")).toEqual([]);
    expect(await found("0378-5955")).toEqual([]);
    expect(await found("estrela OR brasil", "T")).toEqual(["A estrela da manhã", "Brasil"]);
    await migrateToLatest(t.db);
    expect(await rebuildRequestedDerivedData(t.db)).toContain("titulos");
    expect(await found("9788535902778")).toEqual(["Memórias póstumas"]);
    expect(await found("0378-5955")).toEqual(["Revista de audiologia"]);
    expect(await found("estrela OR brasil", "T")).toEqual(["Brasil", "A estrela da manhã"]);
  });
});
