import { createRoute, z } from "@hono/zod-openapi";
import { holdOptions, placeHold, validateQueue } from "../../domain/holds.ts";
import { cancelHolds, changePickupLibrary, holdHistory, listMyHolds, suspendHold, type HoldChangeOutcome } from "../../domain/my-holds.ts";
import { ApiError } from "../../lib/errors.ts";
import { holdChangeMessage } from "./messages.ts";
import { createRouter, ErrorSchema, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";
import { TitleLanguage } from "../../lib/title-schemas.ts";
import { refusalError } from "../refusals.ts";
import { REQUEST_TEXT_MAX } from "../../../contract/request-fields.ts";

const Reserva = z
  .object({
    cod_reserva: z.number().int(),
    cod_acervo: z.number().int(),
    titulo: z.string(),
    autor: z.string().nullable(),
    idioma: TitleLanguage,
    biblioteca: z.string(),
    cod_biblioteca: z.number().int(),
    posicao: z.number().int().openapi({ description: "Rank in the title's queue of active holds (1 = next)" }),
    situacao: z.string().openapi({ description: "Stored state: ativa | disponivel | atendida | cancelada" }),
    estado: z.enum(["aguardando", "suspensa", "transito", "disponivel", "atendida", "cancelada"]).openapi({
      description: "What the patron sees: waiting, suspended, in transit, ready for pickup (until data_liberacao), fulfilled, cancelled",
    }),
    data_reserva: z.string(),
    data_liberacao: z.string().nullable(),
    data_cancelamento: z.string().nullable(),
    observacao: z.string().nullable(),
    suspensa_ate: z.string().nullable(),
    data_transito: z.string().nullable(),
    volume: z.string().nullable(),
    tomo: z.string().nullable(),
    parte: z.string().nullable(),
    material_adicional: z.string().nullable(),
    localizacao: z.string().nullable().openapi({ description: "Where the held copy is to be picked up (the hold payload's localizacao)" }),
  })
  .openapi("Reserva");

const listRoute = createRoute({
  method: "get",
  path: "/",
  summary: "The patron's active holds",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: {
    200: { description: "Holds", content: { "application/json": { schema: z.array(Reserva).openapi("Reservas") } } },
    ...patronErrorResponses,
  },
});

const HistoryItem = Reserva.omit({ posicao: true }).openapi("ReservaHistorico");

const historyRoute = createRoute({
  method: "get",
  path: "/historico",
  summary: "The patron's past holds (fulfilled or cancelled), newest first",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Past holds", content: { "application/json": { schema: z.array(HistoryItem) } } }, ...patronErrorResponses },
});

const cancelRoute = createRoute({
  method: "delete",
  path: "/",
  summary: "Cancels the selected holds (at least one); holds already cancelled are skipped",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({ reservas: z.array(z.coerce.number().int().positive()).min(1).max(100) }).openapi("ReservaCancelamento"),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The holds cancelled by this call",
      content: { "application/json": { schema: z.object({ canceladas: z.array(z.number().int()) }) } },
    },
    ...patronErrorResponses,
  },
});

const HoldId = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
const changeResponses = {
  204: { description: "Changed" },
  404: { description: "Not one of the patron's active holds", content: { "application/json": { schema: ErrorSchema } } },
  ...patronErrorResponses,
} as const;

const suspendRoute = createRoute({
  method: "put",
  path: "/{id}/suspensao",
  summary: "Suspends a waiting hold until a date (it keeps its place and is skipped meanwhile); `ate: null` resumes it",
  security: [{ bearer: [] }],
  request: {
    params: HoldId,
    headers: LangHeader,
    body: { required: true, content: { "application/json": { schema: z.object({ ate: z.iso.date().nullable() }).openapi("ReservaSuspensao") } } },
  },
  responses: changeResponses,
});

const libraryRoute = createRoute({
  method: "put",
  path: "/{id}/biblioteca",
  summary: "Changes the pickup library of a hold whose copy is not yet in transit",
  security: [{ bearer: [] }],
  request: {
    params: HoldId,
    headers: LangHeader,
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ biblioteca: z.coerce.number().int().positive() }).openapi("ReservaBiblioteca") } },
    },
  },
  responses: changeResponses,
});

const Id = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
const notFound = { 404: { description: "No such title", content: { "application/json": { schema: ErrorSchema } } } };
const optional = z.string().max(REQUEST_TEXT_MAX).nullish();

/** The hold payload of spec §3, plus the form's idempotency key. */
const HoldPayload = z
  .object({
    cod_acervo: z.coerce.number().int().positive(),
    biblioteca: z.coerce.number().int().positive(),
    volume: optional,
    tomo: optional,
    parte: optional,
    material_adicional: optional,
    localizacao: optional,
    chave_envio: z.string().min(8).max(100).nullish().openapi({ description: "Idempotency key: a repeated key answers the hold it created" }),
  })
  .openapi("ReservaPedido");

const HoldOptions = z
  .object({
    cod_acervo: z.number().int(),
    titulo: z.string(),
    volumes: z.array(z.string()),
    tomos: z.array(z.string()),
    partes: z.array(z.string()),
    materiais: z.array(z.string()),
    bibliotecas: z.array(z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() })),
    exemplares: z.number().int(),
    disponiveis: z.number().int(),
    fila: z.number().int(),
    impedimento: z
      .enum([
        "exemplar_disponivel",
        "sem_exemplar_reservavel",
        "usuario_bloqueado",
        "usuario_desvinculado",
        "reserva_existente",
        "titulo_emprestado",
        "limite_reservas",
      ])
      .nullable()
      .openapi({
        description:
          "Why a hold is impossible now, or null: the title's copies (exemplar_disponivel, sem_exemplar_reservavel) or, for a patron's token, the rule POST /reserva would refuse this patron with (usuario_bloqueado, usuario_desvinculado, reserva_existente, titulo_emprestado, limite_reservas), in that call's order. The patron codes are an Estante addition: a client should read a value it does not know as no impediment known",
      }),
    minha_reserva: z
      .object({ cod_reserva: z.number().int(), posicao: z.number().int() })
      .nullable()
      .openapi({ description: "The patron's own active hold on the title; `fila` then counts only the others" }),
  })
  .openapi("ReservaOpcoes");

const Placed = z
  .object({
    cod_reserva: z.number().int(),
    cod_acervo: z.number().int(),
    posicao: z.number().int(),
    situacao: z.string(),
    data_reserva: z.string(),
    criada: z.boolean(),
  })
  .openapi("ReservaFeita");

const optionsRoute = createRoute({
  method: "get",
  path: "/{id}/informacoes-iniciais",
  summary: "The hold form's options: volume, tome, part, material, library; and whether a hold is possible now",
  security: [{ bearer: [] }],
  request: { params: Id, headers: LangHeader },
  responses: { 200: { description: "Options", content: { "application/json": { schema: HoldOptions } } }, ...patronErrorResponses, ...notFound },
});

const placeRoute = createRoute({
  method: "post",
  path: "/",
  summary: "Places a hold at the end of the title's queue (idempotent by chave_envio)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, body: { required: true, content: { "application/json": { schema: HoldPayload } } } },
  responses: {
    201: { description: "Hold placed", content: { "application/json": { schema: Placed } } },
    200: { description: "The hold this chave_envio already placed", content: { "application/json": { schema: Placed } } },
    ...patronErrorResponses,
    ...notFound,
  },
});

const queueRoute = createRoute({
  method: "post",
  path: "/",
  summary: "Checks a hold against the queue rules without placing it",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, body: { required: true, content: { "application/json": { schema: HoldPayload } } } },
  responses: {
    200: {
      description: "The hold is possible; the position it would take",
      content: { "application/json": { schema: z.object({ posicao: z.number().int(), fila: z.number().int() }) } },
    },
    ...patronErrorResponses,
    ...notFound,
  },
});

/** /api/reserva: the patron's holds, the hold form's options and placing a hold. */
export function reservaRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  const today = () => new Date(deps.auth.now()).toISOString().slice(0, 10);
  const answer = (outcome: HoldChangeOutcome, lang: "pt" | "es" | "en") => {
    if (outcome.ok) return;
    const status = outcome.code === "reserva_nao_encontrada" ? 404 : 422;
    throw new ApiError(status, "validacao", { code: outcome.code, message: holdChangeMessage(lang, outcome.code) });
  };
  app.openapi(listRoute, async (c) => c.json(await listMyHolds(deps.db, patronOf(c), today()), 200));
  app.openapi(historyRoute, async (c) => c.json(await holdHistory(deps.db, patronOf(c)), 200));
  app.openapi(cancelRoute, async (c) => {
    const ids = [...new Set(c.req.valid("json").reservas)];
    return c.json({ canceladas: await cancelHolds(deps.db, patronOf(c), ids, new Date(deps.auth.now()).toISOString()) }, 200);
  });
  app.openapi(suspendRoute, async (c) => {
    answer(await suspendHold(deps.db, patronOf(c), c.req.valid("param").id, c.req.valid("json").ate, today()), c.get("lang"));
    return c.body(null, 204);
  });
  app.openapi(libraryRoute, async (c) => {
    answer(await changePickupLibrary(deps.db, patronOf(c), c.req.valid("param").id, c.req.valid("json").biblioteca), c.get("lang"));
    return c.body(null, 204);
  });
  app.openapi(optionsRoute, async (c) => {
    const options = await holdOptions(deps.db, c.req.valid("param").id, c.get("owner").codPessoa ?? null);
    if (!options) throw new ApiError(404, "nao_encontrado");
    return c.json(options, 200);
  });
  app.openapi(placeRoute, async (c) => {
    const lang = c.get("lang");
    const { chave_envio, ...payload } = c.req.valid("json");
    const outcome = await placeHold(deps.db, patronOf(c), payload, chave_envio ?? null, deps.auth.now);
    if (!outcome.ok) throw refusalError(lang, outcome);
    return c.json({ ...outcome.hold, criada: outcome.created }, outcome.created ? 201 : 200);
  });
  return app;
}

/** /api/validar-fila (spec §7 "POST /validar-fila"): the queue check before placing a hold. */
export function validarFilaRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(queueRoute, async (c) => {
    const lang = c.get("lang");
    const { chave_envio: _key, ...payload } = c.req.valid("json");
    const check = await validateQueue(deps.db, patronOf(c), payload);
    if (!check.ok) throw refusalError(lang, check);
    return c.json({ posicao: check.posicao, fila: check.fila }, 200);
  });
  return app;
}
