/**
 * API errors and the spec §8 error catalogue: (status, payload, context) → an i18n key of `common`.
 * Safe for the browser bundle (no server-only imports).
 */

/** A failed API call. `status` 0 means the API could not be reached (network failure or timeout). */
export class ApiError extends Error {
  status: number;
  code?: string;
  serverMessage?: string;
  errors?: Record<string, string[]>;

  constructor(status: number, body?: { message?: string; code?: string; errors?: Record<string, string[]> } | null, message?: string) {
    super(message ?? body?.message ?? `API error ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.code = body?.code;
    this.serverMessage = body?.message;
    this.errors = body?.errors;
  }
}

/**
 * The API could not be reached or did not answer within the request's time budget (status 0). Routes that
 * catch ApiError still see it as one (a failed list, a form kept with "try again"). One that nobody catches
 * ends the request as a 503 page ("temporarily unavailable", Retry-After from the front server), not a 500:
 * it has the shape React Router gives a thrown `data(…, { status })` (ADR 115).
 */
export class ApiUnavailableError extends ApiError {
  readonly type = "DataWithResponseInit";
  readonly data = { reason: "unavailable" };
  readonly init = { status: 503 };

  constructor(message = "The API could not be reached") {
    super(0, null, message);
    this.name = "ApiUnavailableError";
  }
}

/** The patron's refresh token was refused: the session is over (spec §4). */
export class SessionExpiredError extends ApiError {
  constructor() {
    super(401, { code: "sessao_expirada" }, "Session expired");
    this.name = "SessionExpiredError";
  }
}

/** Where the error happened: the login screen has its own messages (spec §8 "Login"). */
export type ErrorContext = "generic" | "login" | "network-catalogue";

/** A message key plus its interpolation values. */
export interface ErrorMessage {
  key: string;
  values?: Record<string, string | number>;
}

const MY_LIBRARY_MARKER = /minha ?biblioteca/i;

/** Maps an error to the spec §8 message: an i18n key of the `common` namespace plus values. */
export function describeError(error: unknown, context: ErrorContext = "generic"): ErrorMessage {
  if (!(error instanceof ApiError)) return { key: "common:errors.unexpected" };
  const { status, serverMessage, code } = error;
  if (status === 0) return { key: "common:errors.network" };

  if (context === "login") {
    if (status === 430 || code === "ACESSO_BLOQUEADO" || serverMessage === "ACESSO_BLOQUEADO") return { key: "common:auth.errors.blocked" };
    if (status === 400) return { key: "common:auth.errors.request_failed" };
    if (status === 401) return { key: "common:auth.errors.incorrect" };
    if (status === 422 && serverMessage) return { key: "common:errors.server_message", values: { message: serverMessage } };
    if (status === 429) return { key: "common:auth.errors.too_many" };
    if (status >= 500) return { key: "common:auth.errors.unknown" };
    return { key: "common:auth.errors.status", values: { status } };
  }

  if (error instanceof SessionExpiredError || status === 401) return { key: "common:errors.session_expired" };
  if (status >= 500) {
    if (context === "network-catalogue") return { key: "common:errors.network_catalogue" };
    if (serverMessage && MY_LIBRARY_MARKER.test(serverMessage)) return { key: "common:errors.my_library" };
    return { key: "common:errors.unexpected" };
  }
  // Other statuses with a response: the server's message (already in the request's language, incl. 422).
  if (serverMessage) return { key: "common:errors.server_message", values: { message: serverMessage } };
  if (status === 403) return { key: "common:errors.forbidden" };
  if (status === 404) return { key: "common:errors.not_found" };
  return { key: "common:errors.unexpected" };
}

/** The i18n key of spec §8 for an error (see `describeError` for the interpolation values). */
export function messageKeyFor(error: unknown, context: ErrorContext = "generic"): string {
  return describeError(error, context).key;
}

/**
 * The status of a page whose data call failed: the API could not be reached (0) or is overloaded (503) → 503
 * (with Retry-After, added by the front server); the API said the thing does not exist → 404; the API refused
 * the request's values (a hand-edited or stale URL) → 400, the visitor's mistake; anything else the API
 * answered → 502. Never a 5xx for input only the visitor can fix.
 */
export function pageStatusFor(error: unknown): 400 | 404 | 502 | 503 {
  if (!(error instanceof ApiError) || error.status === 0 || error.status === 503) return error instanceof ApiError ? 503 : 502;
  if (error.status === 404) return 404;
  if (error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429) return 400;
  return 502;
}

/**
 * When the API refused a search only because of filter or option values (a link to a facet that no longer
 * exists, a hand-edited `filtro=T:1.5`), the same search without those values; null when the refusal concerns
 * the search terms themselves (`termFields`) or was not a validation error. Stale filters are ignored, as
 * library catalogues do, instead of failing the whole search.
 */
export function withoutRefusedFilters<V extends object>(error: unknown, value: V, termFields: readonly string[]): V | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.errors) return null;
  const refused = Object.keys(error.errors);
  if (refused.length === 0 || refused.some((k) => termFields.includes(k) || !(k in value))) return null;
  const out = { ...value } as Record<string, unknown>;
  for (const k of refused) out[k] = Array.isArray(out[k]) ? [] : undefined;
  return out as V;
}
