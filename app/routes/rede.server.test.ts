import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { ApiError } from "~/lib/api/errors";

// The loaders' collaborators: the per-request API client (network calls scripted per test) and the site configuration.
const state = vi.hoisted(() => ({
  instituicoes: null as null | (() => unknown),
  consulta: null as null | ((query: unknown) => unknown),
  acervo: null as null | ((path: string) => unknown),
  guias: [] as Array<{ codigo: string; descricao: string; ordem: number }>,
  calls: [] as Array<{ path: string; query?: unknown }>,
}));
vi.mock("~/lib/api/client.server", () => ({
  getApi: () => ({
    async get<T>(path: string, schema: z.ZodType<T>, opts?: { query?: unknown }) {
      state.calls.push({ path, query: opts?.query });
      if (path === "/rede-pergamum/oai/instituicoes" && state.instituicoes) return schema.parse(state.instituicoes());
      if (path === "/rede-pergamum/consulta" && state.consulta) return schema.parse(state.consulta(opts?.query));
      if (path.startsWith("/rede-pergamum/acervo/") && state.acervo) return schema.parse(state.acervo(path));
      throw new Error(`unexpected ${path}`);
    },
  }),
}));
vi.mock("~/lib/site-config.server", () => ({
  getSiteConfig: async () => ({ guias: state.guias, instituicao: {}, activities: [], autoatendimento: {} }),
}));

const { loadNetworkRecord, loadNetworkSearch } = await import("./rede.server");

const INSTITUICOES = [
  { cod_instituicao: 1, sigla: "UFD", nome: "Universidade Federal de Demonstração", cidade: "Brasília", local: true, registros: 1505 },
  { cod_instituicao: 2, sigla: "IFBD", nome: "Instituto Franco-Brasileiro de Demonstração", cidade: null, local: false, registros: 300 },
];
const HIT = {
  cod_registro: 7,
  titulo: "Histoire du jazz",
  autor: "Goffin, Robert",
  ano_publicacao: 1945,
  instituicao: { cod_instituicao: 2, sigla: "IFBD", nome: "IFBD" },
};
const run = (url: string) => loadNetworkSearch(new Request(`http://localhost${url}`), new RouterContextProvider());
/** What `data(value, init)` carries. */
const unwrap = (r: unknown) => r as { data: Record<string, any>; init: { status?: number } | null };
const networkCalls = () => state.calls.map((c) => c.path);

async function thrown(p: Promise<unknown>): Promise<{ data: Record<string, any>; init: { status?: number } }> {
  try {
    await p;
  } catch (e) {
    return e as { data: Record<string, any>; init: { status?: number } };
  }
  throw new Error("the loader did not throw");
}

beforeEach(() => {
  state.calls = [];
  state.instituicoes = () => INSTITUICOES;
  state.consulta = () => ({ total: 1, totalLimitado: false, pagina: 1, qtd: 20, resultados: [HIT], filtros: [] });
  state.acervo = null;
  state.guias = [
    { codigo: "geral", descricao: "Geral", ordem: 1 },
    { codigo: "rede", descricao: "Rede Pergamum", ordem: 10 },
  ];
});

describe("network search loader", () => {
  it("shows the form with the member institutions to choose from when there is no search", async () => {
    const r = unwrap(await run("/rede"));
    expect(r.init?.status ?? 200).toBe(200);
    expect(r.data.results).toBeNull();
    expect(r.data.instituicoes.map((i: { sigla: string }) => i.sigla)).toEqual(["UFD", "IFBD"]);
    expect(r.data.tabs.map((t: { codigo: string }) => t.codigo)).toEqual(["geral", "rede"]);
    expect(networkCalls()).toEqual(["/rede-pergamum/oai/instituicoes"]);
  });

  it("is a 404 when the institution does not offer the network tab", async () => {
    state.guias = [{ codigo: "geral", descricao: "Geral", ordem: 1 }];
    expect((await thrown(run("/rede"))).init.status).toBe(404);
  });

  it("answers 400 with the required-field error for an empty term, without searching, keeping the chosen institutions", async () => {
    const r = unwrap(await run("/rede?termo=&filtro=Z:2"));
    expect(r.init?.status).toBe(400);
    expect(r.data.lastResult.error).toEqual({ termo: ["catalogue:search.termRequired"] });
    expect(r.data.defaults.instituicoes).toEqual(["2"]);
    expect(networkCalls()).not.toContain("/rede-pergamum/consulta");
  });

  it("searches with the term, the options and the institution filters in one call", async () => {
    const r = unwrap(await run("/rede?termo=jazz&tipo=titulo&ordenacao=Y&qtd=50&pagina=2&filtro=Z:2&filtro=Y:1945"));
    expect(r.init?.status ?? 200).toBe(200);
    expect(r.data.results.resultados[0].titulo).toBe("Histoire du jazz");
    const search = state.calls.filter((c) => c.path === "/rede-pergamum/consulta");
    expect(search).toEqual([
      { path: "/rede-pergamum/consulta", query: { termo: "jazz", tipo: "titulo", ordenacao: "Y", qtd: 50, pagina: 2, filtro: ["Z:2", "Y:1945"] } },
    ]);
    expect(r.data.filtro).toEqual(["Z:2", "Y:1945"]);
  });

  it("shows the network message with status 502 when the network service answers 500, keeping the form", async () => {
    state.consulta = () => {
      throw new ApiError(500, { message: "Serviço Rede Pergamum não disponível!", code: "rede_indisponivel" });
    };
    const r = unwrap(await run("/rede?termo=jazz"));
    expect(r.init?.status).toBe(502);
    expect(r.data.error).toEqual({ key: "common:errors.network_catalogue", values: { product: "Pergamum" } });
    expect(r.data.defaults.termo).toBe("jazz");
    expect(r.data.instituicoes).toHaveLength(2);
  });

  it("shows the network message with status 503 when the API cannot be reached", async () => {
    state.instituicoes = () => {
      throw new ApiError(0, null, "unreachable");
    };
    const r = unwrap(await run("/rede"));
    expect(r.init?.status).toBe(503);
    expect(r.data.error.key).toBe("common:errors.network_catalogue");
  });

  it("puts the API's refusal of the term on the field (400)", async () => {
    state.consulta = () => {
      throw new ApiError(422, { message: "Dados inválidos.", errors: { termo: ["Informe ao menos 2 caracteres."] } });
    };
    const r = unwrap(await run("/rede?termo=!!"));
    expect(r.init?.status).toBe(400);
    expect(r.data.lastResult.error).toEqual({ termo: ["catalogue:search.termInvalid"] });
  });
});

describe("network record loader", () => {
  const RECORD = {
    cod_registro: 7,
    identificador_oai: "oai:ifbd.example.org:acervo/fr-1",
    titulo: "Histoire du jazz",
    autores_secundarios: [],
    assuntos: ["Jazz"],
    notas: [],
    link_origem: "https://ifbd.example.org/pergamum/acervo/fr-1",
    instituicao: { cod_instituicao: 2, sigla: "IFBD", nome: "IFBD", cidade: null, local: false },
  };

  it("loads the record named by the URL", async () => {
    state.acervo = () => RECORD;
    const r = await loadNetworkRecord({ id: "7" }, new RouterContextProvider());
    expect(r.registro.identificador_oai).toBe("oai:ifbd.example.org:acervo/fr-1");
    expect(networkCalls()).toEqual(["/rede-pergamum/acervo/7"]);
  });

  it("is a 404 for a malformed id, without calling the API, and for an unknown one", async () => {
    expect((await thrown(loadNetworkRecord({ id: "abc" }, new RouterContextProvider()))).init.status).toBe(404);
    expect(networkCalls()).toEqual([]);
    state.acervo = () => {
      throw new ApiError(404, { message: "Registro não encontrado." });
    };
    expect((await thrown(loadNetworkRecord({ id: "99" }, new RouterContextProvider()))).init.status).toBe(404);
  });

  it("carries the network message (502) when the service fails", async () => {
    state.acervo = () => {
      throw new ApiError(500, { code: "rede_indisponivel" });
    };
    const e = await thrown(loadNetworkRecord({ id: "7" }, new RouterContextProvider()));
    expect(e.init.status).toBe(502);
    expect(e.data.message.key).toBe("common:errors.network_catalogue");
  });
});
