import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { langFromHeader, msg, type MessageKey } from "./messages.ts";

/** An error the API answers with a JSON body `{message, code?, errors?}` (docs/api.md). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly options: { code?: string; errors?: Record<string, string[]>; message?: string } = {},
  ) {
    super(key);
  }
}

/** Renders an ApiError (or any other error, as a 500 without internals) in the request's language. */
export function errorResponse(c: Context, err: unknown) {
  const lang = langFromHeader(c.req.header("lang"));
  if (err instanceof ApiError) {
    const body: { message: string; code?: string; errors?: Record<string, string[]> } = {
      message: err.options.message ?? msg(lang, err.key),
    };
    const code = err.options.code ?? err.key;
    if (code) body.code = code;
    if (err.options.errors) body.errors = err.options.errors;
    return c.json(body, err.status as ContentfulStatusCode);
  }
  // Hono's own refusals (a body its validators cannot parse, a size limit) are the client's fault: 4xx, in our shape.
  if (err instanceof HTTPException && err.status < 500) {
    const key: MessageKey = err.status === 413 ? "corpo_grande" : "corpo_invalido";
    return c.json({ message: msg(lang, key), code: key }, err.status as ContentfulStatusCode);
  }
  // A handler that read a malformed body itself (c.req.json()) fails with a SyntaxError: also a 400.
  if (err instanceof SyntaxError) return c.json({ message: msg(lang, "corpo_invalido"), code: "corpo_invalido" }, 400);
  // Never leak stack traces or driver messages; log them for the operator instead.
  console.error("[api] unexpected error:", err);
  return c.json({ message: msg(lang, "erro_inesperado"), code: "erro_inesperado" }, 500);
}
