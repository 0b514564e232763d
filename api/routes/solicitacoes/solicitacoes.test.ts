import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, login, publicToken } from "../../lib/testing.ts";
import { DEMO_ILL_TITLE, seedLibraryRequests } from "../../seed/library-requests.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let demo: string;

beforeAll(async () => {
  t = await createTestApi();
  await seedLibraryRequests(t.db);
  demo = (await login(t.app, "demo")).access_token;
});
afterAll(async () => t.cleanup());

const post = (url: string, token: string, body: unknown, lang?: string) =>
  t.app.request(`/api/solicitacoes/${url}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(lang ? { lang } : {}) },
    body: JSON.stringify(body),
  });

const SURVEY = { assunto_geral: "Bibliotecas escolares", data_inicio: "2020-01-01", data_fim: "2024-12-31", tipo_publicacao: "impresso" };
const CARD = {
  autor: "Lima, Carla",
  titulo: "Um título",
  orientador: "Helena Martins",
  tipo_trabalho: "mestrado",
  curso: "Educação",
  ano: 2026,
  total_paginas: 120,
  palavras_chave: "Educação; Leitura",
  email: "carla@example.org",
};

describe("requests to the library: lists", () => {
  it("lists each kind of the patron's requests with its statuses, newest first, and filters by status", async () => {
    const all = await (await get(t.app, "/api/solicitacoes/comutacao-bibliografica", demo)).json();
    expect(all.map((r: { subtipo: string; situacao: string }) => [r.subtipo, r.situacao])).toEqual([
      ["artigo", "em_andamento"],
      ["tese", "atendida"],
      ["parte-documento", "nao_atendida"],
    ]);
    const answered = await (await get(t.app, "/api/solicitacoes/ficha-catalografica?status=atendida", demo)).json();
    expect(answered).toHaveLength(1);
    expect(answered[0].resposta).toMatchObject({ cutter: "S729a", classificacao: "CDU 025.4:004.5" });
    expect((await get(t.app, "/api/solicitacoes/ficha-catalografica?status=perdida", demo)).status).toBe(422);
  });

  it("answers GET emprestimo-inter-bibliotecas with the patron's interlibrary loans", async () => {
    const body = await (await get(t.app, "/api/solicitacoes/emprestimo-inter-bibliotecas", demo)).json();
    expect(body.map((r: { dados: { titulo: string } }) => r.dados.titulo)).toContain(DEMO_ILL_TITLE);
  });

  it("gives one request by id only to its owner and kind", async () => {
    const [card] = await (await get(t.app, "/api/solicitacoes/ficha-catalografica?status=atendida", demo)).json();
    expect((await get(t.app, `/api/solicitacoes/ficha-catalografica/${card.cod_solicitacao}`, demo)).status).toBe(200);
    expect((await get(t.app, `/api/solicitacoes/pesquisa-especializada/${card.cod_solicitacao}`, demo)).status).toBe(404);
    const other = (await login(t.app, "posgrad")).access_token;
    expect((await get(t.app, `/api/solicitacoes/ficha-catalografica/${card.cod_solicitacao}`, other)).status).toBe(404);
  });

  it("keeps requests away from the public token", async () => {
    expect((await get(t.app, "/api/solicitacoes/levantamento-bibliografico", await publicToken(t.app))).status).toBe(403);
  });
});

describe("requests to the library: creating", () => {
  it("creates an interlibrary loan and refuses an unknown receiving library", async () => {
    const { access_token } = await login(t.app, "funcionario");
    const res = await post("emprestimo-inter-bibliotecas", access_token, { titulo: "Obra rara", biblioteca_recebimento: 1 });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ tipo: "emprestimo-inter-bibliotecas", situacao: "aguardando", dados: { titulo: "Obra rara" } });
    const bad = await post("emprestimo-inter-bibliotecas", access_token, { titulo: "Outra", biblioteca_recebimento: 999 });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.biblioteca_recebimento).toBeDefined();
  });

  it("names every wrong field at once: a future year, an ISBN that is not one and an unknown library", async () => {
    const { access_token } = await login(t.app, "funcionario");
    const res = await post("emprestimo-inter-bibliotecas", access_token, {
      titulo: "Obra",
      ano: 2999,
      isbn_issn: "xyz!!",
      biblioteca_recebimento: 999,
    });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(["ano", "biblioteca_recebimento", "isbn_issn"]);
    const ok = await post("emprestimo-inter-bibliotecas", access_token, {
      titulo: "Obra com ISBN",
      ano: new Date().getFullYear(),
      isbn_issn: "978-85-333-0227-3",
      biblioteca_recebimento: 1,
    });
    expect(ok.status).toBe(201);
  });

  it("refuses article pages whose start is after their end", async () => {
    const { access_token } = await login(t.app, "funcionario");
    const res = await post("comutacao-bibliografica/artigo", access_token, {
      titulo_artigo: "A",
      titulo_periodico: "P",
      ano: 2020,
      paginas: "62-45",
      email: "x@example.org",
    });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(["paginas"]);
  });

  it("asks each switching kind for its own required fields", async () => {
    const { access_token } = await login(t.app, "funcionario");
    const art = await post("comutacao-bibliografica/artigo", access_token, { titulo_artigo: " ", email: "x@example.org" });
    expect(art.status).toBe(422);
    expect(Object.keys((await art.json()).errors).sort()).toEqual(["ano", "titulo_artigo", "titulo_periodico"]);
    const thesis = await post("comutacao-bibliografica/tese", access_token, {
      titulo: "T",
      autor: "A",
      grau_defesa: "licenciatura",
      email: "x@example.org",
    });
    expect((await thesis.json()).errors).toEqual({ grau_defesa: ["Valor inválido."] });
    const part = await post("comutacao-bibliografica/parte-documento", access_token, {
      titulo_parte: "Cap. 1",
      autor_parte: "Autor",
      titulo_documento: "Livro",
      email: "x@example.org",
    });
    expect(part.status).toBe(201);
    expect(await part.json()).toMatchObject({ tipo: "comutacao-bibliografica", subtipo: "parte-documento" });
    expect((await post("comutacao-bibliografica/livro", access_token, {})).status).toBe(422);
  });

  it("refuses a switching request with a malformed contact e-mail", async () => {
    const { access_token } = await login(t.app, "funcionario");
    const res = await post("comutacao-bibliografica/artigo", access_token, {
      titulo_artigo: "A",
      titulo_periodico: "P",
      ano: 2020,
      email: "sem-arroba",
    });
    expect((await res.json()).errors).toEqual({ email: ["Valor inválido."] });
  });

  it("requires both survey dates, the start not after the end (spec §5)", async () => {
    const { access_token } = await login(t.app, "funcionario");
    const missing = await post("levantamento-bibliografico", access_token, { ...SURVEY, data_fim: "" });
    expect((await missing.json()).errors).toEqual({ data_fim: ["O campo acima é obrigatório."] });
    const reversed = await post("levantamento-bibliografico", access_token, { ...SURVEY, data_inicio: "2025-01-01" }, "5");
    expect(reversed.status).toBe(422);
    expect((await reversed.json()).errors).toEqual({ data_fim: ["The start date cannot be after the end date."] });
  });

  it("refuses a bibliography start page after its end page, and one page without the other (spec §5)", async () => {
    const { access_token } = await login(t.app, "funcionario");
    const reversed = await post("levantamento-bibliografico", access_token, {
      ...SURVEY,
      pagina_bibliografia_inicial: 30,
      pagina_bibliografia_final: 12,
    });
    expect((await reversed.json()).errors).toEqual({
      pagina_bibliografia_final: ["A página inicial da bibliografia não pode ser maior que a página final."],
    });
    const half = await post("levantamento-bibliografico", access_token, { ...SURVEY, pagina_bibliografia_inicial: 30 });
    expect((await half.json()).errors).toEqual({ pagina_bibliografia_final: ["Informe as páginas inicial e final da bibliografia."] });
    const ok = await post("levantamento-bibliografico", access_token, {
      ...SURVEY,
      pagina_bibliografia_inicial: 12,
      pagina_bibliografia_final: 12,
      folha_rosto: true,
    });
    expect(ok.status).toBe(201);
  });

  it("refuses a publication type outside printed, online and both", async () => {
    const { access_token } = await login(t.app, "funcionario");
    const res = await post("levantamento-bibliografico", access_token, { ...SURVEY, assunto_geral: "Outro", tipo_publicacao: "microfilme" });
    expect((await res.json()).errors).toEqual({ tipo_publicacao: ["Valor inválido."] });
  });

  it("checks a specialised search's optional period in order", async () => {
    const { access_token } = await login(t.app, "funcionario");
    const res = await post("pesquisa-especializada", access_token, {
      tema: "T",
      finalidade: "F",
      email: "f@example.org",
      periodo_inicio: "2024-02-01",
      periodo_fim: "2024-01-01",
    });
    expect(Object.keys((await res.json()).errors)).toEqual(["periodo_fim"]);
    expect((await post("pesquisa-especializada", access_token, { tema: "T", finalidade: "F", email: "f@example.org" })).status).toBe(201);
  });

  it("refuses a request with the same data as an open one of the same kind (spec §8), whatever the case and spaces", async () => {
    const res = await post("emprestimo-inter-bibliotecas", demo, {
      titulo: `  ${DEMO_ILL_TITLE.toUpperCase()} `,
      autor: "Mey, Eliane Serrão Alves",
      ano: 2009,
      instituicao_fornecedora: "Universidade Federal do Rio de Janeiro",
      biblioteca_recebimento: 1,
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "solicitacao_duplicada", message: "Já existe uma solicitação com os mesmos dados." });
  });

  it("accepts the same data again once the earlier request is settled", async () => {
    const res = await post("emprestimo-inter-bibliotecas", demo, {
      titulo: "Fundamentos de biblioteconomia",
      autor: "Ortega, Cristina Dotta",
      biblioteca_recebimento: 1,
    });
    expect(res.status).toBe(201);
  });

  it("refuses a request over the category's limit of open requests of a kind (spec §8), counting only that kind", async () => {
    const { access_token } = await login(t.app, "posgrad");
    const limit = Number(
      (await t.db.selectFrom("categoria").select("limite_solicitacoes").where("cod_categoria", "=", "03").executeTakeFirstOrThrow())
        .limite_solicitacoes,
    );
    for (let i = 0; i < limit; i++) expect((await post("ficha-catalografica", access_token, { ...CARD, titulo: `Título ${i}` })).status).toBe(201);
    const over = await post("ficha-catalografica", access_token, { ...CARD, titulo: "Mais um" }, "3");
    expect(over.status).toBe(422);
    expect(await over.json()).toMatchObject({ code: "limite_solicitacoes", message: "Límite de solicitudes excedido." });
    expect((await post("pesquisa-especializada", access_token, { tema: "T", finalidade: "F", email: "f@example.org" })).status).toBe(201);
  });

  it("lets a blocked patron read but not request", async () => {
    const res = await post("pesquisa-especializada", (await login(t.app, "bloqueado")).access_token, {
      tema: "T",
      finalidade: "F",
      email: "f@example.org",
    });
    expect(res.status).toBe(403);
  });
});
