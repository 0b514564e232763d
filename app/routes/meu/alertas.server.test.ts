import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "~/lib/api/errors";

// The screen's only collaborator: the per-request API client; each write answers what the test sets.
const state = vi.hoisted(() => ({ answer: (): unknown => undefined, calls: [] as Array<{ method: string; path: string }> }));
vi.mock("~/lib/api/client.server", () => ({
  getApi: () => ({
    async send(method: string, path: string) {
      state.calls.push({ method, path });
      return state.answer();
    },
  }),
}));

const { alertsAction } = await import("./alertas.server");

const post = (fields: Record<string, string>) =>
  new Request("http://localhost/meupergamum/alertas", { method: "POST", body: new URLSearchParams(fields) });
/** What `data(value, init)` carries. */
const unwrap = (r: unknown) => r as { data: { error: string }; init: { status?: number } };

beforeEach(() => {
  state.calls = [];
  state.answer = () => undefined;
});

describe("the alerts screen's actions", () => {
  it("marking read an alert that is gone shows the page's own message with a 404, not the error page", async () => {
    state.answer = () => {
      throw new ApiError(404, { code: "nao_encontrado", message: "Registro não encontrado." });
    };
    const res = unwrap(await alertsAction(post({ intent: "lido", id: "7" }), new RouterContextProvider()));
    expect(state.calls).toEqual([{ method: "PUT", path: "/solicitacoes/alertas/7" }]);
    expect(res.init.status).toBe(404);
    expect(res.data.error).toBe("alerts:errors.not_found");
  });

  it("removing an alert that is gone shows the same message", async () => {
    state.answer = () => {
      throw new ApiError(404, { code: "nao_encontrado" });
    };
    const res = unwrap(await alertsAction(post({ intent: "remover", id: "7" }), new RouterContextProvider()));
    expect(state.calls).toEqual([{ method: "DELETE", path: "/solicitacoes/alertas/7" }]);
    expect(res.init.status).toBe(404);
    expect(res.data.error).toBe("alerts:errors.not_found");
  });

  it("an API that cannot be reached gives a 503 with the network message", async () => {
    state.answer = () => {
      throw new ApiError(0);
    };
    const res = unwrap(await alertsAction(post({ intent: "lido", id: "7" }), new RouterContextProvider()));
    expect(res.init.status).toBe(503);
    expect(res.data.error).toBe("common:errors.network");
  });

  it("a removal that works goes back to the list with the result announced", async () => {
    const res = (await alertsAction(post({ intent: "remover", id: "7" }), new RouterContextProvider())) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/meupergamum/alertas?feito=removido");
  });
});
