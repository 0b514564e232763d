/** Router context keys shared by the middleware, loaders and actions. */
import { createContext } from "react-router";
import { getEnv } from "./env.server";

/** How the portal reaches the API: a base URL and a fetch-shaped function (in-process or real HTTP). */
export interface ApiTransport {
  baseUrl: string;
  fetch(request: Request): Promise<Response>;
}

/** Real HTTP to API_BASE_URL (or this server itself when it is unset, e.g. under `react-router dev`). */
export function httpTransport(baseUrl?: string): ApiTransport {
  const env = getEnv();
  const base = (baseUrl ?? env.API_BASE_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/+$/, "");
  return {
    baseUrl: base,
    // A slow API must not hold a visitor for long: after API_TIMEOUT_MS the call fails as "unreachable" (503).
    fetch: (request) => fetch(request, { signal: AbortSignal.timeout(env.API_TIMEOUT_MS) }),
  };
}

/**
 * The in-process transport: server.ts hands us the Hono API app's fetch (no TCP, same contract). The same
 * timeout applies: the page answers 503 instead of waiting on a stuck query (the query itself runs on).
 */
export function inProcessTransport(apiFetch: (request: Request) => Promise<Response>, timeoutMs: number = getEnv().API_TIMEOUT_MS): ApiTransport {
  return {
    baseUrl: "http://api.internal",
    fetch: (request) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DOMException("The API did not answer in time", "TimeoutError")), timeoutMs);
        timer.unref?.();
      });
      return Promise.race([apiFetch(request), timeout]).finally(() => clearTimeout(timer));
    },
  };
}

/** The per-request API transport, set by `createAppLoadContext` (null: use HTTP to API_BASE_URL). */
export const transportContext = createContext<ApiTransport | null>(null);

let defaultTransport: ApiTransport | null = null;

/** The request's transport, or the process-wide HTTP one. */
export function getTransport(context: { get: (key: typeof transportContext) => ApiTransport | null }): ApiTransport {
  const t = context.get(transportContext);
  if (t) return t;
  defaultTransport ??= httpTransport();
  return defaultTransport;
}
