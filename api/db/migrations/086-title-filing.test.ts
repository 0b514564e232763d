import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi } from "../../lib/testing.ts";
import { rebuildRequestedDerivedData, reindexGuides } from "../../search/index.ts";
import { migrateToLatest } from "../migrate.ts";
import * as m086 from "./086-title-filing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;

const marc = (ind2: string, a: string) =>
  JSON.stringify({ leader: "00000nam a2200000 a 4500", fields: [{ "001": a }, { "245": { ind1: "1", ind2, subfields: [{ a }] } }] });

const titleKeys = async () =>
  (await t.db.selectFrom("indice_entrada").select(["chave", "valor"]).where("indice", "=", "titulo").orderBy("chave").execute()).map((r) => r.chave);

// A catalogue imported before migration 086: the column is not there and titles file under their article.
beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  await m086.down(t.db);
  await t.db
    .deleteFrom("kysely_migration" as never)
    .where(sql.ref("name"), "=", "086-title-filing")
    .execute();
  const ids: number[] = [];
  for (const [i, [ind2, titulo]] of [
    ["2", "A estrutura das revoluções científicas"],
    ["0", "A hora da estrela"],
    ["3", "Os sertões"],
  ].entries()) {
    const row = await t.db
      .insertInto("acervo")
      .values({ cod_empresa: 1, chave_origem: `antigo-${i}`, cod_tipo_obra: 1, titulo, marc: marc(ind2, titulo) })
      .returning("cod_acervo")
      .executeTakeFirstOrThrow();
    ids.push(row.cod_acervo);
  }
  await reindexGuides(t.db, ids);
});
afterAll(async () => t.cleanup());

describe("migration 086 on a catalogue imported before it", () => {
  it("fills the title's nonfiling count from its stored MARC and files it without the article", async () => {
    expect(await titleKeys()).toEqual(["a estrutura das revolucoes cientificas", "a hora da estrela", "os sertoes"]);
    await migrateToLatest(t.db);
    // The migration fills the column; the browse entries are rebuilt once the migrations are done.
    expect(await titleKeys()).toEqual(["a estrutura das revolucoes cientificas", "a hora da estrela", "os sertoes"]);
    expect(await rebuildRequestedDerivedData(t.db)).toContain("guias");
    expect(await rebuildRequestedDerivedData(t.db)).toEqual([]);
    const rows = await t.db.selectFrom("acervo").select(["titulo", "titulo_caracteres_ignorados"]).orderBy("titulo").execute();
    expect(rows).toEqual([
      { titulo: "A estrutura das revoluções científicas", titulo_caracteres_ignorados: 2 },
      { titulo: "A hora da estrela", titulo_caracteres_ignorados: 0 },
      { titulo: "Os sertões", titulo_caracteres_ignorados: 3 },
    ]);
    expect(await titleKeys()).toEqual(["a hora da estrela", "estrutura das revolucoes cientificas", "sertoes"]);
  });
});
