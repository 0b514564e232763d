import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyInstitutionSettings } from "../seed/institution-settings.ts";
import { DUPLICATE_DOCUMENT, seedLoginVariants } from "../seed/login-variants.ts";
import { createTestApi, get, publicToken, tokenRequest } from "../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi();
  await seedLoginVariants(t.db);
});
afterAll(async () => t.cleanup());

const variant = (login_variante: string | null) =>
  applyInstitutionSettings(t.db, { parametros: { login_variante, separador_login: "#" }, atividades: {}, categorias: {} });
const duplicadas = async (usuario: string) =>
  (await get(t.app, `/api/duplicadas?usuario=${encodeURIComponent(usuario)}`, await publicToken(t.app))).json();
const grant = (username: string, password = "demo1234") => tokenRequest(t.app, { grant_type: "password", username, password });
const loginOf = async (res: Response) => {
  const { access_token } = await res.json();
  return (await (await get(t.app, "/api/autenticar/dados-usuario", access_token)).json()).user;
};

describe("the duplicate-persons login variant (spec §5, ADR 173)", () => {
  beforeAll(() => variant("pessoas_duplicadas"));

  it("the institution data names the variant and the separator", async () => {
    const inst = await (await get(t.app, "/api/parametros/instituicao", await publicToken(t.app))).json();
    expect(inst).toMatchObject({ login_variante: "pessoas_duplicadas", separador_login: "#", categorias_login: [] });
  });

  it("lists the accounts sharing a document number by category, never by the person's name", async () => {
    const body = await duplicadas(DUPLICATE_DOCUMENT);
    expect(body.result).toBe(true);
    expect(body.pessoas.map((p: { nome: string }) => p.nome)).toEqual(["Aluno de graduação", "Funcionário"]);
    expect(JSON.stringify(body)).not.toContain("Lúcia");
  });

  it("answers the same for a code of one person and an unknown code: nothing to choose", async () => {
    expect(await duplicadas("demo")).toEqual({ result: false, pessoas: [] });
    expect(await duplicadas("nobody-at-all")).toEqual({ result: false, pessoas: [] });
  });

  it("signs in the chosen person with the code joined to the person code", async () => {
    const { pessoas } = await duplicadas(DUPLICATE_DOCUMENT);
    for (const [i, expected] of [
      [0, "lucia.aluna"],
      [1, "lucia.servidora"],
    ] as const) {
      const res = await grant(`${DUPLICATE_DOCUMENT}#${pessoas[i].codigo}`);
      expect(res.status).toBe(200);
      expect((await loginOf(res)).login).toBe(expected);
    }
  });

  it("refuses a person code that does not share the document, a wrong password, and the bare shared code", async () => {
    const demoCode = 1;
    expect((await grant(`${DUPLICATE_DOCUMENT}#${demoCode}`)).status).toBe(401);
    const { pessoas } = await duplicadas(DUPLICATE_DOCUMENT);
    expect((await grant(`${DUPLICATE_DOCUMENT}#${pessoas[0].codigo}`, "wrong")).status).toBe(401);
    expect((await grant(DUPLICATE_DOCUMENT)).status).toBe(401);
  });

  it("still takes plain login names, and a document number of one person", async () => {
    expect((await grant("demo")).status).toBe(200);
    expect((await loginOf(await grant("2021000101"))).login).toBe("demo");
  });
});

describe("the category-code login variant (spec §5, ADR 173)", () => {
  beforeAll(() => variant("categoria"));

  it("signs in with the user joined to their category code, and only with their own category", async () => {
    expect((await loginOf(await grant("lucia.servidora#07"))).login).toBe("lucia.servidora");
    expect((await loginOf(await grant(`${DUPLICATE_DOCUMENT}#01`))).login).toBe("lucia.aluna");
    expect((await grant("demo#07")).status).toBe(401);
    // A code outside the spec's list is not a category.
    expect((await grant("demo#99")).status).toBe(401);
  });

  it("the institution data lists the categories to choose, in the spec's order, named by the library", async () => {
    const inst = await (await get(t.app, "/api/parametros/instituicao", await publicToken(t.app))).json();
    expect(inst.login_variante).toBe("categoria");
    // The spec's codes the library has (04, 10, Intercamb and MembroComun are not in its category table).
    expect(inst.categorias_login.map((c: { codigo: string }) => c.codigo)).toEqual(["01", "19", "03", "06", "07", "21", "09", "05", "12", "08"]);
    expect(inst.categorias_login[0]).toEqual({ codigo: "01", descricao: "Aluno de graduação" });
    expect(inst.categorias_login).toContainEqual({ codigo: "12", descricao: "Professor" });
  });

  it("offers no duplicate persons", async () => {
    expect(await duplicadas(DUPLICATE_DOCUMENT)).toEqual({ result: false, pessoas: [] });
  });
});

describe("without a variant", () => {
  beforeAll(() => variant(null));
  it("a combined name is just an unknown login", async () => {
    expect((await grant(`${DUPLICATE_DOCUMENT}#1`)).status).toBe(401);
    expect((await duplicadas(DUPLICATE_DOCUMENT)).result).toBe(false);
  });
});
