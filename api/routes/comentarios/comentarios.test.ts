import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, insertTitles, login, publicToken } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let demo: string;
let title: number;

function post(url: string, token: string, body: unknown, lang = "1") {
  return t.app.request(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", lang },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  t = await createTestApi();
  demo = (await login(t.app, "demo")).access_token;
  [title] = await insertTitles(t.db, [{ titulo: "Obra comentada", copies: 1 }]);
});
afterAll(async () => t.cleanup());

describe("comments on a title", () => {
  it("needs a library and non-blank text", async () => {
    const res = await post(`/api/comentarios/acervo/${title}`, demo, { texto: "   " });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(["biblioteca", "texto"]);
  });

  it("refuses a visitor without login", async () => {
    expect((await post(`/api/comentarios/acervo/${title}`, await publicToken(t.app), { texto: "Oi", biblioteca: 1 })).status).toBe(403);
  });

  it("stores a comment awaiting approval, shown only to its author until approved", async () => {
    const res = await post(`/api/comentarios/acervo/${title}`, demo, { texto: "  Ótimo livro.  ", biblioteca: 1 });
    expect(res.status).toBe(201);
    const posted = await res.json();
    expect(posted.situacao).toBe("aguardando");
    const mine = await (await get(t.app, `/api/comentarios/acervo/${title}`, demo)).json();
    expect(mine).toEqual([
      expect.objectContaining({ cod_comentario: posted.cod_comentario, texto: "Ótimo livro.", situacao: "aguardando", proprio: true, autor: "Ana" }),
    ]);
    expect(await (await get(t.app, `/api/comentarios/acervo/${title}`, await publicToken(t.app))).json()).toEqual([]);
    await t.db.updateTable("comentario").set({ situacao: "aprovado" }).where("cod_comentario", "=", posted.cod_comentario).execute();
    const approved = await (await get(t.app, `/api/comentarios/acervo/${title}`, await publicToken(t.app))).json();
    expect(approved).toEqual([expect.objectContaining({ situacao: "aprovado", proprio: false })]);
  });

  it("refuses a comment over the category's limit of comments awaiting approval, with 'comment not sent'", async () => {
    // Category 01 allows 5 awaiting approval; the approved one above no longer counts.
    for (let i = 0; i < 5; i++)
      expect((await post(`/api/comentarios/acervo/${title}`, demo, { texto: `Comentário ${i}`, biblioteca: 1 })).status).toBe(201);
    const res = await post(`/api/comentarios/acervo/${title}`, demo, { texto: "Mais um", biblioteca: 1 }, "5");
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: "limite_comentarios",
      message: "Limit of comments awaiting approval exceeded: comment not sent.",
    });
    // The general comment shares the limit.
    expect((await post("/api/comentario", demo, { content: "Geral", b: 1 })).status).toBe(422);
  });
});

describe("general comment and purchase suggestion", () => {
  it("stores a general comment {content, b}", async () => {
    const token = (await login(t.app, "posgrad")).access_token;
    const res = await post("/api/comentario", token, { content: "A biblioteca podia abrir domingo.", b: 2 });
    expect(res.status).toBe(201);
    const row = await t.db
      .selectFrom("comentario")
      .selectAll()
      .where("cod_comentario", "=", (await res.json()).cod_comentario)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cod_acervo: null, cod_biblioteca: 2, situacao: "aguardando" });
  });

  it("requires library, titulo and editor (trimmed) with 'required field not filled'", async () => {
    const res = await post("/api/sugestao-aquisicao", demo, { titulo: "", editor: "   " });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      biblioteca: ["Campo obrigatório não preenchido: Biblioteca"],
      titulo: ["Campo obrigatório não preenchido: Título"],
      editor: ["Campo obrigatório não preenchido: Editora"],
    });
  });

  it("stores a suggestion with the library's campus", async () => {
    const res = await post("/api/sugestao-aquisicao", demo, {
      biblioteca: 3,
      titulo: " Dom Casmurro ",
      editor: " Garnier ",
      autor: "Machado de Assis",
    });
    expect(res.status).toBe(201);
    const row = await t.db
      .selectFrom("sugestao_aquisicao")
      .selectAll()
      .where("cod_sugestao", "=", (await res.json()).cod_sugestao)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cod_campus: 2, titulo: "Dom Casmurro", editor: "Garnier", situacao: "pre_sugestao" });
  });

  it("refuses a campus that is not the library's", async () => {
    const res = await post("/api/sugestao-aquisicao", demo, { campus: 1, biblioteca: 3, titulo: "X", editor: "Y" });
    expect((await res.json()).errors).toHaveProperty("campus");
  });

  it("lists the libraries with their campus, and the campuses", async () => {
    const libs = await (await get(t.app, "/api/unidade-informacao?campus=2", demo)).json();
    expect(libs).toEqual([
      { cod_biblioteca: 3, desc_biblioteca: "Biblioteca do Campus Norte", sigla: "BCN", cod_campus: 2, nome_campus: "Campus Norte" },
    ]);
    expect(await (await get(t.app, "/api/unidade-informacao/campus", demo)).json()).toHaveLength(2);
  });
});
