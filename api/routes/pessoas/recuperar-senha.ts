import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "../../db/index.ts";
import { institutionParameters } from "../../db/institution.ts";
import { captchaRefusal } from "../../domain/captcha.ts";
import { changePasswordWithCode, checkRecoveryCode, recoveryOffered, startRecovery } from "../../domain/password-recovery.ts";
import { passwordRulesFrom, type PasswordRules } from "../../domain/password-rules.ts";
import { ApiError } from "../../lib/errors.ts";
import {
  clientIpOf,
  createRouter,
  ErrorSchema,
  errorResponses,
  LangHeader,
  parseJsonObject,
  requireJsonBody,
  requireToken,
  type ApiDeps,
} from "../../lib/http.ts";
import { msg, type Lang, type MessageKey } from "../../lib/messages.ts";

const Rules = z
  .object({
    length: z.object({ min: z.number().int(), max: z.number().int() }),
    has_numbers: z.boolean(),
    only_numbers: z.boolean(),
    special_char: z.boolean(),
    diff_case: z.boolean(),
    diff_name: z.boolean(),
    last_pw: z.number().int().openapi({ description: "The new password must differ from this many previous ones (0: no rule)" }),
  })
  .openapi("RegrasSenha");

const Start = z
  .object({
    emails: z.array(z.string()).openapi({ description: "Always empty at this step: listing them would reveal that the account exists (ADR 130)" }),
    name: z.string().nullable().openapi({ description: "Always null at this step (ADR 130)" }),
    length: z.number().int().openapi({ description: "Digits of the verification code" }),
    tte: z.number().int().openapi({ description: "Minutes the code stays valid" }),
    rules: Rules,
  })
  .openapi("RecuperacaoSenhaInicio");

const Validated = z
  .object({
    rules: Rules,
    name: z.string(),
    emails: z.array(z.string()).openapi({ description: "Masked addresses the code went to" }),
  })
  .openapi("RecuperacaoSenhaCodigo");

const UserParam = z.object({ user: z.string().min(1).max(100).openapi({ description: "User code: login or document number" }) });
const err = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });

const checkTooMany = err(
  "Too many wrong codes from this client address (it shares the login's budget) or from everyone (`muitas_tentativas`, ADR 131)",
);

const startRoute = createRoute({
  method: "get",
  path: "/{user}/recuperar-senha",
  summary: "Password recovery, step 1: e-mails a verification code (same answer whether or not the user exists)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, params: UserParam, query: z.object({ recaptcha_token: z.string().max(4000).optional() }) },
  responses: {
    200: { description: "Code length, expiry and password rules", content: { "application/json": { schema: Start } } },
    400: err(
      "With activity 1120 on, a `recaptcha_token` that is expired (`captcha_expirado`) or invalid or already used (`captcha_invalido`) (ADR 170)",
    ),
    403: err("The institution does not offer recovery (`recuperacao_indisponivel`)"),
    429: err("Too many requests from this client address, or from everyone, this hour (`muitas_tentativas`, ADR 131)"),
    ...errorResponses,
  },
});

const validateRoute = createRoute({
  method: "post",
  path: "/{user}/recuperar-senha",
  summary: "Password recovery, step 2: checks the verification code (5 wrong tries end it)",
  security: [{ bearer: [] }],
  middleware: [requireJsonBody] as const,
  request: {
    headers: LangHeader,
    params: UserParam,
    body: { required: true, content: { "application/json": { schema: z.object({ code: z.string().min(1).max(20) }) } } },
  },
  responses: {
    200: { description: "The code is right: the rules for the new password", content: { "application/json": { schema: Validated } } },
    400: err("No JSON body (`corpo_invalido`)"),
    403: err("The institution does not offer recovery (`recuperacao_indisponivel`)"),
    429: checkTooMany,
    ...errorResponses,
  },
});

const changeRoute = createRoute({
  method: "put",
  path: "/{user}/recuperar-senha",
  summary: "Password recovery, step 3: sets the new password (trimmed) and ends every session of the patron",
  security: [{ bearer: [] }],
  middleware: [requireJsonBody] as const,
  request: {
    headers: LangHeader,
    params: UserParam,
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ code: z.string().min(1).max(20), password: z.string().min(1).max(256) }) } },
    },
  },
  responses: {
    200: { description: "Password changed", content: { "application/json": { schema: z.object({ message: z.string() }) } } },
    400: err("No JSON body (`corpo_invalido`)"),
    403: err("The institution does not offer recovery (`recuperacao_indisponivel`)"),
    429: checkTooMany,
    ...errorResponses,
  },
});

async function institutionParams(db: Db): Promise<Record<string, unknown>> {
  return parseJsonObject(await institutionParameters(db));
}

/** "ana.souza@example.org" → "a***a@example.org". */
export function maskEmail(email: string): string {
  const [local, domain] = email.split("@");
  if (!domain) return "***";
  return `${local.slice(0, 1)}***${local.length > 1 ? local.slice(-1) : ""}@${domain}`;
}

/** The translated text of each broken rule. */
function ruleMessages(lang: Lang, rules: PasswordRules, broken: string[]): string[] {
  return broken.map((code) => msg(lang, `regra_${code}` as MessageKey, { min: rules.length.min, max: rules.length.max, n: rules.last_pw }));
}

/** /api/pessoas/{user}/recuperar-senha: the three recovery steps (spec §4, §7; ADR 130). */
export function recuperarSenhaRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  const offered = async () => {
    const params = await institutionParams(db);
    if (!recoveryOffered(params)) throw new ApiError(403, "recuperacao_indisponivel");
    return params;
  };

  app.openapi(startRoute, async (c) => {
    const params = await offered();
    const lang = c.get("lang");
    const { user } = c.req.valid("param");
    // Activity 1120 (ADR 170): checked before the user code is looked at, so it says nothing about the user.
    const captcha = await captchaRefusal(db, c.req.valid("query").recaptcha_token, deps.auth.now());
    if (captcha) throw new ApiError(400, captcha, { code: captcha });
    const started = await startRecovery(db, deps.auth, params, user, clientIpOf(c));
    if (!started.ok) throw new ApiError(429, started.reason);
    const { rules, settings, mail } = started;
    if (mail) {
      // Sent off the response path, so a slow mail server cannot tell a known user from an unknown one.
      deps.mailer
        .send({
          to: mail.to,
          subject: msg(lang, "recuperacao_assunto"),
          text: msg(lang, "recuperacao_corpo", { nome: mail.name, codigo: mail.code, minutos: settings.tteMinutes }),
        })
        .catch((e: unknown) => console.error("[api] recovery e-mail failed:", e));
    }
    return c.json({ emails: [], name: null, length: settings.length, tte: settings.tteMinutes, rules }, 200);
  });

  app.openapi(validateRoute, async (c) => {
    const params = await offered();
    const { user } = c.req.valid("param");
    const check = await checkRecoveryCode(db, deps.auth, params, user, c.req.valid("json").code.trim(), clientIpOf(c));
    if (!check.ok) throw new ApiError(check.reason === "muitas_tentativas" ? 429 : 422, check.reason);
    return c.json(
      {
        rules: passwordRulesFrom(params.regras_senha),
        name: check.login.nome_pessoa,
        emails: check.login.email ? [maskEmail(check.login.email)] : [],
      },
      200,
    );
  });

  app.openapi(changeRoute, async (c) => {
    const params = await offered();
    const lang = c.get("lang");
    const { user } = c.req.valid("param");
    const body = c.req.valid("json");
    const outcome = await changePasswordWithCode(db, deps.auth, params, user, body.code.trim(), body.password, clientIpOf(c));
    if (outcome.ok) return c.json({ message: msg(lang, "senha_alterada") }, 200);
    if (outcome.reason !== "senha_fora_dos_criterios") throw new ApiError(outcome.reason === "muitas_tentativas" ? 429 : 422, outcome.reason);
    throw new ApiError(422, "senha_fora_dos_criterios", {
      // `rules` lists the broken rules' codes, for clients that word the rules themselves.
      errors: { password: ruleMessages(lang, passwordRulesFrom(params.regras_senha), outcome.broken), rules: outcome.broken },
    });
  });
  return app;
}
