import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, publicToken } from "../lib/testing.ts";
import { applyInstitutionSettings, parseInstitutionSettings } from "./institution-settings.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
});
afterAll(async () => t.cleanup());

describe("INSTITUTION_SETTINGS", () => {
  it("merges parameters and switches public activities, as the API then reports them", async () => {
    await applyInstitutionSettings(t.db, parseInstitutionSettings('{"parametros":{"msg_login":"Olá"},"atividades":{"1120":true,"13":false}}'));
    const token = await publicToken(t.app);
    const inst = await (await get(t.app, "/api/parametros/instituicao", token)).json();
    expect(inst.msg_login).toBe("Olá");
    expect(inst.sigla).toBe("UFD");
    const codes = (await (await get(t.app, "/api/parametros/funcionalidades", token)).json()).atividades.map(
      (a: { cod_atividade: number }) => a.cod_atividade,
    );
    expect(codes).toContain(1120);
    expect(codes).not.toContain(13);
  });

  it("gives or takes an activity from a patron category", async () => {
    const granted = async (category: string) =>
      (await t.db.selectFrom("categoria_atividade").select("cod_atividade").where("cod_categoria", "=", category).execute()).map(
        (r) => r.cod_atividade,
      );
    expect(await granted("05")).toContain(8);
    await applyInstitutionSettings(t.db, parseInstitutionSettings('{"categorias":{"05":{"8":false,"12":true}}}'));
    expect(await granted("05")).not.toContain(8);
    expect(await granted("05")).toContain(12);
    expect(await granted("01")).toContain(8);
    // Applied at every start: the same settings again change nothing.
    await applyInstitutionSettings(t.db, parseInstitutionSettings('{"categorias":{"05":{"8":false,"12":true}}}'));
    expect((await granted("05")).filter((c) => c === 12)).toHaveLength(1);
  });

  it("refuses bad JSON and a bad shape with a readable message", () => {
    expect(() => parseInstitutionSettings("{")).toThrow("INSTITUTION_SETTINGS is not valid JSON");
    expect(() => parseInstitutionSettings('{"atividades":{"x":true}}')).toThrow(/INSTITUTION_SETTINGS: atividades\.x/);
  });
});
