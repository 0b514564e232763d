import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { networkInstitutions } from "../search/index.ts";
import { createTestApi } from "../lib/testing.ts";
import { importNetworkCatalogue } from "./network.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
const root = path.resolve(import.meta.dirname, "../..");

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 4 });
  await importNetworkCatalogue(t.db, () => {}, root);
}, 60_000);
afterAll(async () => t.cleanup());

describe("the demo network seed", () => {
  it("adds the home catalogue as member 1 and two demo members with their bundled records", async () => {
    const list = await networkInstitutions(t.db);
    expect(list.map((i) => [i.cod_instituicao, i.sigla, i.registros])).toEqual([
      [1, "UFD", 4],
      [3, "CMD", 300],
      [2, "IFBD", 300],
    ]);
  });

  it("runs once: a second call changes nothing", async () => {
    await importNetworkCatalogue(t.db, () => {}, root);
    expect((await networkInstitutions(t.db)).reduce((n, i) => n + i.registros, 0)).toBe(604);
  });
});
