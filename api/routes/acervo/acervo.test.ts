import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialectOf } from "../../db/index.ts";
import { createTestApi, get, insertTitles, publicToken } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let id: number;

const MARC = {
  leader: "00000nam a2200000 a 4500",
  fields: [
    { "001": "demo-1" },
    { "008": "200101s2019    bl            000 0 por d" },
    { "020": { ind1: " ", ind2: " ", subfields: [{ a: "9788535902778" }] } },
    { "100": { ind1: "1", ind2: " ", subfields: [{ a: "Machado de Assis, Joaquim Maria," }, { d: "1839-1908." }] } },
    { "245": { ind1: "1", ind2: "0", subfields: [{ a: "Dom Casmurro :" }, { b: "romance /" }, { c: "Machado de Assis." }] } },
    { "260": { ind1: " ", ind2: " ", subfields: [{ a: "São Paulo :" }, { b: "Penguin," }, { c: "2019." }] } },
    { "650": { ind1: " ", ind2: "4", subfields: [{ a: "Ficção brasileira" }] } },
    { "590": { ind1: " ", ind2: " ", subfields: [{ a: "Doação da família Souza" }] } },
    { "952": { ind1: " ", ind2: " ", subfields: [{ a: "BC" }, { p: "000123" }] } },
  ],
};

beforeAll(async () => {
  t = await createTestApi({ patrons: true, titles: 12 });
  [id] = await insertTitles(t.db, [
    {
      titulo: "Dom Casmurro",
      subtitulo: "romance",
      autor: "Machado de Assis, Joaquim Maria, 1839-1908",
      edicao: "2. ed.",
      local_publicacao: "São Paulo",
      editora: "Penguin",
      ano_publicacao: 2019,
      assuntos: ["Ficção brasileira"],
      marc: MARC,
      copies: 2,
    },
  ]);
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

describe("GET /api/acervo/{id}", () => {
  it("embeds the parts ?incluir= names, each as its own call answers it", async () => {
    const body = async (path: string) => (await get(t.app, path, token)).json();
    const res = await get(t.app, `/api/acervo/${id}?incluir=exemplares,permissoes,titulos_adicionais,comentarios`, token);
    expect(res.status).toBe(200);
    const a = await res.json();
    expect(a.exemplares).toEqual(await body(`/api/acervo/${id}/exemplares`));
    expect(a.exemplares).toHaveLength(2);
    expect(a.permissoes).toEqual(await body(`/api/acervo/${id}/permissoes`));
    expect(a.titulos_adicionais).toEqual((await body(`/api/acervo/titulos-adicionais?acervos=${id}`))[0].titulos);
    expect(a.comentarios).toEqual(await body(`/api/comentarios/acervo/${id}`));
    const { exemplares: _e, permissoes: _p, titulos_adicionais: _t, comentarios: _c, ...own } = a;
    expect(own).toEqual(await body(`/api/acervo/${id}`));
  });

  it("embeds only what it is asked for, and refuses an unknown part", async () => {
    const a = await (await get(t.app, `/api/acervo/${id}?incluir=permissoes`, token)).json();
    expect(Object.keys(a)).toContain("permissoes");
    expect(Object.keys(a)).not.toContain("exemplares");
    expect((await get(t.app, `/api/acervo/${id}?incluir=marc`, token)).status).toBe(422);
  });

  it("returns the title with decoded JSON arrays, type, language and institution, but not the MARC", async () => {
    const res = await get(t.app, `/api/acervo/${id}`, token);
    expect(res.status).toBe(200);
    const a = await res.json();
    expect(a).toMatchObject({
      cod_acervo: id,
      titulo: "Dom Casmurro",
      assuntos: ["Ficção brasileira"],
      autores_secundarios: [],
      desc_tipo_obra: "Livro",
      idioma_desc: "Português",
      links: [],
      autoridades: [],
      instituicao: { cod_empresa: 1, desc_empresa: "Universidade Federal de Demonstração" },
    });
    expect(a.marc).toBeUndefined();
  });

  it("answers 404 for a missing title, and 422 for a non-numeric id", async () => {
    expect((await get(t.app, "/api/acervo/999999", token)).status).toBe(404);
    expect((await get(t.app, "/api/acervo/abc", token)).status).toBe(422);
  });

  it("lists copies with their library, filtered by cod_unidade", async () => {
    const all = await (await get(t.app, `/api/acervo/${id}/exemplares`, token)).json();
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({
      biblioteca: { cod_biblioteca: 1, desc_biblioteca: "Biblioteca Central" },
      situacao: "disponivel",
      data_devolucao_prevista: null,
    });
    expect(await (await get(t.app, `/api/acervo/${id}/exemplares?cod_unidade=2`, token)).json()).toEqual([]);
  });

  it("shows the due date of a lent copy", async () => {
    const loan = await t.db
      .selectFrom("emprestimo")
      .innerJoin("exemplar", "exemplar.cod_exemplar", "emprestimo.cod_exemplar")
      .select(["exemplar.cod_acervo", "emprestimo.data_devolucao_prevista"])
      .where("emprestimo.data_devolucao", "is", null)
      .executeTakeFirstOrThrow();
    const copies = await (await get(t.app, `/api/acervo/${loan.cod_acervo}/exemplares`, token)).json();
    expect(copies[0]).toMatchObject({ situacao: "emprestado", data_devolucao_prevista: loan.data_devolucao_prevista });
  });

  it("serves the MARC record without local 59X/9XX fields unless liberacao=1", async () => {
    const pub = await (await get(t.app, `/api/acervo/${id}/marc`, token)).json();
    expect(pub.leader).toBe(MARC.leader);
    expect(pub.campos.map((c: { tag: string }) => c.tag)).toEqual(["001", "008", "020", "100", "245", "260", "650"]);
    expect(pub.campos[4]).toEqual({
      tag: "245",
      ind1: "1",
      ind2: "0",
      subcampos: [
        { codigo: "a", valor: "Dom Casmurro :" },
        { codigo: "b", valor: "romance /" },
        { codigo: "c", valor: "Machado de Assis." },
      ],
    });
    const full = await (await get(t.app, `/api/acervo/${id}/marc?liberacao=1`, token)).json();
    expect(full.campos.map((c: { tag: string }) => c.tag)).toContain("590");
  });

  it("formats the ABNT reference with the title marked bold", async () => {
    const r = await (await get(t.app, `/api/acervo/${id}/referencia`, token)).json();
    expect(r.referencia).toBe("MACHADO DE ASSIS, Joaquim Maria. Dom Casmurro: romance. 2. ed. São Paulo: Penguin, 2019.");
    expect(r.partes.filter((p: { destaque: boolean }) => p.destaque)).toEqual([{ texto: "Dom Casmurro", destaque: true }]);
  });

  it("maps the MARC record to Dublin Core", async () => {
    const { elementos } = await (await get(t.app, `/api/acervo/${id}/dublin-core`, token)).json();
    expect(elementos).toEqual(
      expect.arrayContaining([
        { elemento: "title", valor: "Dom Casmurro : romance" },
        { elemento: "creator", valor: "Machado de Assis, Joaquim Maria, 1839-1908" },
        { elemento: "subject", valor: "Ficção brasileira" },
        { elemento: "publisher", valor: "Penguin" },
        { elemento: "date", valor: "2019" },
        { elemento: "type", valor: "Text" },
        { elemento: "identifier", valor: "URN:ISBN:9788535902778" },
        { elemento: "language", valor: "por" },
      ]),
    );
  });

  it("allows a loan request but not a hold while copies are available", async () => {
    const p = await (await get(t.app, `/api/acervo/${id}/permissoes`, token)).json();
    expect(p).toMatchObject({ reserva: false, solicitacao_emprestimo: true, exemplares: 2, disponiveis: 2, comentario: true });
  });

  it("finds each copy's open loan and each issue's contents through an index, not by reading them all (ADR 210)", async () => {
    if (dialectOf(t.db) !== "sqlite") return;
    const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT e.cod_exemplar, m.data_devolucao_prevista FROM exemplar e
      LEFT JOIN emprestimo m ON m.cod_exemplar = e.cod_exemplar AND m.data_devolucao IS NULL WHERE e.cod_acervo = ${id}`.execute(t.db);
    const loans = plan.rows.map((r) => r.detail).find((d) => / m\b/.test(d));
    expect(loans).toMatch(/USING INDEX emprestimo_exemplar_aberto/);
    const issues = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT f.cod_fasciculo,
      EXISTS (SELECT 1 FROM sumario s WHERE s.cod_fasciculo = f.cod_fasciculo) FROM fasciculo f WHERE f.cod_acervo = ${id}`.execute(t.db);
    expect(issues.rows.map((r) => r.detail).find((d) => / s\b/.test(d))).toMatch(/USING (COVERING )?INDEX sumario_fasciculo/);
  });
});
