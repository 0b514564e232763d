import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedTitlePages } from "../seed/title-pages.ts";
import { contentsFromMarc } from "../domain/contents.ts";
import { createTestApi, get, insertTitles, login, publicToken } from "../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let book: number;
let serial: number;
let plain: number;

const BOOK_MARC = {
  leader: "00000nam a2200000 a 4500",
  fields: [
    { "240": { ind1: "1", ind2: "0", subfields: [{ a: "Dom Casmurro." }, { l: "Português" }] } },
    { "245": { ind1: "1", ind2: "0", subfields: [{ a: "Dom Casmurro" }] } },
    { "246": { ind1: "3", ind2: " ", subfields: [{ a: "Casmurro" }] } },
    { "505": { ind1: "0", ind2: " ", subfields: [{ a: "Do título -- Do livro -- A denúncia." }] } },
    { "740": { ind1: "0", ind2: " ", subfields: [{ a: "Memórias póstumas." }] } },
  ],
};

beforeAll(async () => {
  t = await createTestApi({ patrons: true, titles: 4 });
  await t.db.insertInto("tipo_obra").values({ cod_tipo_obra: 2, descricao: "Periódico" }).execute();
  [book, serial, plain] = await insertTitles(t.db, [
    { titulo: "Dom Casmurro", marc: BOOK_MARC, copies: 1 },
    { titulo: "Revista de demonstração", copies: 1 },
    { titulo: "Sem nada", copies: 0 },
  ]);
  await t.db.updateTable("acervo").set({ cod_tipo_obra: 2 }).where("cod_acervo", "=", serial).execute();
  await t.db
    .insertInto("acervo_link")
    .values([{ cod_acervo: book, url: "https://ebooks.example.org/dom-casmurro", descricao: "E-book", restrito: 1 }])
    .execute();
  await seedTitlePages(t.db, { now: Date.UTC(2025, 5, 30) });
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

describe("authorities", () => {
  let person: number;
  let subject: number;
  beforeAll(async () => {
    const ins = (tipo: number, cabecalho: string, ver: string[], ver_tambem: string[]) =>
      t.db
        .insertInto("autoridade")
        .values({
          chave_origem: `t-${cabecalho}`,
          tipo,
          cabecalho,
          cabecalho_normalizado: cabecalho
            .toLowerCase()
            .replace(/[^\p{L}\p{N}]+/gu, " ")
            .trim(),
          ver: JSON.stringify(ver),
          ver_tambem: JSON.stringify(ver_tambem),
          notas: JSON.stringify(["Fonte: catálogo"]),
          marc: JSON.stringify({ leader: "00000nz  a2200000n  4500", fields: [{ "100": { ind1: "1", ind2: " ", subfields: [{ a: cabecalho }] } }] }),
        })
        .returning("cod_autoridade")
        .executeTakeFirstOrThrow();
    subject = (await ins(5, "Literatura brasileira", [], [])).cod_autoridade;
    person = (await ins(1, "Machado de Assis, 1839-1908", ["Assis, Machado de"], ["Literatura brasileira", "Sem registro"])).cod_autoridade;
    await t.db.insertInto("acervo_autoridade").values({ cod_acervo: book, cod_autoridade: person }).execute();
  });

  it("shows the heading, type, see and see-also references (resolved when they are authorities) and linked titles", async () => {
    const res = await get(t.app, `/api/autoridade/${person}`, token, "5");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      cod_autoridade: person,
      tipo: 1,
      desc_tipo: "People",
      cabecalho: "Machado de Assis, 1839-1908",
      ver: ["Assis, Machado de"],
      ver_tambem: [
        { cabecalho: "Literatura brasileira", cod_autoridade: subject },
        { cabecalho: "Sem registro", cod_autoridade: null },
      ],
      notas: ["Fonte: catálogo"],
      total_acervos: 1,
      acervos: [{ cod_acervo: book, titulo: "Dom Casmurro", autor: null, ano_publicacao: null }],
    });
  });

  it("serves the authority's MARC record, and 404 for an unknown one", async () => {
    const marc = await (await get(t.app, `/api/autoridade/${person}/marc`, token)).json();
    expect(marc.campos[0]).toMatchObject({ tag: "100", subcampos: [{ codigo: "a", valor: "Machado de Assis, 1839-1908" }] });
    expect((await get(t.app, "/api/autoridade/999999", token)).status).toBe(404);
  });

  it("lists the nine authority types for the search tab", async () => {
    const combo = await (await get(t.app, "/api/autoridade/combo", token)).json();
    expect(combo).toHaveLength(9);
    expect(combo[5]).toEqual({ codigo: 6, descricao: "Assuntos geográficos" });
  });
});

describe("title sub-page data", () => {
  it("counts the title's loans per year and per month from the loan history", async () => {
    const anos: Array<{ ano: number; emprestimos: number }> = await (await get(t.app, `/api/acervo/${book}/dados-estatisticos/anos`, token)).json();
    const rows = await t.db
      .selectFrom("emprestimo")
      .innerJoin("exemplar", "exemplar.cod_exemplar", "emprestimo.cod_exemplar")
      .select("data_emprestimo")
      .where("exemplar.cod_acervo", "=", book)
      .execute();
    expect(anos.reduce((s, a) => s + a.emprestimos, 0)).toBe(rows.length);
    expect(anos.map((a) => a.ano)).toEqual([...anos.map((a) => a.ano)].sort());
    const year = anos[anos.length - 1].ano;
    const meses = await (await get(t.app, `/api/acervo/${book}/dados-estatisticos/dados/${year}`, token)).json();
    expect(meses.meses).toHaveLength(12);
    expect(meses.meses.reduce((s: number, m: { emprestimos: number }) => s + m.emprestimos, 0)).toBe(anos[anos.length - 1].emprestimos);
  });

  it("gives a title without copies no loan history", async () => {
    expect(await (await get(t.app, `/api/acervo/${plain}/dados-estatisticos/anos`, token)).json()).toEqual([]);
  });

  it("returns additional titles of several titles in one call", async () => {
    const res = await get(t.app, `/api/acervo/titulos-adicionais?acervos=${book},${plain}`, token);
    expect(res.status).toBe(200);
    const body: Array<{ cod_acervo: number; titulos: unknown[] }> = await res.json();
    expect(body.find((b) => b.cod_acervo === book)?.titulos).toEqual([
      { tipo: "uniforme", titulo: "Dom Casmurro. Português" },
      { tipo: "variante", titulo: "Casmurro" },
      { tipo: "relacionado", titulo: "Memórias póstumas" },
    ]);
    expect((await get(t.app, "/api/acervo/titulos-adicionais?acervos=x", token)).status).toBe(422);
  });

  it("includes each online link's code, for the restricted-access call", async () => {
    const a = await (await get(t.app, `/api/acervo/${book}`, token)).json();
    expect(a.links[0]).toMatchObject({ cod_link: expect.any(Number), restrito: true });
  });

  it("reads a book's table of contents from MARC 505, split at ' -- ' or '; '", async () => {
    const dados = await (await get(t.app, `/api/sumario/${book}/dados`, token)).json();
    expect(dados.livro.map((e: { titulo: string }) => e.titulo)).toEqual(["Do título", "Do livro", "A denúncia"]);
    expect(contentsFromMarc({ fields: [{ "505": { subfields: [{ a: "Vol. 1 Moeda; vol. 2 Crescimento." }] } }] }).map((e) => e.titulo)).toEqual([
      "Vol. 1 Moeda",
      "vol. 2 Crescimento",
    ]);
    expect(contentsFromMarc({ fields: [{ "505": { subfields: [{ t: "Prefácio /" }, { r: "A. Autor --" }, { t: "Um" }, { g: "p. 9" }] } }] })).toEqual(
      [
        { titulo: "Prefácio", autor: "A. Autor", pagina: null },
        { titulo: "Um", autor: null, pagina: "p. 9" },
      ],
    );
  });
});

describe("kardex", () => {
  it("allows the kardex only for a title with issues", async () => {
    expect(await (await get(t.app, `/api/kardex/${serial}/permissao`, token)).json()).toEqual({ permitido: true });
    expect(await (await get(t.app, `/api/kardex/${book}/permissao`, token)).json()).toEqual({ permitido: false });
    expect((await get(t.app, "/api/kardex/999999/permissao", token)).status).toBe(404);
  });

  it("offers the libraries and years of the issues, and filters the issues by them", async () => {
    const combos = await (await get(t.app, `/api/kardex/${serial}/combobox-data`, token)).json();
    expect(combos.bibliotecas.map((b: { cod_biblioteca: number }) => b.cod_biblioteca)).toEqual([1, 2]);
    expect(combos.anos).toEqual([2025, 2024, 2023]);
    const all: unknown[] = await (await get(t.app, `/api/kardex/${serial}/data`, token)).json();
    const one: Array<{ ano: number; biblioteca: { cod_biblioteca: number } }> = await (
      await get(t.app, `/api/kardex/${serial}/data?codBib=2&year=2024`, token)
    ).json();
    expect(one).toHaveLength(4);
    expect(one.every((f) => f.ano === 2024 && f.biblioteca.cod_biblioteca === 2)).toBe(true);
    expect(all.length).toBeGreaterThan(one.length);
  });

  it("shows one issue with its table of contents, and 404 for an issue of another title", async () => {
    const [issue] = await (await get(t.app, `/api/kardex/${serial}/data?codBib=1&year=2024`, token)).json();
    const item = await (await get(t.app, `/api/kardex/${serial}/item?seqPar=${issue.cod_fasciculo}`, token)).json();
    expect(item).toMatchObject({ cod_fasciculo: issue.cod_fasciculo, possui_sumario: true });
    expect(item.sumario.length).toBeGreaterThanOrEqual(3);
    expect((await get(t.app, `/api/kardex/${book}/item?seqPar=${issue.cod_fasciculo}`, token)).status).toBe(404);
    const dados = await (await get(t.app, `/api/sumario/${serial}/dados`, token)).json();
    expect(dados.fasciculos.some((f: { cod_fasciculo: number }) => f.cod_fasciculo === issue.cod_fasciculo)).toBe(true);
  });
});

describe("restricted links and providers", () => {
  const post = (url: string, tok: string, body: unknown) =>
    t.app.request(url, {
      method: "POST",
      headers: { authorization: `Bearer ${tok}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("needs a patron to open a restricted link, then logs the access and returns the address", async () => {
    const link = await t.db.selectFrom("acervo_link").select("cod_link").where("cod_acervo", "=", book).executeTakeFirstOrThrow();
    const anon = await post(`/api/acesso-restrito/${book}/s/${link.cod_link}`, token, { browser: "Firefox" });
    expect(anon.status).toBe(403);
    const { access_token } = await login(t.app, "demo");
    const res = await post(`/api/acesso-restrito/${book}/s/${link.cod_link}`, access_token, {
      userId: 99,
      browser: "Firefox",
      device: "desktop",
      os: "Linux",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: "https://ebooks.example.org/dom-casmurro" });
    const log = await t.db.selectFrom("acesso_link").selectAll().where("cod_link", "=", link.cod_link).execute();
    expect(log).toMatchObject([{ cod_pessoa: 1, navegador: "Firefox", dispositivo: "desktop", sistema: "Linux" }]);
    expect((await post(`/api/acesso-restrito/${plain}/s/${link.cod_link}`, access_token, {})).status).toBe(404);
  });

  it("never hands out a script or data address as a restricted link to open, and logs no access to it", async () => {
    const { access_token } = await login(t.app, "demo");
    for (const url of ["javascript:alert(document.cookie)", " JaVa\tScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>"]) {
      const { cod_link } = await t.db
        .insertInto("acervo_link")
        .values({ cod_acervo: book, url, descricao: null, restrito: 1, acessibilidade: 0 })
        .returning("cod_link")
        .executeTakeFirstOrThrow();
      expect((await post(`/api/acesso-restrito/${book}/s/${cod_link}`, access_token, {})).status).toBe(404);
      expect(await t.db.selectFrom("acesso_link").select("cod_link").where("cod_link", "=", cod_link).execute()).toEqual([]);
      await t.db.deleteFrom("acervo_link").where("cod_link", "=", cod_link).execute();
    }
  });

  it("gives the institution's default cover, not a stored script or data address, as a title's cover", async () => {
    await t.db.updateTable("acervo").set({ link_capa: "javascript:alert(1)" }).where("cod_acervo", "=", plain).execute();
    const body = await (await get(t.app, `/api/vinculos/imagem?cod_acervo=${plain}`, token)).json();
    await t.db.updateTable("acervo").set({ link_capa: null }).where("cod_acervo", "=", plain).execute();
    expect(body).toMatchObject({ cod_acervo: plain, padrao: true });
  });

  it("gives a patron the Grupo A and external-base addresses, and refuses an unknown base", async () => {
    const { access_token } = await login(t.app, "demo");
    const g = await (await post("/api/vinculos/grupoa", access_token, { sessionid: "abc" })).json();
    expect(new URL(g.url).searchParams.get("sessionid")).toBe("abc");
    const p = await (await get(t.app, "/api/vinculos/target/pearson", access_token)).json();
    expect(new URL(p.url).hostname).toBe("pearson.example.org");
    expect((await get(t.app, "/api/vinculos/target/nowhere", access_token)).status).toBe(422);
    expect((await get(t.app, "/api/vinculos/target/pearson", token)).status).toBe(403);
  });

  it("does not put a token check on other /api paths", async () => {
    expect(
      (
        await t.app.request("/api/oauth/token", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "grant_type=client_credentials&client_id=4",
        })
      ).status,
    ).toBe(200);
  });
});
