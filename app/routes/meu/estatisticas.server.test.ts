import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { ApiError } from "~/lib/api/errors";

// The screens' only collaborator: the per-request API client, answering by path.
const state = vi.hoisted(() => ({
  answers: {} as Record<string, (query: unknown) => unknown>,
  calls: [] as Array<{ path: string; query?: unknown }>,
}));
vi.mock("~/lib/api/client.server", () => ({
  getApi: () => ({
    async get<T>(path: string, schema: z.ZodType<T>, opts?: { query?: unknown }) {
      state.calls.push({ path, query: opts?.query });
      const answer = state.answers[path];
      if (!answer) throw new Error(`unexpected ${path}`);
      return schema.parse(answer(opts?.query));
    },
  }),
}));

const { loadAcquisitionStatistics, loadCollectionTotals } = await import("./estatisticas.server");
const { loadMyTeachingPlans } = await import("./plano-ensino.server");

const req = (qs: string) => new Request(`http://localhost/meupergamum/estatisticas-aquisicao${qs}`);
/** What `data(value, init)` carries, or the plain value. */
const unwrap = (r: unknown) =>
  (r as { data?: unknown }).data !== undefined && (r as { init?: unknown }).init !== undefined
    ? (r as { data: any; init: { status?: number } })
    : { data: r as any, init: null };
const called = (path: string) => state.calls.filter((c) => c.path === path);

const STATS = {
  titulos: 3,
  exemplares: 4,
  agrupamento: "mes",
  periodos: [
    { periodo: "2026-01", titulos: 1, exemplares: 2 },
    { periodo: "2026-02", titulos: 0, exemplares: 0 },
  ],
  por_modalidade: [{ modalidade: "compra", descricao: "Compra", titulos: 2, exemplares: 3 }],
  sugestoes: [{ situacao: "atendida", descricao: "Atendida", total: 2 }],
};

beforeEach(() => {
  state.calls = [];
  state.answers = {
    "/unidade-informacao": () => [{ cod_biblioteca: 1, desc_biblioteca: "Biblioteca Central", cod_campus: 1, nome_campus: "Central" }],
    "/aquisicao/estatisticas": () => STATS,
    "/acervo/totais": () => ({ titulos: 2, exemplares: 5, por_tipo_obra: [{ cod_tipo_obra: 1, descricao: "Livro", titulos: 2, exemplares: 5 }] }),
  };
});

describe("the acquisition-statistics screen", () => {
  it("sends a valid filter to the API and gives each chart its rows, copies first", async () => {
    const { data } = unwrap(await loadAcquisitionStatistics(req("?dataIni=2026-01-01&dataFim=2026-02-28&biblioteca=1"), new RouterContextProvider()));
    expect(called("/aquisicao/estatisticas")[0]?.query).toEqual({ dataIni: "2026-01-01", dataFim: "2026-02-28", biblioteca: 1 });
    expect(data.stats.periods.map((p: { key: string; values: number[] }) => [p.key, p.values])).toEqual([
      ["2026-01", [2, 1]],
      ["2026-02", [0, 0]],
    ]);
    expect(data.stats.modes[0]).toMatchObject({ label: "Compra", values: [3, 2] });
    expect(data.stats.suggestions[0]).toMatchObject({ label: "Atendida", values: [2] });
  });

  it("answers 400 with the error on the start date and the input kept, without asking the API, when the start is after the end", async () => {
    const { data, init } = unwrap(await loadAcquisitionStatistics(req("?dataIni=2026-03-01&dataFim=2026-01-01"), new RouterContextProvider()));
    expect(init?.status).toBe(400);
    expect(Object.keys(data.form.errors)).toEqual(["dataIni"]);
    expect(data.form.values).toEqual({ dataIni: "2026-03-01", dataFim: "2026-01-01", biblioteca: "" });
    expect(called("/aquisicao/estatisticas")).toEqual([]);
  });

  it("refuses one date alone and a library that is not in the list", async () => {
    const { data, init } = unwrap(await loadAcquisitionStatistics(req("?dataIni=2026-03-01&biblioteca=7"), new RouterContextProvider()));
    expect(init?.status).toBe(400);
    expect(Object.keys(data.form.errors).sort()).toEqual(["biblioteca", "dataFim"]);
  });

  it("keeps the page and says so when the API fails", async () => {
    state.answers["/aquisicao/estatisticas"] = () => {
      throw new ApiError(500, { code: "erro_inesperado" });
    };
    const { data } = unwrap(await loadAcquisitionStatistics(req(""), new RouterContextProvider()));
    expect(data).toMatchObject({ stats: null, failed: true });
  });
});

describe("the collection-totals screen", () => {
  it("lists the work types with copies and titles", async () => {
    const { data } = unwrap(await loadCollectionTotals(req("?biblioteca=1"), new RouterContextProvider()));
    expect(called("/acervo/totais")[0]?.query).toEqual({ dataIni: undefined, dataFim: undefined, biblioteca: 1 });
    expect(data.totals).toMatchObject({ titles: 2, copies: 5, types: [{ label: "Livro", values: [5, 2] }] });
  });
});

describe("the teaching-plan screen", () => {
  it("answers 403 to a patron who is not a professor, without asking for plans", async () => {
    state.answers["/autenticar/dados-usuario"] = () => ({ user: { professor: false } });
    const { data, init } = unwrap(await loadMyTeachingPlans(new RouterContextProvider()));
    expect(init?.status).toBe(403);
    expect(data.professor).toBe(false);
    expect(called("/plano-ensino/bibliografia")).toEqual([]);
  });

  it("asks for the professor's own plans", async () => {
    state.answers["/autenticar/dados-usuario"] = () => ({ user: { professor: true } });
    state.answers["/plano-ensino/bibliografia"] = () => ({ total: 0, planos: [] });
    const { data } = unwrap(await loadMyTeachingPlans(new RouterContextProvider()));
    expect(data).toMatchObject({ professor: true, plans: { total: 0 } });
    expect(called("/plano-ensino/bibliografia")[0]?.query).toEqual({ professor: "eu" });
  });
});
