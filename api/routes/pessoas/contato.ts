import { createRoute, z } from "@hono/zod-openapi";
import { EMAIL_MAX } from "../../../contract/contact-details.ts";
import {
  cancelEmailChange,
  checkEmailChangeLink,
  confirmEmailChange,
  EMAIL_CHANGE_HOURS,
  EMAIL_CHANGE_LIMITS,
  requestEmailChange,
  type EmailChangeMails,
} from "../../domain/contact-details.ts";
import { ApiError } from "../../lib/errors.ts";
import {
  createRouter,
  ErrorSchema,
  errorResponses,
  LangHeader,
  patronErrorResponses,
  patronOf,
  requireJsonBody,
  requireToken,
  type ApiDeps,
} from "../../lib/http.ts";
import type { Lang } from "../../lib/messages.ts";
import { MY_AREA_PATH } from "./paths.ts";
import { maskEmail } from "./recuperar-senha.ts";
import { CONTACT_MESSAGES as MESSAGES } from "./messages.ts";

type Key = keyof typeof MESSAGES;
const say = (lang: Lang, key: Key, vars: Record<string, string | number> = {}) =>
  MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ""));
const refuse = (status: number, lang: Lang, code: Key, field?: string) =>
  new ApiError(status, "validacao", { code, message: say(lang, code), ...(field ? { errors: { [field]: [say(lang, code)] } } : {}) });

/** The portal's confirmation page for a token: under PUBLIC_URL when set (http or https), its path alone otherwise. */
export function confirmationLink(token: string, publicUrl = process.env.PUBLIC_URL): string {
  const base = publicUrl?.trim().replace(/\/+$/, "");
  return `${base && /^https?:\/\//.test(base) ? base : ""}/confirmar-email?token=${encodeURIComponent(token)}`;
}

const err = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });
const Pendente = z.object({ email: z.string(), expira_em: z.string().openapi({ description: "ISO-8601" }) }).openapi("AlteracaoEmailPendente");
const TokenBody = z.object({ token: z.string().min(1).max(200) }).openapi("AlteracaoEmailToken");
const linkErrors = {
  404: err("Unknown, already used, replaced or cancelled link (`link_invalido`)"),
  410: err(`The link's ${EMAIL_CHANGE_HOURS} hours are over (\`link_expirado\`)`),
};

const requestRoute = createRoute({
  method: "post",
  path: `/${MY_AREA_PATH}/alteracao-email`,
  summary:
    `Estante (ADR 236): asks for a new e-mail address. Nothing changes yet: a link valid ${EMAIL_CHANGE_HOURS} h goes to the new address, a notice to the old one; ` +
    `a new request ends the previous one. 422 email_invalido | email_igual | email_em_uso (another person's: whose is not said); ` +
    `429 muitas_tentativas past ${EMAIL_CHANGE_LIMITS.perPatronPerHour} requests per patron or per new address per hour`,
  security: [{ bearer: [] }],
  middleware: [requireJsonBody] as const,
  request: {
    headers: LangHeader,
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ email: z.string().max(EMAIL_MAX * 2) }).openapi("AlteracaoEmailPedido") } },
    },
  },
  responses: {
    202: {
      description: "Stored and mailed (the outbox, ADR 197): the address waiting for confirmation",
      content: { "application/json": { schema: Pendente } },
    },
    400: err("No JSON body (`corpo_invalido`)"),
    429: err("Too many requests this hour (`muitas_tentativas`)"),
    ...patronErrorResponses,
  },
});
const cancelRoute = createRoute({
  method: "delete",
  path: `/${MY_AREA_PATH}/alteracao-email`,
  summary: "Estante (ADR 236): cancels the e-mail change waiting for confirmation (its link stops working); 404 sem_pedido when none waits",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 204: { description: "Cancelled" }, 404: err("Nothing waiting (`sem_pedido`)"), ...patronErrorResponses },
});
const checkRoute = createRoute({
  method: "get",
  path: "/alteracao-email",
  summary: "Estante (ADR 236), any token: what a confirmation link's token names (the new address), without spending it",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: TokenBody },
  responses: { 200: { description: "The link works", content: { "application/json": { schema: Pendente } } }, ...linkErrors, ...errorResponses },
});
const confirmRoute = createRoute({
  method: "post",
  path: "/alteracao-email/confirmacao",
  summary:
    "Estante (ADR 236), any token: follows a confirmation link once: the new address becomes the patron's. 409 email_em_uso when another person took it meanwhile",
  security: [{ bearer: [] }],
  middleware: [requireJsonBody] as const,
  request: { headers: LangHeader, body: { required: true, content: { "application/json": { schema: TokenBody } } } },
  responses: {
    200: { description: "Changed", content: { "application/json": { schema: z.object({ email: z.string() }).openapi("AlteracaoEmailConfirmada") } } },
    400: err("No JSON body (`corpo_invalido`)"),
    409: err("The address is now another person's (`email_em_uso`)"),
    ...linkErrors,
    ...errorResponses,
  },
});

/** /api/pessoas/...: changing the patron's e-mail address with a confirmation link (ADR 236; docs/api.md "Contact details"). */
export function meuContatoRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(requestRoute, async (c) => {
    const lang = c.get("lang");
    const mails = async (trx: typeof db, m: EmailChangeMails) => {
      const vars = { nome: m.nome, novo: m.novo, horas: EMAIL_CHANGE_HOURS, link: confirmationLink(m.token) };
      await deps.mailer.send({ to: [m.novo], subject: say(lang, "assunto_confirmar"), text: say(lang, "corpo_confirmar", vars) }, { db: trx });
      if (m.antigo)
        await deps.mailer.send(
          { to: [m.antigo], subject: say(lang, "assunto_aviso"), text: say(lang, "corpo_aviso", { ...vars, novo: maskEmail(m.novo) }) },
          { db: trx },
        );
    };
    const outcome = await requestEmailChange(db, patronOf(c), c.req.valid("json").email, deps.auth.now(), mails);
    if (!outcome.ok) {
      if (outcome.reason === "muitas_tentativas") throw refuse(429, lang, "muitas_tentativas");
      throw refuse(422, lang, outcome.reason, "email");
    }
    return c.json({ email: outcome.email, expira_em: outcome.expira_em }, 202);
  });

  app.openapi(cancelRoute, async (c) => {
    if (!(await cancelEmailChange(db, patronOf(c), deps.auth.now()))) throw refuse(404, c.get("lang"), "sem_pedido");
    return c.body(null, 204);
  });

  app.openapi(checkRoute, async (c) => {
    const checked = await checkEmailChangeLink(db, c.req.valid("query").token, deps.auth.now());
    if (!checked.ok) throw refuse(checked.reason === "link_expirado" ? 410 : 404, c.get("lang"), checked.reason);
    return c.json({ email: checked.email, expira_em: checked.expira_em }, 200);
  });

  app.openapi(confirmRoute, async (c) => {
    const outcome = await confirmEmailChange(db, c.req.valid("json").token, deps.auth.now());
    if (!outcome.ok)
      throw refuse(outcome.reason === "link_expirado" ? 410 : outcome.reason === "email_em_uso" ? 409 : 404, c.get("lang"), outcome.reason);
    return c.json({ email: outcome.email }, 200);
  });
  return app;
}
