import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { ApiClient, Query } from "./client.server";
import { getAcervo, getExemplares, getSearchFilters, searchCatalogue } from "./catalogue.server";

interface Call {
  path: string;
  query?: Query;
}

/** A fake client that answers from a table of paths and really parses with the given schema. */
function fakeApi(responses: Record<string, unknown>): { api: ApiClient; calls: Call[] } {
  const calls: Call[] = [];
  const api: ApiClient = {
    async get<T>(path: string, schema: z.ZodType<T>, opts?: { query?: Query }) {
      calls.push({ path, query: opts?.query });
      if (!(path in responses)) throw new Error(`unexpected call ${path}`);
      return schema.parse(responses[path]);
    },
    async send() {
      throw new Error("the catalogue never writes");
    },
  };
  return { api, calls };
}

const hit = {
  cod_acervo: 7,
  titulo: "Dom Casmurro",
  subtitulo: null,
  autor: "Machado de Assis",
  editora: "Garnier",
  local_publicacao: "Rio de Janeiro",
  ano_publicacao: 1899,
  edicao: null,
  cod_tipo_obra: 1,
  desc_tipo_obra: "Livro",
  idioma: "por",
  isbn: null,
  chamada: "869.3 M149d",
  link_capa: null,
  acesso_remoto: null,
  possui_acessibilidade: "N",
  exemplares: 3,
  disponiveis: 2,
};

describe("searchCatalogue", () => {
  it("sends the form's values and the guide to GET /consulta and returns the parsed page", async () => {
    const { api, calls } = fakeApi({ "/consulta": { total: 1, totalLimitado: false, pagina: 2, qtd: 10, resultados: [hit] } });
    const page = await searchCatalogue(api, { termo: "casmurro", tipo: "titulo", ordenacao: "Y", qtd: 10, pagina: 2 }, "geral");
    expect(calls).toEqual([
      { path: "/consulta", query: { termo: "casmurro", tipo: "titulo", ordenacao: "Y", qtd: 10, pagina: 2, guia: "geral", filtro: [] } },
    ]);
    expect(page.resultados[0]).toMatchObject({ cod_acervo: 7, titulo: "Dom Casmurro", disponiveis: 2, exemplares: 3 });
  });

  it("treats blank strings as absent fields", async () => {
    const { api } = fakeApi({
      "/consulta": { total: 1, totalLimitado: false, pagina: 1, qtd: 20, resultados: [{ ...hit, editora: "  ", subtitulo: undefined }] },
    });
    const page = await searchCatalogue(api, { termo: "x", tipo: "livre", ordenacao: "C", qtd: 20, pagina: 1 });
    expect(page.resultados[0].editora).toBeNull();
    expect(page.resultados[0].subtitulo).toBeNull();
  });

  it("keeps the capped-count flag", async () => {
    const { api } = fakeApi({ "/consulta": { total: 1000, totalLimitado: true, pagina: 1, qtd: 20, resultados: [] } });
    const page = await searchCatalogue(api, { termo: "a", tipo: "livre", ordenacao: "C", qtd: 20, pagina: 1 });
    expect(page.totalLimitado).toBe(true);
  });

  it("fails on a body that is not a search result", async () => {
    const { api } = fakeApi({ "/consulta": { resultados: "nope" } });
    await expect(searchCatalogue(api, { termo: "a", tipo: "livre", ordenacao: "C", qtd: 20, pagina: 1 })).rejects.toThrow();
  });
});

describe("getAcervo", () => {
  it("reads the title with its decoded lists, links and authorities", async () => {
    const { api, calls } = fakeApi({
      "/acervo/7": {
        ...hit,
        descricao_fisica: "230 p.",
        classificacao: "869.3",
        idioma_desc: "Português",
        issn: null,
        serie: null,
        assuntos: ["Ficção brasileira"],
        autores_secundarios: [],
        notas: ["Primeira edição em 1899."],
        links: [{ url: "https://example.org/dc", descricao: "Texto integral", restrito: 1, acessibilidade: 0 }],
        autoridades: [{ cod_autoridade: 3, tipo: 1, cabecalho: "Assis, Machado de, 1839-1908" }],
        instituicao: { cod_empresa: 1, desc_empresa: "Universidade Demo" },
        cod_empresa: 1,
      },
    });
    const acervo = await getAcervo(api, 7);
    expect(calls[0].path).toBe("/acervo/7");
    expect(acervo.assuntos).toEqual(["Ficção brasileira"]);
    expect(acervo.links[0]).toEqual({ url: "https://example.org/dc", descricao: "Texto integral", restrito: true, acessibilidade: false });
    expect(acervo.autoridades[0].cabecalho).toMatch(/Machado/);
    expect(acervo.instituicao?.desc_empresa).toBe("Universidade Demo");
  });

  it("tolerates a backend that omits the optional lists", async () => {
    const { api } = fakeApi({ "/acervo/8": { cod_acervo: 8, titulo: "Sem detalhes" } });
    const acervo = await getAcervo(api, 8);
    expect(acervo).toMatchObject({ assuntos: [], notas: [], links: [], autoridades: [], autor: null, ano_publicacao: null });
  });
});

describe("getExemplares", () => {
  it("reads the copies of a title", async () => {
    const { api, calls } = fakeApi({
      "/acervo/7/exemplares": [
        {
          cod_exemplar: 1,
          codigo_barras: "000123",
          biblioteca: { cod_biblioteca: 1, desc_biblioteca: "Biblioteca Central" },
          localizacao: "Estante 3",
          chamada: "869.3 M149d",
          tipo_emprestimo: "normal",
          situacao: "emprestado",
          data_devolucao_prevista: "2030-05-02",
          volume: null,
          tomo: null,
          parte: null,
          material_adicional: null,
        },
      ],
    });
    const copies = await getExemplares(api, 7);
    expect(calls[0].path).toBe("/acervo/7/exemplares");
    expect(copies[0]).toMatchObject({
      situacao: "emprestado",
      data_devolucao_prevista: "2030-05-02",
      biblioteca: { desc_biblioteca: "Biblioteca Central" },
    });
  });
});

describe("getSearchFilters", () => {
  it("asks for the tab's facets with the same terms and filters", async () => {
    const filtro = { tipo: "Y", codigo: "SD", descricao: "Sem data", total: 2, totalSemFiltro: 4, selecionado: true };
    const { api, calls } = fakeApi({ "/consulta/filtros": { totalLimitado: true, filtros: [filtro] } });
    const body = await getSearchFilters(api, { termo: "mapas", tipo: "livre", ordenacao: "C", qtd: 20, pagina: 1, filtro: ["Y:SD"] }, "arquivo");
    expect(calls).toEqual([{ path: "/consulta/filtros", query: { termo: "mapas", tipo: "livre", search_tab: "arquivo", filtro: ["Y:SD"] } }]);
    expect(body).toEqual({ totalLimitado: true, estimado: false, estimadoSemFiltro: false, filtros: [filtro] });
  });

  it("accepts a backend that answers a bare list of filters", async () => {
    const { api } = fakeApi({ "/consulta/filtros": [{ tipo: "T", codigo: "1", descricao: "Livro", total: 1, totalSemFiltro: 1 }] });
    const body = await getSearchFilters(api, { termo: "x", tipo: "livre", ordenacao: "C", qtd: 20, pagina: 1 });
    expect(body.totalLimitado).toBe(false);
    expect(body.filtros).toHaveLength(1);
  });
});
