import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { ApiError } from "~/lib/api/errors";

// The loader's collaborators: the per-request API client and the cached site configuration.
const state = vi.hoisted(() => ({
  consulta: null as null | ((query: unknown) => unknown),
  filtros: null as null | ((query: unknown) => unknown),
  guias: [] as Array<{ codigo: string; descricao: string; ordem: number }>,
  calls: [] as Array<{ path: string; query?: unknown }>,
  other: {} as Record<string, (query: unknown) => unknown>,
}));
vi.mock("~/lib/api/client.server", () => ({
  getApi: () => ({
    async get<T>(path: string, schema: z.ZodType<T>, opts?: { query?: unknown }) {
      state.calls.push({ path, query: opts?.query });
      if (path === "/consulta/ordenacao") return schema.parse([{ codigo: "C", descricao: "Relevância" }]);
      if (path === "/consulta/filtros") return schema.parse((state.filtros ?? (() => ({ totalLimitado: false, filtros: [] })))(opts?.query));
      if (state.other[path]) return schema.parse(state.other[path](opts?.query));
      if (path !== "/consulta" || !state.consulta) throw new Error(`unexpected ${path}`);
      return schema.parse(state.consulta(opts?.query));
    },
  }),
}));
vi.mock("~/lib/site-config.server", () => ({
  getSiteConfig: async () => ({ guias: state.guias, instituicao: {}, activities: [], autoatendimento: {} }),
}));

const { loadHome } = await import("./home.server");

const page = (resultados: unknown[] = [], total = resultados.length) => ({ total, totalLimitado: false, pagina: 1, qtd: 20, resultados });
const run = (url: string, guia?: string) => loadHome(new Request(`http://localhost${url}`), guia ? { guia } : {}, new RouterContextProvider());
/** What `data(value, init)` carries. */
const unwrap = (r: unknown) => r as { data: Record<string, any>; init: { status?: number } | null };

async function thrownStatus(p: Promise<unknown>): Promise<number | undefined> {
  try {
    await p;
  } catch (e) {
    return (e as { init?: { status?: number } }).init?.status;
  }
  throw new Error("the loader did not throw");
}

const searchCalls = () => state.calls.filter((c) => c.path !== "/consulta/ordenacao");

beforeEach(() => {
  state.calls = [];
  state.other = {};
  state.filtros = null;
  state.consulta = () => page();
  state.guias = [
    { codigo: "geral", descricao: "Geral", ordem: 1 },
    { codigo: "ebooks", descricao: "E-books", ordem: 2 },
    { codigo: "arquivo", descricao: "Arquivo", ordem: 3 },
    { codigo: "avancada", descricao: "Avançada", ordem: 4 },
    { codigo: "aquisicoes", descricao: "Novas aquisições", ordem: 5 },
    { codigo: "plano-ensino", descricao: "Plano de ensino", ordem: 6 },
    { codigo: "especializada", descricao: "Pesquisa especializada", ordem: 7 },
  ];
});

describe("home loader", () => {
  it("shows just the form, and only the tabs that work, when there is no search", async () => {
    const r = unwrap(await run("/"));
    expect(r.init?.status ?? 200).toBe(200);
    expect(r.data.results).toBeNull();
    expect(r.data.tabs.map((t: { codigo: string }) => t.codigo)).toEqual(["geral", "ebooks", "arquivo", "avancada", "aquisicoes", "plano-ensino"]);
    // No search: only the new arrivals' section asks the API (its titles and its libraries; ADR 255).
    expect(
      searchCalls()
        .map((c) => c.path)
        .sort(),
    ).toEqual(["/bibliotecas", "/estante/novidades"]);
    expect(r.data.ordenacoes).toEqual([{ codigo: "C", descricao: "Relevância" }]);
  });

  it("shows the latest arrivals and the libraries of their filter on the general tab's landing page only", async () => {
    const arrival = {
      cod_acervo: 7,
      titulo: "Chegou ontem",
      subtitulo: null,
      autor: "Lima, José",
      ano_publicacao: 2025,
      link_capa: null,
      idioma: "por",
      chegada: "2026-11-27",
    };
    state.other["/estante/novidades"] = () => ({ resultados: [arrival] });
    state.other["/bibliotecas"] = () => ({
      total: 1,
      pagina: 1,
      qtd: 20,
      resultados: [
        {
          cod_biblioteca: 1,
          desc_biblioteca: "Biblioteca Central",
          sigla: "BC",
          cod_campus: 1,
          nome_campus: "Sede",
          email: null,
          telefone: null,
          endereco: null,
          horarios: [],
        },
      ],
    });
    const r = unwrap(await run("/"));
    expect(r.data.arrivals.arrivals.map((a: { titulo: string }) => a.titulo)).toEqual(["Chegou ontem"]);
    expect(r.data.arrivals.libraries).toEqual([{ cod: 1, nome: "Biblioteca Central" }]);
    expect(unwrap(await run("/ebooks", "ebooks")).data.arrivals).toBeUndefined();
    expect(unwrap(await run("/?termo=brasil")).data.arrivals).toBeUndefined();
  });

  it("still shows the search form when the new arrivals cannot be loaded", async () => {
    const r = unwrap(await run("/"));
    expect(r.init?.status ?? 200).toBe(200);
    expect(r.data.arrivals.arrivals).toBeNull();
  });

  it("answers 400 with the required-field error for an empty term, without calling the API", async () => {
    const r = unwrap(await run("/?termo=&tipo=autor"));
    expect(r.init?.status).toBe(400);
    expect(r.data.lastResult.error).toEqual({ termo: ["catalogue:search.termRequired"] });
    expect(r.data.defaults.tipo).toBe("autor");
    expect(searchCalls()).toEqual([]);
  });

  it("searches with the form's values and the guide", async () => {
    state.consulta = () => page([{ cod_acervo: 1, titulo: "Dom Casmurro", exemplares: 1, disponiveis: 1 }]);
    const r = unwrap(await run("/ebooks?termo=casmurro&ordenacao=T&qtd=50&pagina=2", "ebooks"));
    expect(searchCalls()).toContainEqual({
      path: "/consulta",
      query: { termo: "casmurro", tipo: "livre", ordenacao: "T", qtd: 50, pagina: 2, guia: "ebooks", filtro: [] },
    });
    expect(r.data.results.resultados[0].titulo).toBe("Dom Casmurro");
    expect(r.data.action).toBe("/ebooks");
    expect(r.data.pageTitle).toBe("Pesquisa por “casmurro” (página 1) – E-books");
    expect(r.data.tabName).toBe("E-books");
  });

  it("shows the unexpected-error message with a 502 when the API fails", async () => {
    state.consulta = () => {
      throw new ApiError(500, { message: "boom" });
    };
    const r = unwrap(await run("/?termo=historia"));
    expect(r.init?.status).toBe(502);
    expect(r.data.error.key).toBe("common:errors.unexpected");
    expect(r.data.results).toBeNull();
  });

  it("shows the could-not-communicate message with a 503 when the API is unreachable", async () => {
    state.consulta = () => {
      throw new ApiError(0, null, "fetch failed");
    };
    const r = unwrap(await run("/?termo=historia"));
    expect(r.init?.status).toBe(503);
    expect(r.data.error.key).toBe("common:errors.network");
  });

  it("puts the API's refusal of the term on the field", async () => {
    state.consulta = () => {
      throw new ApiError(422, { message: "invalid", errors: { termo: ["too short"] } });
    };
    const r = unwrap(await run("/?termo=%21%21"));
    expect(r.init?.status).toBe(400);
    expect(r.data.lastResult.error).toEqual({ termo: ["catalogue:search.termInvalid"] });
  });

  it("is a 404 for a path that is not a search tab", async () => {
    expect(await thrownStatus(run("/favicon.ico", "favicon.ico"))).toBe(404);
  });

  it("is a 404 for a tab whose search is not built yet, even if the institution lists it", async () => {
    expect(await thrownStatus(run("/especializada", "especializada"))).toBe(404);
  });

  it("sends only the active tab's own options to the search, and gives the form its option fields", async () => {
    state.other["/opcoes-arquivo"] = () => [{ campo: "decada", descricao: "Década", opcoes: [{ codigo: "1990", descricao: "1990–1999", total: 2 }] }];
    const r = unwrap(await run("/arquivo?termo=mapas&decada=1990&especie=lei", "arquivo"));
    const query = searchCalls().find((c) => c.path === "/consulta")?.query;
    expect(query).toMatchObject({ decada: "1990" });
    expect(query).not.toHaveProperty("especie");
    expect(r.data.tabOptions[0].opcoes[0].codigo).toBe("1990");
    expect(r.data.defaults.opcoes).toEqual({ material: "", decada: "1990" });
  });

  it("teaching plan: answers 400 with 'at least one field' on the first field when none is chosen, without searching", async () => {
    state.guias.push({ codigo: "autoridades", descricao: "Autoridades", ordem: 8 });
    state.other["/plano-ensino/disciplinas-bibliotecas"] = () => ({
      departamentos: [],
      disciplinas: [{ codigo: 3, descricao: "Direito" }],
      bibliotecas: [],
      anos: [2025],
      semestres: [1],
      periodos: [2],
    });
    const r = unwrap(await run("/plano-ensino?departamento=&ano=&semestre=&periodo=&disciplina=&biblioteca=", "plano-ensino"));
    expect(r.init?.status).toBe(400);
    expect(r.data.lastResult.error).toEqual({ departamento: ["catalogue:teachingPlan.required"] });
    expect(r.data.teachingPlan.options.disciplinas).toHaveLength(1);
    expect(searchCalls().map((c) => c.path)).toEqual(["/plano-ensino/disciplinas-bibliotecas"]);
  });

  it("teaching plan: searches with the chosen fields only", async () => {
    state.other["/plano-ensino/disciplinas-bibliotecas"] = () => ({
      departamentos: [],
      disciplinas: [],
      bibliotecas: [],
      anos: [],
      semestres: [],
      periodos: [],
    });
    state.other["/plano-ensino/bibliografia"] = () => ({ total: 0, planos: [] });
    const r = unwrap(await run("/plano-ensino?departamento=&disciplina=3", "plano-ensino"));
    expect(r.init?.status ?? 200).toBe(200);
    expect(searchCalls().find((c) => c.path === "/plano-ensino/bibliografia")?.query).toEqual({ disciplina: 3 });
    expect(r.data.teachingPlan.results).toEqual({ total: 0, planos: [] });
  });

  it("authorities: searches the term and type, and titles the page with the term", async () => {
    state.guias.push({ codigo: "autoridades", descricao: "Autoridades", ordem: 8 });
    state.other["/autoridade/combo"] = () => [{ codigo: 1, descricao: "Pessoas" }];
    state.other["/autoridade"] = () => ({
      total: 1,
      pagina: 1,
      qtd: 20,
      resultados: [{ cod_autoridade: 9, tipo: 1, desc_tipo: "Pessoas", cabecalho: "Handel", remissiva: "Haendel", total_acervos: 4 }],
    });
    const r = unwrap(await run("/autoridades?termo=haendel&tipo_autoridade=1", "autoridades"));
    expect(searchCalls().find((c) => c.path === "/autoridade")?.query).toEqual({ termo: "haendel", tipo: 1, pagina: 1, qtd: 20 });
    expect(r.data.authority.results.resultados[0].cabecalho).toBe("Handel");
    expect(r.data.pageTitle).toBe("Pesquisa por “haendel” (página 1) – Autoridades");
  });

  it("authorities: an empty term is a 400 with the required message, without searching", async () => {
    state.guias.push({ codigo: "autoridades", descricao: "Autoridades", ordem: 8 });
    state.other["/autoridade/combo"] = () => [];
    const r = unwrap(await run("/autoridades?termo=", "autoridades"));
    expect(r.init?.status).toBe(400);
    expect(r.data.lastResult.error).toEqual({ termo: ["catalogue:search.termRequired"] });
    expect(searchCalls().some((c) => c.path === "/autoridade")).toBe(false);
  });

  it("sends the selected filters to the search and to the facets of the tab, in parallel", async () => {
    state.filtros = () => ({ totalLimitado: false, filtros: [{ tipo: "T", codigo: "1", descricao: "Livro", total: 3, totalSemFiltro: 5 }] });
    const r = unwrap(await run("/arquivo?termo=mapas&filtro=T:1&filtro=Y:SD&filtro=bad", "arquivo"));
    const facetCall = searchCalls().find((c) => c.path === "/consulta/filtros");
    expect(facetCall?.query).toEqual({ termo: "mapas", tipo: "livre", search_tab: "arquivo", filtro: ["T:1", "Y:SD"] });
    expect(searchCalls().find((c) => c.path === "/consulta")?.query).toMatchObject({ guia: "arquivo", filtro: ["T:1", "Y:SD"] });
    expect(r.data.facets.filtros[0]).toMatchObject({ descricao: "Livro", total: 3, totalSemFiltro: 5 });
    expect(r.data.query.filtro).toEqual(["T:1", "Y:SD"]);
  });

  it("still shows the results when the facets fail, with a note", async () => {
    state.filtros = () => {
      throw new ApiError(500, { message: "boom" });
    };
    const r = unwrap(await run("/?termo=historia"));
    expect(r.init?.status ?? 200).toBe(200);
    expect(r.data.results).not.toBeNull();
    expect(r.data.facets).toBeNull();
    expect(r.data.facetsError).toBe(true);
  });

  it("shows new acquisitions in the compact display by default, and the detailed one elsewhere", async () => {
    expect(unwrap(await run("/aquisicoes?termo=historia", "aquisicoes")).data.query.exibicao).toBe("C");
    expect(unwrap(await run("/?termo=historia")).data.query.exibicao).toBe("D");
    expect(unwrap(await run("/aquisicoes?termo=historia&exibicao=D", "aquisicoes")).data.query.exibicao).toBe("D");
  });

  it("runs the advanced search with the fields filled in, and asks for one when none is", async () => {
    const ok = unwrap(await run("/avancada?titulo=dom+casmurro&autor=&assunto=romance", "avancada"));
    expect(searchCalls().find((c) => c.path === "/consulta")?.query).toMatchObject({ titulo: "dom casmurro", assunto: "romance", guia: "avancada" });
    expect(ok.data.searchText).toBe("dom casmurro · romance");
    const empty = unwrap(await run("/avancada?titulo=&autor=&assunto=", "avancada"));
    expect(empty.init?.status).toBe(400);
    expect(empty.data.lastResult.error).toEqual({ titulo: ["catalogue:advanced.required"] });
  });

  it("sends the rows' operators, says them in the summary and keeps them in the form (ADR 257)", async () => {
    const r = unwrap(await run("/avancada?titulo=dom+casmurro&autor=machado&op_autor=OU&assunto=romance&op_assunto=NAO", "avancada"));
    const sent = searchCalls().filter((c) => c.path === "/consulta" || c.path === "/consulta/filtros");
    expect(sent).toHaveLength(2);
    for (const call of sent) expect(call.query).toMatchObject({ op_autor: "OU", op_assunto: "NAO" });
    expect(r.data.searchText).toMatch(/^\(.*: dom casmurro .* .*: machado\) .* .*: romance$/);
    expect(r.data.defaults).toMatchObject({ op_autor: "OU", op_assunto: "NAO" });
  });

  it("reads a hand-edited operator as AND and refuses NOT on the first filled row with a 400", async () => {
    const odd = unwrap(await run("/avancada?titulo=dom+casmurro&autor=machado&op_autor=XOR", "avancada"));
    expect(odd.init?.status ?? 200).toBe(200);
    expect((searchCalls().find((c) => c.path === "/consulta")?.query as Record<string, unknown>).op_autor).toBeUndefined();
    expect(odd.data.defaults.op_autor).toBe("E");
    const not = unwrap(await run("/avancada?titulo=&autor=machado&op_autor=NAO", "avancada"));
    expect(not.init?.status).toBe(400);
    expect(not.data.lastResult.error).toEqual({ autor: ["catalogue:advanced.notFirst"] });
    expect(not.data.defaults).toMatchObject({ autor: "machado", op_autor: "NAO" });
  });

  it("is a 404 for a working tab the institution has not enabled", async () => {
    expect(await thrownStatus(run("/acessibilidade", "acessibilidade"))).toBe(404);
  });
});
