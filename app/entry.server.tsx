import { Writable } from "node:stream";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { RouterContextProvider, ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";
import { inProcessTransport, transportContext } from "./lib/context.server";
import { isFormErrorStatus, prefixTitle } from "./lib/error-title.server";
import { getI18n } from "./lib/i18n.server";
import { NonceProvider } from "./lib/nonce";
import { parseCookies } from "./lib/cookies";
import { parsePrefs, PREFS_COOKIE } from "./lib/prefs";
import { vlibrasOn } from "./lib/vlibras";
import { getEnv } from "./lib/env.server";
import { contentSecurityPolicy, frameAncestorsFor, newNonce } from "./lib/security-headers";

export const streamTimeout = 5_000;

/**
 * The load context for one request (server.ts calls this per request). With `apiFetch` the portal reaches the
 * embedded API in-process; without it, over HTTP at API_BASE_URL.
 */
export function createAppLoadContext({ apiFetch }: { apiFetch?: (request: Request) => Promise<Response> } = {}): RouterContextProvider {
  const context = new RouterContextProvider();
  if (apiFetch) context.set(transportContext, inProcessTransport(apiFetch));
  return context;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = newNonce();
  // Only the embedded login may be framed, by this origin and the configured ones (ADR 174). X-Frame-Options is
  // for browsers without CSP frame-ancestors (which take precedence where supported): same origin at most.
  const frameAncestors = frameAncestorsFor(new URL(request.url), getEnv().LOGIN_EMBED_ORIGINS);
  // The VLibras widget's sources only on the documents that carry it (ADR 256; the root data applies the same rule).
  const vlibras = vlibrasOn(getEnv().VLIBRAS, parsePrefs(parseCookies(request.headers.get("Cookie"))[PREFS_COOKIE]).libras);
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, frameAncestors, { vlibras }));
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  responseHeaders.set("Referrer-Policy", "strict-origin-when-cross-origin");
  responseHeaders.set("X-Frame-Options", frameAncestors === "'none'" ? "DENY" : "SAMEORIGIN");

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // Unmatched paths never run the i18n middleware: getI18n falls back to a pt instance (STACK.md gotcha 5).
  const i18n = getI18n(loadContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA mode wait for all content; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const status = responseStatusCode;
          // The page is collected and sent as one body: every loader has finished before the shell renders (no
          // deferred data), so streaming it in React's small chunks bought no earlier byte, only a web stream and
          // a socket write per chunk (ADR 210).
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
              callback();
            },
          });
          if (isFormErrorStatus(responseStatusCode)) {
            // A page answering a failed form says "Erro:" first in its title (ADR 137).
            const titled = prefixTitle(i18n.t("common:errors.prefix"));
            titled.pipe(body);
            pipe(titled);
          } else {
            pipe(body);
          }
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Logs unexpected server errors (never sent to the browser; the ErrorBoundary shows a generic message). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error("[estante] error while handling", new URL(request.url).pathname, error);
};
