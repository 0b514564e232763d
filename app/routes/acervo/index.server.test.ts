import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { ApiError } from "~/lib/api/errors";

// The loader's API client: each path answers from this table (a function may throw).
const state = vi.hoisted(() => ({ responses: {} as Record<string, unknown>, calls: [] as string[] }));
vi.mock("~/lib/api/client.server", () => ({
  getApi: () => ({
    async get<T>(path: string, schema: z.ZodType<T>) {
      state.calls.push(path);
      const r = state.responses[path];
      if (typeof r === "function") return schema.parse(r());
      if (r === undefined) throw new ApiError(404, { message: "not found" });
      return schema.parse(r);
    },
  }),
}));

const { describeClient, languageName, loadAcervo, loadHoldRefusal, loadSubPage, parseCodAcervo } = await import("./index.server");
const { Session, sessionContext } = await import("~/lib/session.server");

const title = { cod_acervo: 5, titulo: "Vidas secas", autor: "Ramos, Graciliano", idioma: "por", assuntos: ["Seca"] };
const copy = {
  cod_exemplar: 1,
  codigo_barras: "1",
  biblioteca: { cod_biblioteca: 1, desc_biblioteca: "Central" },
  situacao: "disponivel",
  tipo_emprestimo: "normal",
};
const load = (codAcervo: string) => loadAcervo({ codAcervo }, new RouterContextProvider());

async function thrown(p: Promise<unknown>): Promise<{ status?: number; data: any }> {
  try {
    await p;
  } catch (e) {
    const d = e as { init?: { status?: number }; data: unknown };
    return { status: d.init?.status, data: d.data };
  }
  throw new Error("the loader did not throw");
}

beforeEach(() => {
  state.calls = [];
  state.responses = {
    "/acervo/5": title,
    "/acervo/5/exemplares": [copy],
    "/acervo/5/permissoes": { reserva: false, solicitacao_emprestimo: true, comentario: true, exemplares: 1, disponiveis: 1 },
    "/acervo/titulos-adicionais": [{ cod_acervo: 5, titulos: [{ tipo: "variante", titulo: "Secas" }] }],
  };
});

describe("title page loader", () => {
  it("loads each part with its own call when the API does not embed it in the title (another backend)", async () => {
    const r = await load("5");
    expect(r.acervo.titulo).toBe("Vidas secas");
    expect(r.exemplares).toHaveLength(1);
    expect(r.pageTitle).toBe("Vidas secas");
    expect(r.idioma).toBe("Português");
    expect(r.permissoes).toMatchObject({ reserva: false, solicitacao_emprestimo: true });
    expect(r.titulosAdicionais).toEqual([{ tipo: "variante", titulo: "Secas" }]);
    expect(state.calls.sort()).toEqual([
      "/acervo/5",
      "/acervo/5/edicoes",
      "/acervo/5/exemplares",
      "/acervo/5/permissoes",
      "/acervo/5/semelhantes",
      "/acervo/titulos-adicionais",
      "/comentarios/acervo/5",
      "/unidade-informacao",
    ]);
    // The comments section failing (no such data here) leaves the rest of the page.
    expect(r.comentarios).toBeNull();
  });

  it("makes two calls when the API embeds the parts in the title (?incluir=)", async () => {
    state.responses["/acervo/5"] = {
      ...title,
      exemplares: [copy],
      permissoes: { reserva: true, solicitacao_emprestimo: false, comentario: true, exemplares: 1, disponiveis: 0 },
      titulos_adicionais: [{ tipo: "uniforme", titulo: "Secas (uniforme)" }],
      comentarios: [
        { cod_comentario: 1, texto: "Bom", data_envio: "2026-01-01", autor: "Ana", biblioteca: "Central", situacao: "aprovado", proprio: false },
      ],
      edicoes: [],
      semelhantes: [],
    };
    state.responses["/unidade-informacao"] = [{ cod_biblioteca: 1, desc_biblioteca: "Central", cod_campus: 1, nome_campus: "Sede" }];
    const r = await load("5");
    expect(state.calls.sort()).toEqual(["/acervo/5", "/unidade-informacao"]);
    expect(r.exemplares).toHaveLength(1);
    expect(r.permissoes).toMatchObject({ reserva: true, solicitacao_emprestimo: false });
    expect(r.titulosAdicionais).toEqual([{ tipo: "uniforme", titulo: "Secas (uniforme)" }]);
    expect(r.comentarios?.comments.map((c) => c.texto)).toEqual(["Bom"]);
    // The embedded parts are not sent to the browser twice.
    expect(Object.keys(r.acervo)).not.toContain("exemplares");
  });

  it("passes a periodical's embedded latest issues to the page without a call of their own, and none when not embedded", async () => {
    const issue = {
      cod_fasciculo: 9,
      biblioteca: { cod_biblioteca: 1, desc_biblioteca: "Central" },
      ano: 2026,
      volume: "36",
      numero: "4",
      periodo: null,
      data_publicacao: null,
      data_chegada: "2026-11-20",
      situacao: "recebido",
      observacao: null,
      possui_sumario: false,
    };
    state.responses["/acervo/5"] = {
      ...title,
      exemplares: [copy],
      permissoes: { reserva: false, solicitacao_emprestimo: true, comentario: true, exemplares: 1, disponiveis: 1 },
      titulos_adicionais: [],
      comentarios: [],
      fasciculos: [issue],
    };
    const r = await load("5");
    expect(r.ultimosFasciculos.map((f) => f.numero)).toEqual(["4"]);
    expect(Object.keys(r.acervo)).not.toContain("fasciculos");
    expect(state.calls.filter((c) => c.startsWith("/kardex"))).toEqual([]);
    state.responses["/acervo/5"] = {
      ...title,
      exemplares: [copy],
      permissoes: { reserva: false, solicitacao_emprestimo: true, comentario: true, exemplares: 1, disponiveis: 1 },
      titulos_adicionais: [],
      comentarios: [],
    };
    expect((await load("5")).ultimosFasciculos).toEqual([]);
  });

  it("loads only the part that did not parse with its own call", async () => {
    state.responses["/acervo/5"] = {
      ...title,
      exemplares: "not a list",
      permissoes: { reserva: false, solicitacao_emprestimo: true, comentario: true, exemplares: 1, disponiveis: 1 },
      titulos_adicionais: [],
      comentarios: [],
      edicoes: [],
      semelhantes: [],
    };
    const r = await load("5");
    expect(r.exemplares).toHaveLength(1);
    expect(state.calls.sort()).toEqual(["/acervo/5", "/acervo/5/exemplares", "/unidade-informacao"]);
  });

  it("still shows the title, with no actions, when the permissions fail", async () => {
    state.responses["/acervo/5/permissoes"] = () => {
      throw new ApiError(500, null);
    };
    const r = await load("5");
    expect(r.permissoes).toBeNull();
    expect(r.acervo.titulo).toBe("Vidas secas");
  });

  it("is a 404 for a non-numeric id, without calling the API", async () => {
    const e = await thrown(load("abc"));
    expect(e.status).toBe(404);
    expect(e.data.pageTitle).toBe("Título não encontrado");
    expect(state.calls).toEqual([]);
  });

  it("is a 404 for an id the API does not know", async () => {
    expect((await thrown(load("6"))).status).toBe(404);
  });

  it("still shows the title when only the copies fail", async () => {
    state.responses["/acervo/5/exemplares"] = () => {
      throw new ApiError(500, null);
    };
    const r = await load("5");
    expect(r.acervo.titulo).toBe("Vidas secas");
    expect(r.exemplares).toBeNull();
  });

  it("answers 503 with the could-not-communicate message when the API is unreachable", async () => {
    state.responses["/acervo/5"] = () => {
      throw new ApiError(0, null, "fetch failed");
    };
    const e = await thrown(load("5"));
    expect(e.status).toBe(503);
    expect(e.data.message.key).toBe("common:errors.network");
  });
});

describe("what stops the signed-in patron's hold, on the title page", () => {
  const OPTIONS = "/reserva/5/informacoes-iniciais";
  const options = (extra: object) => ({
    cod_acervo: 5,
    titulo: "Vidas secas",
    volumes: [],
    tomos: [],
    partes: [],
    materiais: [],
    bibliotecas: [],
    disponiveis: 0,
    fila: 0,
    ...extra,
  });
  const page = (reserva: boolean) =>
    ({
      acervo: { cod_acervo: 5 },
      permissoes: { reserva, solicitacao_emprestimo: false, comentario: true, exemplares: 1, disponiveis: 0 },
    }) as unknown as Parameters<typeof loadHoldRefusal>[0];
  const signedIn = () => {
    const context = new RouterContextProvider();
    const tokens = { access_token: "a", refresh_token: "r" };
    context.set(
      sessionContext,
      new Session({ v: 1, sid: "s", persistent: false, tokens, user: { cod_pessoa: 1, nome_pessoa: "Ana", login: "demo", permissions: [] } }),
    );
    return context;
  };

  it("asks nothing for a visitor (the hold link leads to the login first) or when no hold is offered", async () => {
    state.responses[OPTIONS] = options({ impedimento: "titulo_emprestado" });
    expect(await loadHoldRefusal(page(true), new RouterContextProvider())).toBeNull();
    expect(await loadHoldRefusal(page(false), signedIn())).toBeNull();
    expect(state.calls).toEqual([]);
  });

  it("says the patron has it on loan, or holds it with their place", async () => {
    state.responses[OPTIONS] = options({ impedimento: "titulo_emprestado", minha_reserva: null });
    expect(await loadHoldRefusal(page(true), signedIn())).toEqual({ motivo: "titulo_emprestado", posicao: null });
    state.responses[OPTIONS] = options({ impedimento: "reserva_existente", minha_reserva: { cod_reserva: 9, posicao: 2 } });
    expect(await loadHoldRefusal(page(true), signedIn())).toEqual({ motivo: "reserva_existente", posicao: 2 });
    expect(state.calls).toEqual([OPTIONS, OPTIONS]);
  });

  it("offers the hold when nothing is known to stop it: no impediment, one it does not know, or no answer", async () => {
    for (const impedimento of [null, "motivo_de_outro_sistema"]) {
      state.responses[OPTIONS] = options({ impedimento });
      expect(await loadHoldRefusal(page(true), signedIn())).toBeNull();
    }
    state.responses[OPTIONS] = () => {
      throw new ApiError(500, null);
    };
    expect(await loadHoldRefusal(page(true), signedIn())).toBeNull();
  });
});

describe("parseCodAcervo", () => {
  it("accepts a positive decimal id", () => {
    expect(parseCodAcervo("42")).toBe(42);
  });
  it.each(["abc", "0", "-1", "1.5", "01", "1e3", "", "12345678901234567890"])("rejects %j", (raw) => {
    expect(parseCodAcervo(raw)).toBeNull();
  });
});

describe("languageName", () => {
  it("names a MARC language code in the page language", () => {
    expect(languageName("por", "Português", "en")).toBe("Portuguese");
    expect(languageName("eng", null, "pt")).toBe("Inglês");
    // Again, from the kept names; a code Intl does not name still falls back to the description.
    expect(languageName("por", "Português", "en")).toBe("Portuguese");
    expect(languageName("eng", null, "pt")).toBe("Inglês");
    expect(languageName("qqq", "Desconhecida", "pt")).toBe("Desconhecida");
    expect(languageName("qqq", "Desconhecida", "pt")).toBe("Desconhecida");
  });
  it("falls back to the API's description for codes without a name", () => {
    expect(languageName("und", "Indeterminado", "en")).toBe("Indeterminado");
  });
  it("returns null when there is nothing to show", () => {
    expect(languageName(null, null, "pt")).toBeNull();
  });
});

describe("title sub-page loader", () => {
  it("loads the title and the page's data together, and names the page after both", async () => {
    const r = await loadSubPage({ codAcervo: "5" }, new RouterContextProvider(), "marc", async () => ({ leader: "x" }));
    expect(r.title).toEqual({
      cod_acervo: 5,
      titulo: "Vidas secas",
      subtitulo: null,
      autor: "Ramos, Graciliano",
      chamada: null,
      acervoFechado: false,
      closedStacks: [],
    });
    expect(r.data).toEqual({ leader: "x" });
    expect(r.pageTitle).toBe("Registro MARC: Vidas secas");
  });

  it("is a 404 for an unknown title, and a 502 when only the page's data fails", async () => {
    expect((await thrown(loadSubPage({ codAcervo: "6" }, new RouterContextProvider(), "marc", async () => 1))).status).toBe(404);
    const failed = await thrown(
      loadSubPage({ codAcervo: "5" }, new RouterContextProvider(), "marc", async () => {
        throw new ApiError(500, null);
      }),
    );
    expect(failed.status).toBe(502);
    expect(failed.data.message.key).toBeTruthy();
  });
});

describe("restricted-access client description", () => {
  it("names browser, device and OS from the User-Agent", () => {
    expect(describeClient("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36")).toEqual({
      browser: "Chrome",
      device: "desktop",
      os: "Linux",
    });
    expect(describeClient("Mozilla/5.0 (Android 14; Mobile; rv:130.0) Gecko/130.0 Firefox/130.0")).toEqual({
      browser: "Firefox",
      device: "mobile",
      os: "Android",
    });
    expect(describeClient(null)).toEqual({ browser: null, device: null, os: null });
  });
});
