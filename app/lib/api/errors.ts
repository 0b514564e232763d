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
