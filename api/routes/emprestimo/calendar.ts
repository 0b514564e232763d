import crypto from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import ical from "ical-generator";
import { dueEventTime } from "../../../contract/time-zone.ts";
import { libraryTimeZone } from "../../db/institution.ts";
import { currentLoans } from "../../db/loans.ts";
import { deleteFeed, feedCreatedAt, feedOwner, replaceFeed } from "../../db/calendar-feed.ts";
import type { Db } from "../../db/index.ts";
import { createRouter, LangHeader, patronErrorResponses, patronOf, type ApiDeps } from "../../lib/http.ts";
import type { Lang } from "../../lib/messages.ts";
import { sha256 } from "../../lib/password.ts";

const CAL_TEXT: Record<Lang, { name: string; summary: string; description: string }> = {
  pt: { name: "Devoluções da biblioteca", summary: "Devolver: {t}", description: "Data prevista de devolução na {b}." },
  es: { name: "Devoluciones de la biblioteca", summary: "Devolver: {t}", description: "Fecha prevista de devolución en {b}." },
  en: { name: "Library due dates", summary: "Return: {t}", description: "Due back at {b}." },
};

/**
 * The iCalendar of a patron's current loans: one all-day event per loan on its due day in the library's time
 * zone, or, for an hourly loan, a timed event ending at its due hour (ADR 226).
 */
export async function loansCalendar(db: Db, codPessoa: number, lang: Lang): Promise<string> {
  const [loans, zone] = await Promise.all([currentLoans(db, codPessoa), libraryTimeZone(db)]);
  const text = CAL_TEXT[lang];
  const cal = ical({ name: text.name, prodId: { company: "Estante", product: "loans", language: lang.toUpperCase() } });
  // The id is stable per loan: a renewal moves the event instead of adding one.
  for (const l of loans)
    cal.createEvent({
      ...dueEventTime(l.data_devolucao_prevista, l.tipo === "horario", zone),
      id: `emprestimo-${l.cod_emprestimo}@estante`,
      summary: text.summary.replace("{t}", l.titulo),
      description: text.description.replace("{b}", l.biblioteca),
    });
  return cal.toString();
}

const ics = (body: string, filename: string) =>
  new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });

const calendarioRoute = createRoute({
  method: "get",
  path: "/calendario",
  summary: "An iCalendar (.ics) of the patron's current loans' due dates",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "text/calendar", content: { "text/calendar": { schema: z.string() } } }, ...patronErrorResponses },
});

const Feed = z
  .object({
    token: z.string().nullable().openapi({ description: "The feed's token: only in the answer to POST (only its hash is stored); null otherwise" }),
    criado_em: z.string().nullable().openapi({ description: "When the current feed was made; null when there is none" }),
  })
  .openapi("CalendarioFeed");
const feedGet = createRoute({
  method: "get",
  path: "/calendario/feed",
  summary: "Whether the patron has a private calendar feed, and since when (its token is shown only when made)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Feed", content: { "application/json": { schema: Feed } } }, ...patronErrorResponses },
});
const feedPost = createRoute({
  method: "post",
  path: "/calendario/feed",
  summary: "Creates a new private feed token, returned this once; the previous one stops working",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Feed", content: { "application/json": { schema: Feed } } }, ...patronErrorResponses },
});
const feedDelete = createRoute({
  method: "delete",
  path: "/calendario/feed",
  summary: "Revokes the private feed",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Feed (none)", content: { "application/json": { schema: Feed } } }, ...patronErrorResponses },
});

/** GET /api/emprestimo/calendario and the private feed's token (behind the patron's token). */
export function calendarRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.openapi(calendarioRoute, async (c) => ics(await loansCalendar(db, patronOf(c), c.get("lang")), "emprestimos.ics") as never);
  app.openapi(feedGet, async (c) => {
    return c.json({ token: null, criado_em: (await feedCreatedAt(db, patronOf(c))) ?? null }, 200);
  });
  app.openapi(feedPost, async (c) => {
    const cod = patronOf(c);
    const token = crypto.randomBytes(24).toString("base64url");
    const criado_em = new Date(deps.auth.now()).toISOString();
    await replaceFeed(db, cod, sha256(token), criado_em);
    return c.json({ token, criado_em }, 200);
  });
  app.openapi(feedDelete, async (c) => {
    await deleteFeed(db, patronOf(c));
    return c.json({ token: null, criado_em: null }, 200);
  });
  return app;
}

const feedPublic = createRoute({
  method: "get",
  path: "/{token}",
  summary: "A patron's private calendar feed (the token in the URL is the credential; no bearer token)",
  request: { headers: LangHeader, params: z.object({ token: z.string().min(16).max(100) }) },
  responses: {
    200: { description: "text/calendar", content: { "text/calendar": { schema: z.string() } } },
    404: { description: "Unknown or revoked feed" },
  },
});

/** GET /api/calendario/{token}: the subscribable feed, for calendar apps that cannot sign in. */
export function calendarFeedRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.openapi(feedPublic, async (c) => {
    const codPessoa = await feedOwner(db, sha256(c.req.valid("param").token));
    if (codPessoa === undefined) return c.body(null, 404) as never;
    return ics(await loansCalendar(db, codPessoa, c.get("lang")), "emprestimos.ics") as never;
  });
  return app;
}
