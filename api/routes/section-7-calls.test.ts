/**
 * The smaller calls of spec §7 that no group's own tests reach: the directory (Consulta), a title's links, colour and
 * libraries (Acervo), covers and access counts (Vinculos), and the parameters, app layers and person calls.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, login, publicToken } from "../lib/testing.ts";
import { seedApiContract } from "../seed/api-contract.ts";
import { seedTeachingPlans } from "../seed/teaching-plans.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let pub: string;
let patron: string;

beforeAll(async () => {
  t = await createTestApi({ titles: 3 });
  await seedTeachingPlans(t.db);
  await t.db
    .insertInto("acervo_link")
    .values([{ cod_acervo: 2, url: "https://example.org/2", descricao: "Texto completo", restrito: 0 }])
    .execute();
  await t.db.updateTable("acervo").set({ link_capa: "https://covers.example.org/1.jpg" }).where("cod_acervo", "=", 1).execute();
  await seedApiContract(t.db);
  pub = await publicToken(t.app);
  patron = (await login(t.app, "demo")).access_token;
});
afterAll(async () => t.cleanup());

const json = async (path: string, token = pub, status = 200) => {
  const res = await get(t.app, path, token);
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(status);
  return res.json();
};
const send = (method: string, path: string, body: unknown, token = patron) =>
  t.app.request(path, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });

describe("Consulta: the directory", () => {
  it("lists libraries with campus, address and seven days of hours, filtered by text and campus", async () => {
    const all = await json("/api/bibliotecas");
    expect(all).toMatchObject({ total: 3, pagina: 1, qtd: 20 });
    expect(all.resultados[0]).toMatchObject({
      desc_biblioteca: "Biblioteca Central",
      nome_campus: "Campus Central",
      endereco: expect.stringContaining("Praça"),
    });
    expect(all.resultados[0].horarios).toHaveLength(7);
    expect((await json("/api/bibliotecas?codCampus=2")).resultados.map((b: { sigla: string }) => b.sigla)).toEqual(["BCN"]);
    expect((await json("/api/bibliotecas?search_text=SAÚDE")).resultados.map((b: { sigla: string }) => b.sigla)).toEqual(["BCS"]);
    expect((await json("/api/bibliotecas?page=2")).resultados).toEqual([]);
  });

  it("answers one library, campus, course, discipline and professor by code, and 404 for an unknown one", async () => {
    expect(await json("/api/biblioteca/3")).toMatchObject({ sigla: "BCN", nome_campus: "Campus Norte" });
    expect(await json("/api/campus/1")).toEqual({ cod_campus: 1, nome_campus: "Campus Central", bibliotecas: 2 });
    const course = (await json("/api/cursos")).resultados[0];
    expect(await json(`/api/curso/${course.codigo}`)).toEqual(course);
    const disc = (await json("/api/disciplinas")).resultados[0];
    expect(await json(`/api/disciplina/${disc.codigo}`)).toEqual(disc);
    const prof = (await json("/api/professores")).resultados[0];
    expect(Object.keys(prof)).toEqual(["codigo", "descricao"]);
    expect(await json(`/api/professor/${prof.codigo}`)).toEqual(prof);
    expect((await json("/api/biblioteca/999", pub, 404)).code).toBe("nao_encontrado");
    expect((await json(`/api/professor/1`, pub, 404)).code).toBe("nao_encontrado"); // a student is not a professor
  });

  it("pages and searches campuses, courses and disciplines", async () => {
    expect((await json("/api/campus?search_text=norte")).resultados).toEqual([{ cod_campus: 2, nome_campus: "Campus Norte", bibliotecas: 1 }]);
    const some = (await json("/api/disciplinas")).resultados[0];
    const found = await json(`/api/disciplinas?search_text=${encodeURIComponent(some.descricao.slice(0, 5))}`);
    expect(found.resultados.map((d: { codigo: number }) => d.codigo)).toContain(some.codigo);
    expect((await json("/api/cursos?page=0", pub, 422)).errors.page).toBeDefined();
  });

  it("gives the default cover and the titles' indexing services", async () => {
    const cover = await json("/api/imagem-padrao");
    expect(cover.url).toBeNull();
    expect(cover.svg).toMatch(/^<svg /);
    const idx = await json("/api/acervos-indexados?acervos=1,2,3");
    expect(idx).toEqual([
      {
        cod_acervo: 2,
        indexado_em: [
          { nome: "SciELO", cobertura: null, url: "https://scielo.org" },
          { nome: "DOAJ", cobertura: null, url: "https://doaj.org" },
        ],
      },
    ]);
    expect((await json("/api/acervos-indexados?acervos=x", pub, 422)).errors.acervos).toBeDefined();
  });

  it("searches the Target standards by code or title", async () => {
    expect((await json("/api/produtos-target?termoPesquisa=6023")).map((p: { codigo: string }) => p.codigo)).toEqual(["ABNT NBR 6023"]);
    expect((await json("/api/produtos-target?termoPesquisa=citações")).map((p: { codigo: string }) => p.codigo)).toEqual(["ABNT NBR 10520"]);
    expect((await json("/api/produtos-target?termoPesquisa=a", pub, 422)).errors.termoPesquisa).toBeDefined();
  });
});

describe("Acervo: links, colour, libraries, totals, lists handed to a library, databases", () => {
  it("lists a title's links and libraries, and its work type's colour", async () => {
    expect(await json("/api/acervo/2/links")).toEqual([
      { cod_link: expect.any(Number), url: "https://example.org/2", descricao: "Texto completo", restrito: false, acessibilidade: false },
    ]);
    expect(await json("/api/acervo/1/bibliotecas")).toEqual([
      { cod_biblioteca: 1, desc_biblioteca: "Biblioteca Central", sigla: "BC", nome_campus: "Campus Central", exemplares: 1, disponiveis: 1 },
    ]);
    expect((await json("/api/acervo/1/cor")).cor).toMatch(/^#[0-9a-f]{6}$/);
    expect((await json("/api/acervo/999/links", pub, 404)).code).toBe("nao_encontrado");
  });

  it("counts titles and copies by work type, by library and date range", async () => {
    expect(await json("/api/acervo/totais")).toEqual({
      titulos: 3,
      exemplares: 3,
      por_tipo_obra: [{ cod_tipo_obra: 1, descricao: "Livro", titulos: 3, exemplares: 3 }],
    });
    expect((await json("/api/acervo/totais?biblioteca=2")).titulos).toBe(0);
    expect((await json("/api/acervo/totais?dataIni=2001-01-01&dataFim=2000-01-01", pub, 422)).errors.dataIni).toBeDefined();
  });

  it("hands the basket to a library and lists it back; a public token may not", async () => {
    const res = await send("POST", "/api/acervo/gravar-armazem", { cesta: [1, 3, 999], cod_biblioteca: 2 });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ itens: 2 });
    const lists = await json("/api/acervo/dados-armazem", patron);
    expect(lists[0]).toMatchObject({ biblioteca: { cod_biblioteca: 2 }, acervos: [{ cod_acervo: 1 }, { cod_acervo: 3 }] });
    expect((await (await send("POST", "/api/acervo/gravar-armazem", { cesta: [1], cod_biblioteca: 99 })).json()).errors.cod_biblioteca).toBeDefined();
    expect((await send("POST", "/api/acervo/gravar-armazem", { cesta: [1], cod_biblioteca: 1 }, pub)).status).toBe(403);
  });

  it("lists the external databases the patron may use", async () => {
    const bases = await json("/api/acervo/meu-pergamum/bases-dados", patron);
    expect(bases).toContainEqual({ base: "pearson", descricao: "Biblioteca Virtual Pearson" });
    expect((await json("/api/acervo/meu-pergamum/bases-dados", pub, 403)).code).toBe("login_necessario");
  });
});

describe("Vinculos", () => {
  it("gives a title's cover, or says the default applies", async () => {
    expect(await json("/api/vinculos/imagem?cod_acervo=1")).toEqual({ cod_acervo: 1, url: "https://covers.example.org/1.jpg", padrao: false });
    expect(await json("/api/vinculos/imagem?cod_acervo=2")).toEqual({ cod_acervo: 2, url: null, padrao: true });
  });

  it("groups the links of a results page by title", async () => {
    expect((await json("/api/vinculos/links-resultado?acervos=1,2")).map((r: { cod_acervo: number }) => r.cod_acervo)).toEqual([2]);
  });

  it("counts an access, anonymous or not, and refuses an unknown title", async () => {
    expect((await send("POST", "/api/vinculos/estatistica-acesso", { cod_acervo: 2, origem: "titulo" }, pub)).status).toBe(202);
    expect((await send("POST", "/api/vinculos/estatistica-acesso", { cod_acervo: 999, origem: "titulo" })).status).toBe(404);
    expect((await send("POST", "/api/vinculos/estatistica-acesso", { cod_acervo: 2, origem: "x" })).status).toBe(422);
    const rows = await t.db.selectFrom("estatistica_acesso").selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it("opens an ABNT standard for a patron only", async () => {
    const [std] = await json("/api/produtos-target?termoPesquisa=6023");
    const { url } = await json(`/api/vinculos/abnt/${std.cod_produto}`, patron);
    expect(new URL(url).searchParams.get("norma")).toBe("ABNT NBR 6023");
    expect((await get(t.app, `/api/vinculos/abnt/${std.cod_produto}`, pub)).status).toBe(403);
  });
});

describe("Parametros, autenticar and pessoas", () => {
  it("lists Eventum events soonest first, the app layers and an activity's note", async () => {
    const ev = await json("/api/parametros/eventos_eventum");
    expect(ev).toHaveLength(2);
    expect(ev[0].data_inicio <= ev[1].data_inicio).toBe(true);
    expect((await json("/api/parametros/app-layers")).map((l: { codigo: string }) => l.codigo)).toContain("emprestimos");
    expect((await json("/api/parametros/atividade/12/informativo")).informativo).toMatch(/^<p>/);
    expect(await json("/api/parametros/atividade/13/informativo")).toEqual({ cod_atividade: 13, informativo: null });
  });

  it("gives the patron their app layers and a one-time redirect ticket", async () => {
    const layers = await json("/api/autenticar/app-layers", patron);
    expect(layers.every((l: { ativa: boolean }) => l.ativa)).toBe(true);
    const { token, expires_in } = await json("/api/autenticar/token-redireciona", patron);
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(expires_in).toBe(60);
    expect((await get(t.app, "/api/autenticar/token-redireciona", pub)).status).toBe(403);
  });

  it("answers the patron's own person, departments and the registration renewal", async () => {
    expect(await json("/api/pessoas", patron)).toMatchObject({ nome_pessoa: "Ana Beatriz Souza", categoria: { codigo: "01" }, professor: false });
    expect((await json("/api/pessoas/departamentos")).length).toBeGreaterThan(0);
    expect(await json("/api/pessoas/renovar", patron)).toMatchObject({ dias_restantes: 20, renovar: true });
    expect((await get(t.app, "/api/pessoas", pub)).status).toBe(403);
  });

  it("stores the base the private area hands over to, and gives its address", async () => {
    expect(await json("/api/pessoas/meu-pergamum/redirect", patron)).toEqual({ base: null, url: null });
    expect((await send("PUT", "/api/pessoas/redirect-base", { base: "pearson" })).status).toBe(200);
    const r = await json("/api/pessoas/meu-pergamum/redirect", patron);
    expect(r.base).toBe("pearson");
    expect(r.url).toMatch(/^https:\/\/pearson\.example\.org\/acesso\?ticket=/);
    expect((await send("PUT", "/api/pessoas/redirect-base", { base: "nope" })).status).toBe(422);
    expect((await send("PUT", "/api/pessoas/redirect-base", { base: null })).status).toBe(200);
  });
});
