import type { RouterContextProvider } from "react-router";
import { getTransport } from "~/lib/context.server";

/**
 * The subscribable URL of a patron's due-date feed. The reference API serves it (calendar apps cannot sign
 * in to the portal): on this host when the API is embedded, on API_BASE_URL otherwise (ADR 120).
 */
export function calendarFeedUrl(request: Request, context: Readonly<RouterContextProvider>, token: string): string {
  const transport = getTransport(context);
  const base = transport.baseUrl === "http://api.internal" ? new URL(request.url).origin : transport.baseUrl;
  return `${base}/api/calendario/${encodeURIComponent(token)}`;
}
