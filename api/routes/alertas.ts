import { createRoute, z } from "@hono/zod-openapi";
import { deleteAlert, markAlert, unreadAlerts, visibleAlerts } from "../db/alerts.ts";
import { ALERT_KINDS, type AlertData } from "../domain/alerts.ts";
import { alertText } from "../mail/alert-messages.ts";
import { createRouter, LangHeader, parseJsonObject, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../lib/http.ts";
import { ApiError } from "../lib/errors.ts";

const Alerta = z
  .object({
    id: z.number().int(),
    tipo: z.enum(ALERT_KINDS),
    dados: z.record(z.string(), z.unknown()),
    mensagem: z.string().openapi({ description: "The alert in the `lang` language" }),
    lido: z.boolean(),
    created_at: z.string(),
  })
  .openapi("Alerta");

const listRoute = createRoute({
  method: "get",
  path: "/",
  summary: "The patron's alerts, newest first, and how many are unread (`resumo=S`: only the count)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: z.object({ resumo: z.enum(["S", "N"]).optional() }) },
  responses: {
    200: {
      description: "Alerts",
      content: { "application/json": { schema: z.object({ nao_lidos: z.number().int(), alertas: z.array(Alerta) }).openapi("Alertas") } },
    },
    ...patronErrorResponses,
  },
});

const Id = z.object({ id: z.coerce.number().int().positive() });
const putRoute = createRoute({
  method: "put",
  path: "/{id}",
  summary: "Marks an alert read (or unread)",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    params: Id,
    body: { required: false, content: { "application/json": { schema: z.object({ lido: z.boolean().optional() }) } } },
  },
  responses: {
    200: { description: "The alert", content: { "application/json": { schema: Alerta } } },
    404: { description: "Not the patron's alert" },
    ...patronErrorResponses,
  },
});
const deleteRoute = createRoute({
  method: "delete",
  path: "/{id}",
  summary: "Removes an alert",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, params: Id },
  responses: {
    204: { description: "Removed" },
    404: { description: "No such alert of the patron's (already removed, or another patron's)" },
    ...patronErrorResponses,
  },
});

/** /api/solicitacoes/alertas (spec §7 "Solicitacoes": GET alertas; PUT and DELETE alertas/{id}). */
export function alertasRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  const shape = (
    lang: Parameters<typeof alertText>[0],
    r: { id: number; tipo: string; dados: string; mensagem: string; lido: number; created_at: string },
  ) => {
    const dados = parseJsonObject(r.dados) as AlertData & Record<string, unknown>;
    const tipo = (ALERT_KINDS as readonly string[]).includes(r.tipo) ? (r.tipo as (typeof ALERT_KINDS)[number]) : "mensagem";
    return { id: r.id, tipo, dados, mensagem: alertText(lang, tipo, dados, r.mensagem), lido: Number(r.lido) === 1, created_at: r.created_at };
  };

  app.openapi(listRoute, async (c) => {
    const cod = patronOf(c);
    const unread = await unreadAlerts(db, cod);
    if (c.req.valid("query").resumo === "S") return c.json({ nao_lidos: unread, alertas: [] }, 200);
    const rows = await visibleAlerts(db, cod, 500);
    const lang = c.get("lang");
    return c.json({ nao_lidos: unread, alertas: rows.map((r) => shape(lang, r)) }, 200);
  });

  app.openapi(putRoute, async (c) => {
    const cod = patronOf(c);
    const { id } = c.req.valid("param");
    const body = c.req.valid("json") ?? {};
    const lido = body.lido ?? true;
    const row = await markAlert(db, cod, id, lido);
    if (!row) throw new ApiError(404, "nao_encontrado");
    return c.json(shape(c.get("lang"), row), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    // Nothing deleted: gone already, or not the patron's (answered alike, so an id reveals nothing of others).
    if (!(await deleteAlert(db, patronOf(c), c.req.valid("param").id))) throw new ApiError(404, "nao_encontrado");
    return c.body(null, 204);
  });
  return app;
}
