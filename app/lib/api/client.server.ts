/**
 * THE API client. It is the only place that knows the API's base URL, the headers (bearer token, `lang`) and
 * the token lifecycle (spec §4, §7):
 * - anonymous calls use a public token (client_credentials, client 4), cached per process and refetched when
 *   the API refuses it;
 * - a patron's calls use the session's token pair; on a 401 the pair is refreshed once (single-flight) and
 *   every call that was waiting retries with the new token; the new pair is written to the cookie once, by
 *   the session middleware, on the response;
 * - when the refresh is refused the session is cleared, "session expired" is flashed and the visitor is sent
 *   to /login?redirect=<current page>.
 */
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getTransport, type ApiTransport } from "../context.server";
import { getEnv } from "../env.server";
import { apiLangId } from "../i18n";
import { getLanguage } from "../i18n.server";
import { getSession, Session, type TokenPair } from "../session.server";
import { ApiError, ApiUnavailableError, SessionExpiredError } from "./errors";
import { RevocationQueue } from "./revocations.server";

export type Query = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export interface RequestOptions {
  query?: Query;
  /** Whose token: the public one, or the patron's (default: the patron's when signed in). */
  as?: "public" | "patron";
}

export interface ApiClient {
  /** GET /api{path}; parses the JSON with `schema`; throws ApiError on non-2xx or network failure. */
  get<T>(path: string, schema: z.ZodType<T>, opts?: RequestOptions): Promise<T>;
  send<T>(method: "POST" | "PUT" | "DELETE", path: string, schema: z.ZodType<T>, opts?: RequestOptions & { body?: unknown }): Promise<T>;
}

/** The OAuth client id of the portal (spec §7). */
export const CLIENT_ID = "4";

const TokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
});

const PatronTokenSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

function buildUrl(transport: ApiTransport, path: string, query?: Query): string {
  const url = new URL(`${transport.baseUrl}/api${path.startsWith("/") ? path : `/${path}`}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) url.searchParams.append(key, String(v));
    else url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function errorFrom(response: Response): Promise<ApiError> {
  return errorOf(response.status, await response.text().catch(() => ""));
}

/** The ApiError of a non-2xx answer: its JSON body when it has one. */
function errorOf(status: number, text: string): ApiError {
  type ErrorBody = { message?: string; code?: string; errors?: Record<string, string[]> };
  let body: ErrorBody | null = null;
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === "object") body = json as ErrorBody;
  } catch {
    body = null;
  }
  return new ApiError(status, body);
}

/** An API answer read whole: what parsing it needs, so one answer can serve several callers without a clone. */
interface ReadAnswer {
  ok: boolean;
  status: number;
  url: string;
  text: string;
}

async function readAnswer(response: Response): Promise<ReadAnswer> {
  return { ok: response.ok, status: response.status, url: response.url, text: await response.text() };
}

async function transportFetch(transport: ApiTransport, request: Request): Promise<Response> {
  try {
    return await transport.fetch(request);
  } catch (cause) {
    const err = new ApiUnavailableError();
    (err as Error).cause = cause;
    throw err;
  }
}

/**
 * The header that carries the visitor's address to the API (set by the front server on the incoming request;
 * the API throttles logins and e-mails by it). Over HTTP it also goes as X-Forwarded-For, which an API run
 * with TRUST_PROXY=1 reads.
 */
export const CLIENT_IP_HEADER = "x-estante-client-ip";

function clientIpHeaders(clientIp: string | null | undefined): Record<string, string> {
  return clientIp ? { [CLIENT_IP_HEADER]: clientIp, "X-Forwarded-For": clientIp } : {};
}

/** POST /api/oauth/token with a form body; returns the parsed token response or throws ApiError. */
export async function tokenRequest(
  transport: ApiTransport,
  params: Record<string, string>,
  langId: number = 1,
  clientIp?: string | null,
): Promise<z.infer<typeof TokenResponseSchema>> {
  const response = await transportFetch(
    transport,
    new Request(buildUrl(transport, "/oauth/token"), {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
        lang: String(langId),
        ...clientIpHeaders(clientIp),
      },
      body: new URLSearchParams({ client_id: CLIENT_ID, ...params }).toString(),
    }),
  );
  if (!response.ok) throw await errorFrom(response);
  const parsed = TokenResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(500, { code: "resposta_invalida" });
  return parsed.data;
}

/** The public (client_credentials) token, fetched once per process and refetched when refused. */
export class PublicTokenCache {
  #tokens = new Map<string, Promise<string>>();

  /** The cached public token for this API, fetching it when needed (concurrent callers share one fetch). */
  get(transport: ApiTransport): Promise<string> {
    let p = this.#tokens.get(transport.baseUrl);
    if (!p) {
      p = tokenRequest(transport, { grant_type: "client_credentials" }).then((r) => r.access_token);
      this.#tokens.set(transport.baseUrl, p);
      // A failed fetch must not be cached.
      p.catch(() => {
        if (this.#tokens.get(transport.baseUrl) === p) this.#tokens.delete(transport.baseUrl);
      });
    }
    return p;
  }

  /** Forgets `token` if it is still the cached one (the API refused it). */
  async invalidate(transport: ApiTransport, token: string): Promise<void> {
    const p = this.#tokens.get(transport.baseUrl);
    if (!p) return;
    const current = await p.catch(() => null);
    if (current === token && this.#tokens.get(transport.baseUrl) === p) this.#tokens.delete(transport.baseUrl);
  }
}

/**
 * Refreshes per refresh token, process-wide: concurrent requests of one browser (two tabs, a fetcher during a
 * navigation) that present the same refresh token share one refresh, and a result stays reusable briefly
 * (below the API's 30-second grace window) so a request that arrives with the old cookie gets the same pair.
 */
export class RefreshRegistry {
  #inflight = new Map<string, Promise<TokenPair>>();
  constructor(private readonly reuseMs = 20_000) {}

  refresh(transport: ApiTransport, refreshToken: string, langId: number): Promise<TokenPair> {
    const key = `${transport.baseUrl} ${refreshToken}`;
    const existing = this.#inflight.get(key);
    if (existing) return existing;
    const p = tokenRequest(transport, { grant_type: "refresh_token", refresh_token: refreshToken }, langId).then((r) => PatronTokenSchema.parse(r));
    this.#inflight.set(key, p);
    p.then(
      () => setTimeout(() => this.#inflight.delete(key), this.reuseMs).unref?.(),
      () => this.#inflight.delete(key),
    );
    return p;
  }
}

const processPublicTokens = new PublicTokenCache();
const processRefreshes = new RefreshRegistry();

export interface ClientDeps {
  transport: ApiTransport;
  session: Session;
  /** The UI language (pt, en, es, fr, it); mapped to the API `lang` header id. */
  language: string;
  publicTokens?: PublicTokenCache;
  refreshes?: RefreshRegistry;
  /** The visitor's address, forwarded to the API (see CLIENT_IP_HEADER). */
  clientIp?: string | null;
}

/** The full client: the contract's ApiClient plus the calls the login flow needs. */
export interface FullApiClient extends ApiClient {
  /** Password grant (spec §7); throws ApiError (401, 429, 430…) as the API answers. */
  /** `captchaToken`: the solved captcha (spec §7 `recaptcha_token`), when the institution asks for one. */
  passwordGrant(username: string, password: string, captchaToken?: string): Promise<TokenPair>;
  /** GET with an explicit bearer token (the login flow, before the session exists); no refresh. */
  getWithToken<T>(path: string, schema: z.ZodType<T>, accessToken: string): Promise<T>;
  /**
   * Ends a session on the API (POST /api/oauth/revoke, RFC 7009): the token pair's whole family stops working,
   * so a copied cookie no longer opens the private area. Throws ApiError when the API cannot be reached.
   */
  revokeTokens(tokens: TokenPair): Promise<void>;
  /** GET of a file the API builds (e.g. a CSV download): the body as text plus its content headers, unparsed. */
  getFile(path: string, opts?: RequestOptions): Promise<{ body: string; contentType: string; disposition: string | null }>;
}

/** Creates a client bound to one request's session and language. Throws SessionExpiredError on refresh failure. */
export function createApiClient(deps: ClientDeps): FullApiClient {
  const { transport, session } = deps;
  const publicTokens = deps.publicTokens ?? processPublicTokens;
  const refreshes = deps.refreshes ?? processRefreshes;
  const langId = apiLangId(deps.language);

  function expire(): never {
    session.destroy({ revoke: false });
    session.flash("session_expired");
    throw new SessionExpiredError();
  }

  /** One refresh per request at a time; callers that got a 401 with an old token reuse the new pair. */
  async function refreshedTokens(usedAccessToken: string): Promise<TokenPair> {
    const tokens = session.tokens;
    if (!tokens) expire();
    if (tokens.access_token !== usedAccessToken) return tokens;
    if (!session.refreshing) {
      const current = tokens.refresh_token;
      session.refreshing = refreshes
        .refresh(transport, current, langId)
        .then((pair) => {
          session.setTokens(pair);
          return pair;
        })
        .catch((err: unknown) => {
          // The API being down is not the patron's session ending.
          if (err instanceof ApiError && err.status === 0) throw err;
          return null;
        })
        .finally(() => {
          session.refreshing = null;
        });
    }
    const pair = await session.refreshing;
    if (!pair) expire();
    return pair;
  }

  async function perform(method: string, path: string, token: string, opts: RequestOptions & { body?: unknown }): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: "application/json",
      lang: String(langId),
      Authorization: `Bearer ${token}`,
      ...clientIpHeaders(deps.clientIp),
    };
    let body: string | FormData | undefined;
    if (opts.body !== undefined) {
      if (opts.body instanceof FormData) {
        // Multipart (a file upload): the Request sets the Content-Type with its boundary.
        body = opts.body;
      } else if (opts.body instanceof URLSearchParams) {
        headers["Content-Type"] = "application/x-www-form-urlencoded";
        body = opts.body.toString();
      } else {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(opts.body);
      }
    }
    return transportFetch(transport, new Request(buildUrl(transport, path, opts.query), { method, headers, body }));
  }

  async function parse<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
    return parseAnswer(await readAnswer(response), schema);
  }

  function parseAnswer<T>(answer: ReadAnswer, schema: z.ZodType<T>): T {
    if (!answer.ok) throw errorOf(answer.status, answer.text);
    const text = answer.text;
    let json: unknown = undefined;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        throw new ApiError(500, { code: "resposta_invalida" }, "The API answered with invalid JSON");
      }
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ApiError(500, { code: "resposta_invalida" }, `Unexpected API response for ${answer.url || "a call"}`);
    return parsed.data;
  }

  /**
   * The request's GET answers, by caller, path and query: a layout and its page that both need the loans (the
   * account menu's count and the summary) ask the API once. Any other call may change what a GET answers, so it
   * empties the memo (an action runs before the loaders of the same request). ADR 210.
   */
  const answers = new Map<string, Promise<ReadAnswer>>();

  async function request<T>(method: string, path: string, schema: z.ZodType<T>, opts: RequestOptions & { body?: unknown } = {}): Promise<T> {
    if (method !== "GET") {
      answers.clear();
      return parse(await respond(method, path, opts), schema);
    }
    const as = opts.as ?? (session.tokens ? "patron" : "public");
    const key = `${as === "patron" ? (session.tokens?.access_token ?? "") : "public"} ${path} ${JSON.stringify(opts.query ?? null)}`;
    let answer = answers.get(key);
    if (!answer) {
      // Kept read (not as a Response to clone): each caller parses the same text.
      answer = respond(method, path, opts).then(readAnswer);
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
    return parseAnswer(await answer, schema);
  }

  /** The API's answer to a call, after the public-token retry or the patron's token refresh. */
  async function respond(method: string, path: string, opts: RequestOptions & { body?: unknown }): Promise<Response> {
    const as = opts.as ?? (session.tokens ? "patron" : "public");
    if (as === "public") {
      let token = await publicTokens.get(transport);
      let response = await perform(method, path, token, opts);
      if (response.status === 401) {
        await publicTokens.invalidate(transport, token);
        token = await publicTokens.get(transport);
        response = await perform(method, path, token, opts);
      }
      return response;
    }
    const tokens = session.tokens;
    if (!tokens) expire();
    let response = await perform(method, path, tokens.access_token, opts);
    if (response.status === 401) {
      const pair = await refreshedTokens(tokens.access_token);
      response = await perform(method, path, pair.access_token, opts);
      // A fresh token refused as well: the patron's access was revoked.
      if (response.status === 401) expire();
    }
    return response;
  }

  return {
    get: (path, schema, opts) => request("GET", path, schema, opts),
    send: (method, path, schema, opts) => request(method, path, schema, opts),
    async passwordGrant(username, password, captchaToken) {
      const grant = { grant_type: "password", username, password, ...(captchaToken ? { recaptcha_token: captchaToken } : {}) };
      const r = await tokenRequest(transport, grant, langId, deps.clientIp);
      return PatronTokenSchema.parse(r);
    },
    async getFile(path, opts) {
      const response = await respond("GET", path, opts ?? {});
      if (!response.ok) throw await errorFrom(response);
      return {
        body: await response.text(),
        contentType: response.headers.get("content-type") ?? "application/octet-stream",
        disposition: response.headers.get("content-disposition"),
      };
    },
    async getWithToken(path, schema, accessToken) {
      return parse(await perform("GET", path, accessToken, {}), schema);
    },
    async revokeTokens(tokens) {
      const response = await transportFetch(
        transport,
        new Request(buildUrl(transport, "/oauth/revoke"), {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", lang: String(langId) },
          body: new URLSearchParams({ client_id: CLIENT_ID, token: tokens.refresh_token, token_type_hint: "refresh_token" }).toString(),
        }),
      );
      if (!response.ok) throw await errorFrom(response);
    },
  };
}

const apiContext = createContext<FullApiClient | null>(null);

/** The request path without React Router's data suffix, for `?redirect=`. */
function currentPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/") || "/";
  return `${pathname}${url.search}`;
}

/** Wraps a client so a session expiry becomes a redirect to the login page (with the flash already set). */
function redirectingOnExpiry(client: FullApiClient, request: Request): FullApiClient {
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (err) {
        if (err instanceof SessionExpiredError) throw redirect(`/login?redirect=${encodeURIComponent(currentPath(request))}`);
        throw err;
      }
    };
  return {
    get: wrap(client.get),
    send: wrap(client.send),
    getFile: wrap(client.getFile),
    passwordGrant: client.passwordGrant,
    getWithToken: client.getWithToken,
    revokeTokens: client.revokeTokens,
  } as FullApiClient;
}

/** Creates the request's API client (after the i18n and session middleware). */
export const apiMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // Count the page's API round trips and their time, reported as Server-Timing (read by `npm run bench`).
  const base = getTransport(context);
  let calls = 0;
  let ms = 0;
  let unavailable = false;
  const budget = requestBudget(getEnv().API_TIMEOUT_MS);
  const transport: ApiTransport = {
    ...base,
    fetch: async (req) => {
      calls++;
      const t0 = performance.now();
      try {
        return await budget.race(base.fetch(req));
      } catch (err) {
        unavailable = true;
        throw err;
      } finally {
        ms += performance.now() - t0;
      }
    },
  };
  const session = getSession(context);
  const revocations = revocationQueueFor(base);
  // A copy of a cookie whose session ended while the API was down: signed out here, whatever the API says.
  if (session.tokens && revocations.isPending(session.tokens)) session.destroy({ revoke: false });
  const client = createApiClient({ transport, session, language: getLanguage(context), clientIp: request.headers.get(CLIENT_IP_HEADER) });
  context.set(apiContext, redirectingOnExpiry(client, request));
  const response = await next();
  // Sessions this request ended (logout, a login over another session) are revoked on the API, so the old
  // cookie no longer opens anything. The cookie is cleared regardless; when the API cannot be reached the
  // revocation is queued and retried until it answers (ADR 115).
  for (const tokens of session.takeEnded()) await revocations.revokeOrQueue(tokens);
  try {
    response.headers.append("Server-Timing", `api;dur=${ms.toFixed(1)};desc="${calls} calls"`);
  } catch {
    // immutable headers (a proxied response): the timing is only informative
  }
  return unavailable ? asUnavailable(request, response) : response;
};

const revocationQueues = new Map<string, RevocationQueue>();

/** The process's queue of revocations for one API (they go through the base transport, with its own timeout). */
function revocationQueueFor(transport: ApiTransport): RevocationQueue {
  let queue = revocationQueues.get(transport.baseUrl);
  if (!queue) {
    const client = createApiClient({ transport, session: new Session(null), language: "pt" });
    queue = new RevocationQueue(async (tokens) => {
      try {
        await client.revokeTokens(tokens);
      } catch (err) {
        // Only an unreachable API is worth retrying; any answer (even a refusal) ends the attempt.
        if (err instanceof ApiError && err.status === 0) throw err;
        console.error("[portal] the API refused to revoke a session's tokens:", err);
      }
    });
    revocationQueues.set(transport.baseUrl, queue);
  }
  return queue;
}

/**
 * The API calls of one request share one time budget: however many calls a page makes in a row (a public
 * token, then the data; a refresh, then the retry), it answers within API_TIMEOUT_MS. A tenth of it is kept
 * for rendering the page (docs/security.md).
 */
export function requestBudget(timeoutMs: number, now: () => number = () => performance.now()) {
  const deadline = now() + Math.max(50, Math.floor(timeoutMs * 0.9));
  return {
    race<T>(work: Promise<T>): Promise<T> {
      const left = deadline - now();
      if (left <= 0) {
        work.catch(() => undefined);
        return Promise.reject(new DOMException("The API did not answer in time", "TimeoutError"));
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DOMException("The API did not answer in time", "TimeoutError")), left);
        timer.unref?.();
      });
      return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
    },
  };
}

/**
 * A page the API could not serve is a 503 (with Retry-After), not a 200 with "could not load" lists nor a 500:
 * whatever the page rendered (failed lists, the form kept), its status says "come back". A 4xx (the visitor's
 * mistake, a form refused before the API was needed), a redirect and React Router's data requests (whose
 * status the client router reads itself) are left alone.
 */
function asUnavailable(request: Request, response: Response): Response {
  if (new URL(request.url).pathname.endsWith(".data")) return response;
  if (response.status !== 200 && response.status < 500) return response;
  if (response.status === 503) return response;
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers: response.headers });
}

/** The per-request API client set by the middleware (a public-only one when the middleware did not run). */
export function getApi(context: Readonly<RouterContextProvider>): FullApiClient {
  const client = context.get(apiContext);
  if (client) return client;
  return createApiClient({ transport: getTransport(context), session: getSession(context), language: getLanguage(context) });
}
