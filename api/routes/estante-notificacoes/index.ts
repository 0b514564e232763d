import { createRoute, z } from "@hono/zod-openapi";
import { DUE_DAYS_MAX, DUE_DAYS_MIN, HISTORY_CHOICES, NOTIFICATION_EVENTS, SAVED_SEARCH_FREQUENCIES } from "../../../contract/notifications.ts";
import { deleteHistoryItems, historyModeOf, libraryHistoryDays, returnedLoansCount, setHistoryMode } from "../../db/loan-history.ts";
import {
  describeUnsubscribe,
  preferencesOf,
  readUnsubscribeToken,
  rememberLanguage,
  savePreferences,
  unsubscribe,
  type Preferences,
} from "../../domain/notifications.ts";
import { setSavedSearchAlert } from "../../domain/saved-search-alerts.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, ErrorSchema, LangHeader, patronErrorResponses, patronOf, requireToken, errorResponses, type ApiDeps } from "../../lib/http.ts";
import type { Lang } from "../../lib/messages.ts";
import { BAD_TOKEN } from "./messages.ts";

const json = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: json(schema) });
const security = [{ bearer: [] }];

const Event = z.enum(NOTIFICATION_EVENTS);
const Choice = z
  .object({
    evento: Event,
    email: z.boolean(),
    app: z.boolean(),
    dias: z
      .number()
      .int()
      .min(DUE_DAYS_MIN)
      .max(DUE_DAYS_MAX)
      .optional()
      .openapi({ description: `vencimento only: days before the due day (${DUE_DAYS_MIN}–${DUE_DAYS_MAX})` }),
  })
  .openapi("PreferenciaNotificacao");
const Prefs = z.object({ eventos: z.array(Choice) }).openapi("PreferenciasNotificacao");
const PrefsPut = z.object({ eventos: z.array(Choice).min(1).max(NOTIFICATION_EVENTS.length) });
const Token = z.string().min(1).max(400);
const Unsubscribed = z.object({ evento: Event.optional(), pesquisa: z.string().optional() }).openapi("Descadastro");
const History = z.object({ modo: z.enum(HISTORY_CHOICES), dias_padrao: z.number().int(), total: z.number().int() }).openapi("HistoricoModo");

const toList = (p: Preferences) => NOTIFICATION_EVENTS.map((evento) => ({ evento, ...p[evento] }));

/**
 * /api/estante/...: Estante's notification preferences, one-click unsubscribe, saved-search alerts and the
 * loan-history period (ADRs 248, 249); the spec's §7 has no call for them.
 */
export function estanteNotificacoesRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(
    createRoute({
      method: "get",
      path: "/notificacoes",
      summary: "The patron's notification choice per event and channel (defaults filled in)",
      security,
      request: { headers: LangHeader },
      responses: { 200: { description: "Choices", content: json(Prefs) }, ...patronErrorResponses },
    }),
    async (c) => c.json({ eventos: toList(await preferencesOf(db, patronOf(c))) }, 200),
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/notificacoes",
      summary:
        "Changes the patron's choices; events left out keep theirs. The `lang` header's language becomes the one the patron's e-mails are written in",
      security,
      request: { headers: LangHeader, body: body(PrefsPut) },
      responses: { 200: { description: "Choices stored", content: json(Prefs) }, ...patronErrorResponses },
    }),
    async (c) => {
      const who = patronOf(c);
      const prefs = await preferencesOf(db, who);
      for (const e of c.req.valid("json").eventos)
        prefs[e.evento] = { email: e.email, app: e.app, ...(e.evento === "vencimento" ? { dias: e.dias ?? prefs.vencimento.dias } : {}) };
      await savePreferences(db, who, prefs);
      // The notices go out in the language the choices were made in (ADR 254).
      await rememberLanguage(db, who, c.get("lang"));
      return c.json({ eventos: toList(prefs) }, 200);
    },
  );

  const tokenRefused = (lang: Lang) => new ApiError(404, "nao_encontrado", { code: "descadastro_invalido", message: BAD_TOKEN[lang] });
  const unsubscribeResponses = {
    404: { description: "A forged, malformed or spent token (`code: descadastro_invalido`)", content: json(ErrorSchema) },
    ...errorResponses,
  };

  app.openapi(
    createRoute({
      method: "get",
      path: "/descadastro",
      summary: "What an e-mail's unsubscribe token turns off (any token: the signed token is the patron's proof, no login)",
      security,
      request: { headers: LangHeader, query: z.object({ token: Token }) },
      responses: { 200: { description: "The event or saved search", content: json(Unsubscribed) }, ...unsubscribeResponses },
    }),
    async (c) => {
      const t = await readUnsubscribeToken(db, c.req.valid("query").token);
      const what = t ? await describeUnsubscribe(db, t) : null;
      if (!what) throw tokenRefused(c.get("lang"));
      return c.json(what, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/descadastro",
      summary: "Turns off what the token names: the event's e-mail, or the saved search's alert (RFC 8058 one-click; no login)",
      security,
      request: { headers: LangHeader, body: body(z.object({ token: Token })) },
      responses: { 200: { description: "Turned off", content: json(Unsubscribed) }, ...unsubscribeResponses },
    }),
    async (c) => {
      const t = await readUnsubscribeToken(db, c.req.valid("json").token);
      const what = t ? await describeUnsubscribe(db, t) : null;
      if (!t || !what) throw tokenRefused(c.get("lang"));
      await unsubscribe(db, t);
      return c.json(what, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/pesquisas-salvas/{id}/alerta",
      summary: "Sets how often a saved search alerts about new titles (diario, semanal) or turns it off (null)",
      security,
      request: {
        headers: LangHeader,
        params: z.object({
          id: z.coerce
            .number()
            .int()
            .positive()
            .openapi({ param: { name: "id", in: "path" }, example: 1 }),
        }),
        body: body(z.object({ alerta: z.enum(SAVED_SEARCH_FREQUENCIES).nullable() })),
      },
      responses: {
        200: {
          description: "Stored",
          content: json(z.object({ id: z.number().int(), alerta: z.enum(SAVED_SEARCH_FREQUENCIES).nullable() }).openapi("PesquisaSalvaAlerta")),
        },
        404: { description: "Not one of the patron's saved searches", content: json(ErrorSchema) },
        ...patronErrorResponses,
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { alerta } = c.req.valid("json");
      if (!(await setSavedSearchAlert(db, patronOf(c), id, alerta, deps.auth.now()))) throw new ApiError(404, "nao_encontrado");
      return c.json({ id, alerta }, 200);
    },
  );

  const historyTotal = (cod: number) => returnedLoansCount(db, cod);

  app.openapi(
    createRoute({
      method: "get",
      path: "/historico",
      summary: "The loan-history choice (sempre, padrao, nunca), the library's period and the returned loans kept",
      security,
      request: { headers: LangHeader },
      responses: { 200: { description: "Choice", content: json(History) }, ...patronErrorResponses },
    }),
    async (c) => {
      const cod = patronOf(c);
      return c.json({ modo: await historyModeOf(db, cod), dias_padrao: await libraryHistoryDays(db), total: await historyTotal(cod) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/historico",
      summary: "Changes the loan-history choice; with nunca, apagar: true also deletes the returned loans kept",
      security,
      request: { headers: LangHeader, body: body(z.object({ modo: z.enum(HISTORY_CHOICES), apagar: z.boolean().optional() })) },
      responses: {
        200: {
          description: "Stored",
          content: json(z.object({ modo: z.enum(HISTORY_CHOICES), apagados: z.number().int() }).openapi("HistoricoModoAlterado")),
        },
        ...patronErrorResponses,
      },
    }),
    async (c) => {
      const { modo, apagar } = c.req.valid("json");
      return c.json({ modo, apagados: await setHistoryMode(db, patronOf(c), modo, apagar === true) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/historico/excluir",
      summary: "Deletes the listed returned loans from the patron's history (others' loans, current loans and loans a debit points at are left)",
      security,
      request: { headers: LangHeader, body: body(z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) })) },
      responses: {
        200: { description: "How many were deleted", content: json(z.object({ apagados: z.number().int() }).openapi("HistoricoExcluido")) },
        ...patronErrorResponses,
      },
    }),
    async (c) => c.json({ apagados: await deleteHistoryItems(db, patronOf(c), c.req.valid("json").ids) }, 200),
  );
  return app;
}
