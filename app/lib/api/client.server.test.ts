import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { ApiTransport } from "../context.server";
import { Session, type SessionData } from "../session.server";
import { createStaticHandler } from "react-router";
import { createApiClient, PublicTokenCache, RefreshRegistry, requestBudget } from "./client.server";
import { ApiError, ApiUnavailableError, SessionExpiredError } from "./errors";

/** A fake API: issues tokens, accepts only the current ones, and counts every call. */
function fakeApi(opts: { refreshWorks?: boolean; publicTokens?: string[]; down?: boolean } = {}) {
  const calls: Array<{ path: string; auth: string | null; lang: string | null; body?: string }> = [];
  let validAccess = "access-1";
  let currentRefresh = "refresh-1";
  const publicTokens = [...(opts.publicTokens ?? ["public-1", "public-2", "public-3"])];
  let validPublic: string | null = null;
  let refreshCount = 0;
  let publicCount = 0;
  const transport: ApiTransport = {
    baseUrl: "http://api.test",
    async fetch(request) {
      if (opts.down) throw new TypeError("fetch failed");
      const url = new URL(request.url);
      const body = request.method === "GET" ? undefined : await request.text();
      calls.push({ path: url.pathname + url.search, auth: request.headers.get("authorization"), lang: request.headers.get("lang"), body });
      if (url.pathname === "/api/oauth/token") {
        const p = new URLSearchParams(body);
        if (p.get("client_id") !== "4") return Response.json({ message: "bad client" }, { status: 400 });
        if (p.get("grant_type") === "client_credentials") {
          publicCount++;
          validPublic = publicTokens.shift() ?? "public-x";
          return Response.json({ access_token: validPublic });
        }
        if (p.get("grant_type") === "refresh_token") {
          refreshCount++;
          // Let concurrent callers pile up before answering.
          await new Promise((r) => setTimeout(r, 20));
          if (!opts.refreshWorks || p.get("refresh_token") !== currentRefresh) {
            return Response.json({ message: "invalid", code: "token_invalido" }, { status: 401 });
          }
          validAccess = `access-${refreshCount + 1}`;
          currentRefresh = `refresh-${refreshCount + 1}`;
          return Response.json({ access_token: validAccess, refresh_token: currentRefresh });
        }
        return Response.json({ message: "unsupported" }, { status: 400 });
      }
      const auth = request.headers.get("authorization");
      const ok = auth === `Bearer ${validAccess}` || (validPublic !== null && auth === `Bearer ${validPublic}`);
      if (!ok) return Response.json({ message: "token inválido", code: "token_invalido" }, { status: 401 });
      if (url.pathname === "/api/falha") return Response.json({ message: "Limite excedido" }, { status: 422 });
      return Response.json({ path: url.pathname, who: auth });
    },
  };
  return {
    transport,
    calls,
    expireAccess: () => {
      validAccess = "access-rotated-away";
    },
    expirePublic: () => {
      validPublic = "public-rotated-away";
    },
    get refreshCount() {
      return refreshCount;
    },
    get publicCount() {
      return publicCount;
    },
  };
}

const Echo = z.object({ path: z.string(), who: z.string() });

function patronSession(): Session {
  const data: SessionData = {
    v: 1,
    sid: "s1",
    persistent: false,
    tokens: { access_token: "access-1", refresh_token: "refresh-1" },
    user: { cod_pessoa: 1, nome_pessoa: "Ana Souza", login: "demo", permissions: [8] },
  };
  return new Session(data);
}

describe("API client: patron token refresh", () => {
  it("refreshes once for parallel calls that all got a 401, and every call then succeeds", async () => {
    const api = fakeApi({ refreshWorks: true });
    const session = patronSession();
    const client = createApiClient({ transport: api.transport, session, language: "pt", refreshes: new RefreshRegistry(0) });
    api.expireAccess();
    const results = await Promise.all([
      client.get("/emprestimo/titulos-pendentes", Echo),
      client.get("/reserva", Echo),
      client.get("/emprestimo/debitos-pendentes", Echo),
    ]);
    expect(api.refreshCount).toBe(1);
    expect(results.map((r) => r.who)).toEqual(["Bearer access-2", "Bearer access-2", "Bearer access-2"]);
    expect(session.tokens).toEqual({ access_token: "access-2", refresh_token: "refresh-2" });
    expect(session.dirty).toBe(true);
  });

  it("writes the refreshed tokens to the cookie once per response", async () => {
    const api = fakeApi({ refreshWorks: true });
    const session = patronSession();
    const client = createApiClient({ transport: api.transport, session, language: "pt", refreshes: new RefreshRegistry(0) });
    api.expireAccess();
    await Promise.all([client.get("/a", Echo), client.get("/b", Echo)]);
    const cookies = session.commit(false, "x".repeat(32));
    expect(cookies.filter((c) => c.startsWith("estante_sessao="))).toHaveLength(1);
  });

  it("clears the session and flashes 'session expired' when the refresh is refused", async () => {
    const api = fakeApi({ refreshWorks: false });
    const session = patronSession();
    const client = createApiClient({ transport: api.transport, session, language: "pt", refreshes: new RefreshRegistry(0) });
    api.expireAccess();
    const outcomes = await Promise.allSettled([client.get("/a", Echo), client.get("/b", Echo)]);
    expect(outcomes.every((o) => o.status === "rejected" && o.reason instanceof SessionExpiredError)).toBe(true);
    expect(api.refreshCount).toBe(1);
    expect(session.user).toBeNull();
    const cookies = session.commit(false, "x".repeat(32)).join("\n");
    expect(cookies).toMatch(/estante_sessao=; Path=\/; Max-Age=0/);
    expect(cookies).toMatch(/estante_aviso=session_expired/);
  });
});

describe("API client: public token", () => {
  it("fetches the public token once and reuses it across clients", async () => {
    const api = fakeApi();
    const cache = new PublicTokenCache();
    const a = createApiClient({ transport: api.transport, session: new Session(null), language: "pt", publicTokens: cache });
    const b = createApiClient({ transport: api.transport, session: new Session(null), language: "en", publicTokens: cache });
    await Promise.all([a.get("/consulta", Echo), b.get("/consulta", Echo), a.get("/acervo/1", Echo)]);
    expect(api.publicCount).toBe(1);
  });

  it("fetches new public credentials when the API refuses the cached token", async () => {
    const api = fakeApi();
    const cache = new PublicTokenCache();
    const client = () => createApiClient({ transport: api.transport, session: new Session(null), language: "pt", publicTokens: cache });
    await client().get("/consulta", Echo);
    api.expirePublic();
    // The next request's client: the cached public token is process-wide.
    const result = await client().get("/consulta", Echo);
    expect(result.who).toBe("Bearer public-2");
    expect(api.publicCount).toBe(2);
  });

  it("uses the public token for `as: public` even when a patron is signed in", async () => {
    const api = fakeApi();
    const client = createApiClient({ transport: api.transport, session: patronSession(), language: "pt", publicTokens: new PublicTokenCache() });
    const result = await client.get("/parametros/instituicao", Echo, { as: "public" });
    expect(result.who).toBe("Bearer public-1");
  });
});

describe("API client: headers and errors", () => {
  it.each([
    ["pt", "1"],
    ["es", "3"],
    ["en", "5"],
    ["fr", "5"],
    ["it", "5"],
  ])("sends lang %s as header %s", async (language, header) => {
    const api = fakeApi();
    const client = createApiClient({ transport: api.transport, session: patronSession(), language });
    await client.get("/reserva", Echo);
    expect(api.calls.at(-1)?.lang).toBe(header);
  });

  it("throws an ApiError with the server's status and message", async () => {
    const api = fakeApi();
    const client = createApiClient({ transport: api.transport, session: patronSession(), language: "pt" });
    const err = await client.get("/falha", Echo).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(422);
    expect((err as ApiError).serverMessage).toBe("Limite excedido");
  });

  it("turns a network failure into an ApiError with status 0", async () => {
    const api = fakeApi({ down: true });
    const client = createApiClient({ transport: api.transport, session: patronSession(), language: "pt" });
    const err = await client.get("/reserva", Echo).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
  });

  it("rejects a response that does not match the schema", async () => {
    const api = fakeApi();
    const client = createApiClient({ transport: api.transport, session: patronSession(), language: "pt" });
    const err = await client.get("/reserva", z.object({ missing: z.string() })).catch((e: unknown) => e);
    expect((err as ApiError).code).toBe("resposta_invalida");
  });

  it("encodes query arrays as repeated parameters and skips empty values", async () => {
    const api = fakeApi();
    const client = createApiClient({ transport: api.transport, session: patronSession(), language: "pt" });
    await client.get("/consulta", Echo, { query: { termo: "a b", filtro: ["T1", "Y2"], vazio: undefined, nulo: null } });
    expect(api.calls.at(-1)?.path).toBe("/api/consulta?termo=a+b&filtro=T1&filtro=Y2");
  });
});

describe("API client: one answer per GET in a request", () => {
  it("asks the API once for the same GET, again for another query, and anew after any write", async () => {
    const api = fakeApi();
    const client = createApiClient({ transport: api.transport, session: patronSession(), language: "pt" });
    const before = api.calls.length;
    const [a, b] = await Promise.all([client.get("/reserva", Echo), client.get("/reserva", Echo)]);
    expect(a).toEqual(b);
    await client.get("/reserva", Echo);
    expect(api.calls.length - before).toBe(1);
    await client.get("/reserva", Echo, { query: { page: 2 } });
    expect(api.calls.length - before).toBe(2);
    await client.send("POST", "/reserva", Echo, { body: {} });
    await client.get("/reserva", Echo);
    expect(api.calls.length - before).toBe(4);
  });
});

describe("one time budget per request", () => {
  const never = () => new Promise<Response>(() => undefined);
  // Fake timers and a fake clock: the budget's arithmetic is checked, not the machine's speed.
  it("a slow call fails when the request's budget runs out", async () => {
    vi.useFakeTimers();
    try {
      const budget = requestBudget(200, () => Date.now());
      let outcome: unknown = "pending";
      budget.race(never()).then(
        () => (outcome = "answered"),
        (e: unknown) => (outcome = e),
      );
      // 90 % of the budget is for the API (the rest renders the page).
      await vi.advanceTimersByTimeAsync(179);
      expect(outcome).toBe("pending");
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toMatchObject({ name: "TimeoutError" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("calls made one after another share the budget instead of each getting the whole timeout", async () => {
    vi.useFakeTimers();
    try {
      const budget = requestBudget(300, () => Date.now());
      const first = budget.race(new Promise((r) => setTimeout(r, 150)));
      await vi.advanceTimersByTimeAsync(150);
      await first;
      let outcome: unknown = "pending";
      budget.race(never()).then(
        () => (outcome = "answered"),
        (e: unknown) => (outcome = e),
      );
      // 270 ms in all (90 % of 300), 150 of them spent: the second call gets the 120 left, not 270.
      await vi.advanceTimersByTimeAsync(119);
      expect(outcome).toBe("pending");
      await vi.advanceTimersByTimeAsync(1);
      expect(outcome).toMatchObject({ name: "TimeoutError" });
      // Spent: a call after the deadline fails at once.
      await expect(budget.race(never())).rejects.toMatchObject({ name: "TimeoutError" });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("an API that cannot be reached", () => {
  it("is an ApiUnavailableError, still an ApiError with status 0", async () => {
    const api = fakeApi({ down: true });
    const client = createApiClient({ transport: api.transport, session: new Session(null), language: "pt", publicTokens: new PublicTokenCache() });
    const err = await client.get("/x", z.unknown()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiUnavailableError);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
  });

  it("thrown by a loader and caught by nobody, answers 503, not 500", async () => {
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        loader: () => {
          throw new ApiUnavailableError();
        },
        hasErrorBoundary: true,
      },
    ]);
    const ctx = await handler.query(new Request("http://portal.test/"));
    expect(ctx instanceof Response ? ctx.status : ctx.statusCode).toBe(503);
  });
});
