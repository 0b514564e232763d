import { createRoute, z } from "@hono/zod-openapi";
import { holdOptions, placeHold, validateQueue } from "../domain/holds.ts";
import { ApiError } from "../lib/errors.ts";
import { createRouter, ErrorSchema, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../lib/http.ts";
import { msg } from "../lib/messages.ts";

const Reserva = z.object({
  cod_reserva: z.number().int(),
  cod_acervo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  biblioteca: z.string(),
  cod_biblioteca: z.number().int(),
  posicao: z.number().int(),
  situacao: z.string().openapi({ description: "ativa (waiting) | disponivel (ready to collect until data_liberacao)" }),
  data_reserva: z.string(),
  data_liberacao: z.string().nullable(),
  volume: z.string().nullable(),
  tomo: z.string().nullable(),
  parte: z.string().nullable(),
  material_adicional: z.string().nullable(),
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  summary: "The patron's active holds",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Holds", content: { "application/json": { schema: z.array(Reserva).openapi("Reservas") } } }, ...patronErrorResponses },
});

const Id = z.object({ id: z.coerce.number().int().positive().openapi({ param: { name: "id", in: "path" }, example: 1 }) });
const notFound = { 404: { description: "No such title", content: { "application/json": { schema: ErrorSchema } } } };
const optional = z.string().max(200).nullish();

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
    impedimento: z.enum(["exemplar_disponivel", "sem_exemplar_reservavel"]).nullable(),
  })
  .openapi("ReservaOpcoes");

const Placed = z
  .object({ cod_reserva: z.number().int(), cod_acervo: z.number().int(), posicao: z.number().int(), situacao: z.string(), data_reserva: z.string(), criada: z.boolean() })
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
    200: { description: "The hold is possible; the position it would take", content: { "application/json": { schema: z.object({ posicao: z.number().int(), fila: z.number().int() }) } } },
    ...patronErrorResponses,
    ...notFound,
  },
});

/** /api/reserva: the patron's holds, the hold form's options and placing a hold. */
export function reservaRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(listRoute, async (c) => {
    const rows = await deps.db
      .selectFrom("reserva as r")
      .innerJoin("acervo as a", "a.cod_acervo", "r.cod_acervo")
      .innerJoin("biblioteca as b", "b.cod_biblioteca", "r.cod_biblioteca")
      .select([
        "r.cod_reserva", "a.cod_acervo", "a.titulo", "a.autor", "b.desc_biblioteca as biblioteca", "b.cod_biblioteca", "r.posicao", "r.situacao",
        "r.data_reserva", "r.data_liberacao", "r.volume", "r.tomo", "r.parte", "r.material_adicional",
      ])
      .where("r.cod_pessoa", "=", patronOf(c))
      .where("r.situacao", "in", ["ativa", "disponivel"])
      .orderBy("r.data_reserva")
      .execute();
    return c.json(rows, 200);
  });
  app.openapi(optionsRoute, async (c) => {
    const options = await holdOptions(deps.db, c.req.valid("param").id);
    if (!options) throw new ApiError(404, "nao_encontrado");
    return c.json(options, 200);
  });
  app.openapi(placeRoute, async (c) => {
    const lang = c.get("lang");
    const { chave_envio, ...payload } = c.req.valid("json");
    const msgs = { required: msg(lang, "campo_obrigatorio"), invalid: msg(lang, "valor_invalido") };
    const { hold, created } = await placeHold(deps.db, lang, patronOf(c), payload, chave_envio ?? null, msgs, deps.auth.now);
    return c.json({ ...hold, criada: created }, created ? 201 : 200);
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
    const msgs = { required: msg(lang, "campo_obrigatorio"), invalid: msg(lang, "valor_invalido") };
    return c.json(await validateQueue(deps.db, lang, patronOf(c), payload, msgs), 200);
  });
  return app;
}
