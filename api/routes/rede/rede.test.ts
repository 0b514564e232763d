import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "../../app.ts";
import { harvestLocalCatalogue, upsertNetworkRecords, type NetworkRecordInput } from "../../search/index.ts";
import { createTestApi, get, insertTitles, publicToken } from "../../lib/testing.ts";
import { seedNetworkMembers } from "../../seed/network.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
const BASE = "/api/rede-pergamum";

const record = (cod_origem: string, titulo: string, o: Partial<NetworkRecordInput> = {}): NetworkRecordInput => ({
  cod_origem,
  cod_tipo_obra: 1,
  titulo,
  subtitulo: null,
  autor: null,
  autores_secundarios: [],
  editora: null,
  local_publicacao: null,
  ano_publicacao: null,
  edicao: null,
  descricao_fisica: null,
  classificacao: null,
  idioma: "fre",
  isbn: null,
  issn: null,
  serie: null,
  assuntos: [],
  notas: [],
  link_online: null,
  ...o,
});

// Home (member 1): two "jazz" titles and one other. Member 2: two jazz records (French, 1990 and 2001).
// Member 3: three jazz records (one a sound recording, type 5), one without a year.
beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  await t.db.insertInto("tipo_obra").values({ cod_tipo_obra: 5, descricao: "Gravação de som" }).execute();
  await insertTitles(t.db, [
    { titulo: "História do jazz", autor: "Berendt, Joachim", ano_publicacao: 1987 },
    { titulo: "Jazz brasileiro", ano_publicacao: 2001 },
    { titulo: "Poesia reunida", ano_publicacao: 2001 },
  ]);
  await seedNetworkMembers(t.db);
  await harvestLocalCatalogue(t.db, 1);
  await upsertNetworkRecords(t.db, 2, [
    record("fr-1", "Le jazz et ses musiciens", { ano_publicacao: 1990, autor: "Malson, Lucien", assuntos: ["Jazz -- Histoire"], isbn: "2130000000" }),
    record("fr-2", "Histoire du jazz moderne", { ano_publicacao: 2001 }),
  ]);
  await upsertNetworkRecords(t.db, 3, [
    record("cmd-1", "Kind of blue jazz", { cod_tipo_obra: 5, idioma: "eng", ano_publicacao: 1959, link_online: "https://cmd.example.org/audio/1" }),
    record("cmd-2", "Jazz standards", { idioma: "eng", ano_publicacao: 2001 }),
    record("cmd-3", "Jazz piano method", { idioma: "eng" }),
  ]);
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

interface Facet {
  tipo: string;
  codigo: string;
  descricao: string;
  total: number;
  totalSemFiltro: number;
  selecionado: boolean;
}
interface Hit {
  cod_registro: number;
  titulo: string;
  identificador_oai: string;
  instituicao: { cod_instituicao: number; sigla: string; nome: string };
}
interface Body {
  total: number;
  totalLimitado: boolean;
  resultados: Hit[];
  filtros: Facet[];
  errors?: Record<string, string[]>;
  message?: string;
}

const search = async (qs: string, lang?: string) => {
  const res = await get(t.app, `${BASE}/consulta?${qs}`, token, lang);
  return { status: res.status, body: (await res.json()) as Body };
};
const facet = (b: Body, tipo: string, codigo: string) => b.filtros.find((f) => f.tipo === tipo && f.codigo === codigo);

describe("GET oai/instituicoes", () => {
  it("lists the home institution first, then the other members, each with its record count", async () => {
    const res = await get(t.app, `${BASE}/oai/instituicoes`, token);
    expect(res.status).toBe(200);
    const list = (await res.json()) as Array<{ cod_instituicao: number; sigla: string; local: boolean; registros: number }>;
    expect(list.map((i) => [i.cod_instituicao, i.local, i.registros])).toEqual([
      [1, true, 3],
      [3, false, 3],
      [2, false, 2],
    ]);
  });

  it("needs a token", async () => {
    expect((await get(t.app, `${BASE}/oai/instituicoes`)).status).toBe(401);
  });
});

describe("GET consulta", () => {
  it("finds records of every institution, each with its institution and OAI identifier", async () => {
    const { status, body } = await search("termo=jazz");
    expect(status).toBe(200);
    expect(new Set(body.resultados.map((h) => h.instituicao.sigla))).toEqual(new Set(["UFD", "IFBD", "CMD"]));
    const home = body.resultados.find((h) => h.instituicao.sigla === "UFD")!;
    expect(home.identificador_oai).toMatch(/^oai:biblioteca\.example\.org:acervo\/\d+$/);
  });

  it("matches without accents or case, like the home catalogue", async () => {
    const { body } = await search("termo=HISTÓRIA");
    expect(body.resultados.map((h) => h.titulo)).toEqual(["História do jazz"]);
  });

  it("counts every institution's hits in the Z facet, with and without the filter", async () => {
    const { body } = await search("termo=jazz");
    expect(body.total).toBe(7);
    expect(facet(body, "Z", "1")).toMatchObject({
      total: 2,
      totalSemFiltro: 2,
      descricao: "Universidade Federal de Demonstração",
      selecionado: false,
    });
    expect(facet(body, "Z", "2")).toMatchObject({ total: 2, totalSemFiltro: 2 });
    expect(facet(body, "Z", "3")).toMatchObject({ total: 3, totalSemFiltro: 3 });
  });

  it("combines institutions with OR", async () => {
    const { body } = await search("termo=jazz&filtro=Z:2&filtro=Z:3");
    expect(body.total).toBe(5);
    expect(new Set(body.resultados.map((h) => h.instituicao.cod_instituicao))).toEqual(new Set([2, 3]));
    // The unselected institution keeps its count without the filter, so it can still be chosen.
    expect(facet(body, "Z", "1")).toMatchObject({ total: 0, totalSemFiltro: 2, selecionado: false });
    expect(facet(body, "Z", "3")).toMatchObject({ total: 3, totalSemFiltro: 3, selecionado: true });
  });

  it("combines an institution with another filter type with AND, and counts each type without its own selection", async () => {
    const { body } = await search("termo=jazz&filtro=Z:3&filtro=Y:2001");
    expect(body.resultados.map((h) => h.titulo)).toEqual(["Jazz standards"]);
    // Year 2001 has three jazz hits in the network, one of them at member 3.
    expect(facet(body, "Y", "2001")).toMatchObject({ total: 1, totalSemFiltro: 1 });
    // Institution counts ignore Z but keep the year: 2001 is one hit at each member.
    expect(facet(body, "Z", "1")).toMatchObject({ total: 0, totalSemFiltro: 1 });
    expect(facet(body, "Z", "2")).toMatchObject({ total: 0, totalSemFiltro: 1 });
    expect(facet(body, "Y", "SD")).toMatchObject({ total: 0, totalSemFiltro: 1, descricao: "Sem data" });
    // The sound recording (1959) fails the year, so no type value counts it.
    expect(facet(body, "T", "1")).toMatchObject({ descricao: "Livro", total: 1, totalSemFiltro: 1 });
    expect(facet(body, "T", "5")).toBeUndefined();
  });

  it("sorts and pages", async () => {
    const { body } = await search("termo=jazz&ordenacao=T&qtd=2&pagina=2");
    expect(body.total).toBe(7);
    expect(body.resultados.map((h) => h.titulo)).toEqual(["Jazz brasileiro", "Jazz piano method"]);
  });

  it("refuses a missing term with the spec's message in the request's language (422)", async () => {
    const { status, body } = await search("termo=", "5");
    expect(status).toBe(422);
    expect(body.errors?.termo).toEqual(["The above field is required."]);
  });

  it("refuses a term without a searchable word and a malformed filter (422)", async () => {
    const { status, body } = await search("termo=!!&filtro=Z:abc");
    expect(status).toBe(422);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(["filtro", "termo"]);
  });
});

describe("GET acervo/{id}", () => {
  it("answers every field, the holding institution, the OAI identifier and the link at its home catalogue", async () => {
    const { body } = await search("termo=musiciens");
    const id = body.resultados[0].cod_registro;
    const res = await get(t.app, `${BASE}/acervo/${id}`, token, "5");
    expect(res.status).toBe(200);
    const rec = (await res.json()) as Record<string, unknown>;
    expect(rec).toMatchObject({
      cod_registro: id,
      titulo: "Le jazz et ses musiciens",
      autor: "Malson, Lucien",
      ano_publicacao: 1990,
      assuntos: ["Jazz -- Histoire"],
      isbn: "2130000000",
      idioma_desc: "French",
      identificador_oai: "oai:ifbd.example.org:acervo/fr-1",
      link_origem: "https://ifbd.example.org/pergamum/acervo/fr-1",
      instituicao: { cod_instituicao: 2, sigla: "IFBD", local: false },
    });
  });

  it("links a home record to this portal's own title page", async () => {
    const { body } = await search("termo=brasileiro");
    const res = await get(t.app, `${BASE}/acervo/${body.resultados[0].cod_registro}`, token);
    const rec = (await res.json()) as { cod_origem: string; link_origem: string };
    expect(rec.link_origem).toBe(`/acervo/${rec.cod_origem}`);
  });

  it("answers 404 for an unknown id, in the request's language", async () => {
    const res = await get(t.app, `${BASE}/acervo/999999`, token, "3");
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe("Registro no encontrado.");
  });
});

describe("an unavailable network catalogue", () => {
  it("answers 500 with the spec's message on every call, leaving the rest of the API working", async () => {
    const down = createApiApp({ db: t.db, network: { unavailable: true }, mailer: { send: async () => {} } });
    const tok = await publicToken(down);
    for (const path of ["/oai/instituicoes", "/consulta?termo=jazz", "/acervo/1"]) {
      const res = await get(down, `${BASE}${path}`, tok);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: "Serviço Rede Pergamum não disponível!", code: "rede_indisponivel" });
    }
    expect((await get(down, "/api/consulta?termo=jazz", tok)).status).toBe(200);
  });
});
