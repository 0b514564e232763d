/**
 * Password login with remix-auth (FormStrategy): POST /oauth/token (password grant), then
 * GET /autenticar/dados-usuario. A patron the library blocked fails with 430 and the library's reason (spec §4, §8).
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { z } from "zod";
import type { FullApiClient } from "./api/client.server";
import { ApiError } from "./api/errors";
import type { SessionUser, TokenPair } from "./session.server";

export const DadosUsuarioSchema = z.object({
  user: z.looseObject({
    cod_pessoa: z.coerce.number(),
    nome_pessoa: z.string(),
    login: z.string(),
    base: z.string().nullish(),
    professor: z.boolean().optional().catch(undefined),
  }),
  authPermissions: z.array(z.looseObject({ cod_modulo: z.coerce.number().nullish(), cod_atividade: z.coerce.number() })).default([]),
  bloqueio: z.union([z.boolean(), z.number(), z.string()]).nullish(),
  motivo_bloqueio: z.string().nullish(),
});

/** The API error code the portal gives a patron the library blocked (the message is the library's reason). */
export const LIBRARY_BLOCK_CODE = "BLOQUEIO_BIBLIOTECA";

export interface LoginResult {
  tokens: TokenPair;
  user: SessionUser;
}

/** Runs the two login calls; throws ApiError (401, 429, 430…) as spec §8 expects. */
export async function passwordLogin(api: FullApiClient, username: string, password: string, captchaToken?: string): Promise<LoginResult> {
  const tokens = await api.passwordGrant(username, password, captchaToken);
  const dados = await api.getWithToken("/autenticar/dados-usuario", DadosUsuarioSchema, tokens.access_token);
  const blocked = dados.bloqueio === true || dados.bloqueio === 1 || dados.bloqueio === "1" || dados.bloqueio === "S";
  if (blocked) {
    // The API issued tokens before the portal saw the block: end them so they cannot be used directly.
    await api.revokeTokens(tokens).catch(() => undefined);
    // Spec §4: blocked user data fails the login with 430; the patron is told the library's reason (not the
    // too-many-attempts message, which is about the password).
    throw new ApiError(430, { message: dados.motivo_bloqueio?.trim() || "", code: LIBRARY_BLOCK_CODE });
  }
  return { tokens, user: sessionUserOf(dados) };
}

/**
 * What the session keeps of the patron's data (password login and single sign-on alike). Whether the patron is
 * a professor is kept too, so the private area's menu does not ask the API on every page (ADR 210).
 */
export function sessionUserOf(dados: z.infer<typeof DadosUsuarioSchema>): SessionUser {
  return {
    cod_pessoa: dados.user.cod_pessoa,
    nome_pessoa: dados.user.nome_pessoa,
    login: dados.user.login,
    base: dados.user.base ?? null,
    permissions: [...new Set(dados.authPermissions.map((p) => p.cod_atividade))],
    ...(dados.user.professor === undefined ? {} : { professor: dados.user.professor }),
  };
}

/**
 * An authenticator bound to this request's API client (the strategy needs the per-request transport).
 * `loginName` replaces the form's username when a login variant combines it with a choice.
 */
export function createAuthenticator(api: FullApiClient, loginName?: string): Authenticator<LoginResult> {
  const authenticator = new Authenticator<LoginResult>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      // `loginName`: the name an institution login variant makes of the form (ADR 173).
      const username = loginName ?? String(form.get("username") ?? "").trim();
      const password = String(form.get("password") ?? "");
      // The solved captcha, when the widget ran (activity 1120, ADR 170).
      const captcha = String(form.get("captcha") ?? "") || undefined;
      return passwordLogin(api, username, password, captcha);
    }),
    "form",
  );
  return authenticator;
}
