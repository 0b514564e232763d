import type { CaptchaSettings } from "../domain/captcha.ts";
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { Db } from "../db/index.ts";
import { verifyAccessToken, type TokenOwner } from "../domain/tokens.ts";
import type { Mailer } from "../mail/index.ts";
import type { SsoConfig } from "../sso/config.ts";
import type { AuthSettings } from "./clock.ts";
import { ApiError } from "./errors.ts";
import { langFromHeader, msg, type Lang } from "./messages.ts";

/**
 * The client's address, as the front server (server.ts) saw it: set there on every request, replacing any
 * value the client sent; the portal forwards its visitor's address in it. Absent, nothing is counted per address.
 */
export const CLIENT_IP_HEADER = "x-estante-client-ip";

/** The request's client address (see CLIENT_IP_HEADER), or null. */
export function clientIpOf(c: Context): string | null {
  const v = c.req.header(CLIENT_IP_HEADER)?.trim();
  return v && v.length <= 64 ? v : null;
}

/** What every route module receives from createApiApp. */
export interface ApiDeps {
  db: Db;
  auth: AuthSettings;
  mailer: Mailer;
  /** Single sign-on providers (ADR 160); absent or null parts: that kind of SSO is off. */
  sso?: SsoConfig;
  /** Captcha cost and lifetime (ADR 170); the defaults when absent. */
  captcha?: CaptchaSettings;
}

export interface ApiEnv {
  Variables: { owner: TokenOwner; lang: Lang };
}

/** The JSON error body of docs/api.md, for the OpenAPI document. */
export const ErrorSchema = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .openapi("Erro");

/** Standard error responses to spread into a route's `responses`. */
export const errorResponses = {
  401: { description: "Missing, bad or expired token (`code: token_invalido`)", content: { "application/json": { schema: ErrorSchema } } },
  422: { description: "Validation failed (message in the `lang` language)", content: { "application/json": { schema: ErrorSchema } } },
} as const;

export const patronErrorResponses = {
  ...errorResponses,
  403: { description: "Needs a patron token (`code: login_necessario`)", content: { "application/json": { schema: ErrorSchema } } },
} as const;

/** The `lang` header, documented on every route. */
export const LangHeader = z.object({
  lang: z.string().optional().openapi({ description: "1 pt (default), 3 es, 5 en", example: "1" }),
});

/** The `{id}` path parameter of a route: a positive whole number. */
export const IdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" } }),
});

/** A 404 response to spread into a route's `responses`, saying what was not found. */
export const notFoundResponse = (description: string) =>
  ({ 404: { description, content: { "application/json": { schema: ErrorSchema } } } }) as const;

/** A zod failure as the API's `errors` object: each field's "required" or "invalid" message in `lang`. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], lang: Lang): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.join(".") || "_";
    const missing = issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined;
    (errors[field] ??= []).push(msg(lang, missing ? "campo_obrigatorio" : "valor_invalido"));
  }
  return errors;
}

/** Creates a route sub-app whose zod failures become 422 `{message, errors}` in the request's language. */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const lang = langFromHeader(c.req.header("lang"));
      return c.json({ message: msg(lang, "validacao"), code: "validacao", errors: fieldErrorsOf(result.error.issues, lang) }, 422);
    },
  });
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Requires a valid bearer access token (public or patron) and records its owner. */
export function requireToken(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const owner = match ? await verifyAccessToken(deps.db, deps.auth, match[1]) : null;
    if (!owner) throw new ApiError(401, "token_invalido", { code: "token_invalido" });
    // A patron blocked by the library keeps read access (dados-usuario reports the block, ADR 011) but can
    // write nothing: the portal refuses them at login, and the API must not be the way around it.
    if (owner.codPessoa != null && WRITE_METHODS.has(c.req.method)) {
      const p = await deps.db.selectFrom("pessoa").select("bloqueado").where("cod_pessoa", "=", owner.codPessoa).executeTakeFirst();
      if (!p || Number(p.bloqueado) === 1) throw new ApiError(403, "usuario_bloqueado");
    }
    c.set("owner", owner);
    await next();
  };
}

/** The patron behind the request's token; a public token gets 403 login_necessario. */
export function patronOf(c: Context<ApiEnv>): number {
  const cod = c.get("owner")?.codPessoa;
  if (cod == null) throw new ApiError(403, "login_necessario");
  return cod;
}

/** Parses a JSON array column, tolerating bad data. */
export function parseJsonArray<T = unknown>(value: string | null | undefined): T[] {
  if (!value) return [];
  try {
    const v: unknown = JSON.parse(value);
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

/** Parses a JSON object column, tolerating bad data. */
export function parseJsonObject(value: string | null | undefined): Record<string, unknown> {
  if (!value) return {};
  try {
    const v: unknown = JSON.parse(value);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Route middleware for a write that reads a JSON body: a request without one (no body, or another type) is the
 * client's mistake, answered 400 `corpo_invalido` before the body's schema is looked at.
 */
export const requireJsonBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(c.req.header("content-type") ?? "")) throw new ApiError(400, "corpo_invalido");
  await next();
};
