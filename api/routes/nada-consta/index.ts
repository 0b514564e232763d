import { createRoute, z } from "@hono/zod-openapi";
import { emailOf } from "../../db/contact-details.ts";
import { institutionNames } from "../../db/institution.ts";
import { allowEvent } from "../../db/rate-limit.ts";
import { declarationPdf } from "../../domain/no-debts-pdf.ts";
import { issueDeclaration, noDebtsStatus, normalizeVerificationCode, verifyDeclaration, type Pending } from "../../domain/no-debts.ts";
import type { DeclarationRow } from "../../db/declarations.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, ErrorSchema, errorResponses, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";
import { msg, type Lang } from "../../lib/messages.ts";
import { TEXT } from "./messages.ts";

const say = (lang: Lang, key: keyof typeof TEXT, values: Record<string, string | number> = {}) =>
  TEXT[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ""));

/** How many declaration e-mails one patron may have sent per window (ADR 113): a resend or two, never a mail cannon. */
export const DECLARATION_MAILS_PER_WINDOW = 3;
export const DECLARATION_MAIL_WINDOW_MS = 60 * 60 * 1000;

const Pendencia = z
  .object({ codigo: z.enum(["emprestimos", "reservas", "debitos"]), quantidade: z.number().int(), descricao: z.string() })
  .openapi("NadaConstaPendencia");
const Declaracao = z
  .object({
    codigo: z.string().openapi({ description: "Public verification code, `XXXX-XXXX-XXXX`" }),
    nome_pessoa: z.string(),
    documento: z.string().nullable(),
    categoria: z.string(),
    emitida_em: z.string(),
    instituicao: z.object({ sigla: z.string(), nome: z.string() }),
  })
  .openapi("DeclaracaoNadaConsta");
const Situacao = z
  .object({
    pode_emitir: z.boolean().openapi({ description: "true when nothing is pending and no declaration was issued yet" }),
    pendencias: z.array(Pendencia),
    declaracao: Declaracao.nullable().openapi({ description: "The declaration already issued (it is issued once)" }),
  })
  .openapi("NadaConstaSituacao");
const Verificacao = Declaracao.omit({ documento: true }).openapi("NadaConstaVerificacao");

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const refusal = json(ErrorSchema, "Refused: field errors, or `nada_consta_pendencias` with `errors.pendencias`");

const verificaRoute = createRoute({
  method: "get",
  path: "/verifica",
  summary: "Whether the patron may have a no-debts declaration: what is pending (loans, holds, debits) and the declaration already issued",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: json(Situacao, "The patron's situation"), ...patronErrorResponses },
});
const issueRoute = createRoute({
  method: "post",
  path: "/",
  summary:
    "Issues the no-debts declaration (spec §4: it removes the patron from the information unit, so `confirmacao: true` is required); a repeated call answers the same declaration",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ confirmacao: z.boolean().optional() }).openapi("NadaConstaPedido") } },
    },
  },
  responses: { 201: json(Declaracao, "Issued"), 200: json(Declaracao, "Already issued earlier"), ...patronErrorResponses, 422: refusal },
});
const sendMailRoute = createRoute({
  method: "post",
  path: "/send-mail",
  summary:
    "E-mails the patron's declaration, as a PDF the API builds itself, to the e-mail on the patron's record; no body (a file sent along is ignored); at most 3 an hour",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: {
    202: json(
      z.object({ enviado: z.literal(true), email: z.string().openapi({ description: "The address, masked" }) }).openapi("NadaConstaEnviado"),
      "Sent",
    ),
    404: json(ErrorSchema, "No declaration issued yet (`nada_consta_inexistente`)"),
    ...patronErrorResponses,
    422: json(ErrorSchema, "`sem_email`: no e-mail on the patron's record"),
    429: json(ErrorSchema, "Too many declaration e-mails from this patron within an hour (`envio_limite`)"),
  },
});
const verificarRoute = createRoute({
  method: "get",
  path: "/verificar",
  summary: "Public check of a declaration by its verification code (any token): who it was issued to, and when",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: z.object({ codigo: z.string().max(40).optional() }) },
  responses: {
    200: json(Verificacao, "The declaration"),
    404: json(ErrorSchema, "No declaration has this code (`nada_consta_nao_encontrada`)"),
    ...errorResponses,
  },
});

/** "ana.souza@example.org" → "a***a@example.org". */
export function maskEmail(email: string): string {
  const [user, domain] = email.split("@");
  if (!domain) return "***";
  return `${user[0]}***${user.length > 1 ? user[user.length - 1] : ""}@${domain}`;
}

const fieldError = (lang: Lang, field: string, key: keyof typeof TEXT, code = "validacao") =>
  new ApiError(422, "validacao", {
    code,
    message: code === "validacao" ? msg(lang, "validacao") : say(lang, key),
    errors: { [field]: [say(lang, key)] },
  });

/** /api/nada-consta: the no-debts declaration (spec §7 "Unidade-informacao and nada-consta", ADR 192). */
export function nadaConstaRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  const institution = () => institutionNames(db);
  // The internal cod_pessoa is never answered (the public check must not reveal it).
  const view = async ({ cod_pessoa: _cod, ...d }: DeclarationRow) => ({ ...d, instituicao: await institution() });
  const describe = (lang: Lang, p: Pending[]) => p.map((x) => ({ ...x, descricao: say(lang, x.codigo, { n: x.quantidade }) }));

  app.openapi(verificaRoute, async (c) => {
    const { declaracao, pendencias } = await noDebtsStatus(db, patronOf(c));
    return c.json(
      {
        pode_emitir: !declaracao && pendencias.length === 0,
        pendencias: describe(c.get("lang"), pendencias),
        declaracao: declaracao ? await view(declaracao) : null,
      },
      200,
    );
  });

  app.openapi(issueRoute, async (c) => {
    const lang = c.get("lang");
    const cod = patronOf(c);
    if (c.req.valid("json").confirmacao !== true) throw fieldError(lang, "confirmacao", "confirmacao");
    const outcome = await issueDeclaration(db, cod, deps.auth.now());
    if (!outcome.ok) {
      throw new ApiError(422, "validacao", {
        code: "nada_consta_pendencias",
        message: say(lang, "pendencias"),
        errors: { pendencias: describe(lang, outcome.pendencias).map((p) => p.descricao) },
      });
    }
    return c.json(await view(outcome.declaration), outcome.created ? 201 : 200);
  });

  app.openapi(sendMailRoute, async (c) => {
    const lang = c.get("lang");
    const cod = patronOf(c);
    const { declaracao } = await noDebtsStatus(db, cod);
    if (!declaracao) throw new ApiError(404, "nao_encontrado", { code: "nada_consta_inexistente", message: say(lang, "sem_declaracao") });
    const email = (await emailOf(db, cod))?.trim();
    if (!email) throw fieldError(lang, "email", "sem_email", "sem_email");
    // Counted before the work, in the database: parallel requests get 1..N, so the limit holds under bursts.
    const now = deps.auth.now();
    if (!(await allowEvent(db, `nada-consta-email:${cod}`, DECLARATION_MAILS_PER_WINDOW, now, DECLARATION_MAIL_WINDOW_MS)).allowed)
      throw new ApiError(429, "envio_limite");
    const pdf = await declarationPdf(declaracao, await institution(), lang, process.env.PUBLIC_URL || undefined);
    await deps.mailer.send({
      to: [email],
      subject: say(lang, "assunto"),
      text: say(lang, "corpo", { nome: declaracao.nome_pessoa, data: declaracao.emitida_em.slice(0, 10), codigo: declaracao.codigo }),
      attachments: [{ filename: `nada-consta-${declaracao.codigo}.pdf`, content: pdf, contentType: "application/pdf" }],
    });
    return c.json({ enviado: true as const, email: maskEmail(email) }, 202);
  });

  app.openapi(verificarRoute, async (c) => {
    const lang = c.get("lang");
    const typed = c.req.valid("query").codigo ?? "";
    if (!normalizeVerificationCode(typed)) throw fieldError(lang, "codigo", "codigo");
    const found = await verifyDeclaration(db, typed);
    if (!found) throw new ApiError(404, "nao_encontrado", { code: "nada_consta_nao_encontrada", message: say(lang, "nao_encontrada") });
    const { documento: _doc, ...rest } = await view(found);
    return c.json(rest, 200);
  });
  return app;
}
