import { createRoute, z } from "@hono/zod-openapi";
import { joinWaitingList, leaveWaitingList, myWaitingList, waitingListState } from "../domain/waiting-list.ts";
import { ApiError } from "../lib/errors.ts";
import { createRouter, ErrorSchema, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../lib/http.ts";
import { refusalError } from "./refusals.ts";

const Estado = z
  .object({
    cod_acervo: z.number().int(),
    titulo: z.string(),
    oferecida: z.boolean().openapi({ description: "True when the title can be neither requested nor held: the waiting list is offered" }),
    tamanho: z.number().int().openapi({ description: "Patrons waiting" }),
    posicao: z.number().int().nullable().openapi({ description: "The patron's place (1 = next), null when not waiting" }),
  })
  .openapi("ListaEsperaEstado");
const Entrada = Estado.extend({ criada: z.boolean() }).openapi("ListaEsperaEntrada");
const Minha = z
  .array(z.object({ cod_acervo: z.number().int(), titulo: z.string(), posicao: z.number().int(), data_entrada: z.string() }))
  .openapi("ListaEsperaMinha");

const Id = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
const notFound = { 404: { description: "No such title", content: { "application/json": { schema: ErrorSchema } } } };
const security = [{ bearer: [] }];

/** /api/lista-espera: the waiting list of titles that can be neither requested nor held (ADR 094). */
export function listaEsperaRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(
    createRoute({
      method: "get",
      path: "/",
      summary: "The titles the patron is waiting for, with their place in each list",
      security,
      request: { headers: LangHeader },
      responses: { 200: { description: "Waiting entries", content: { "application/json": { schema: Minha } } }, ...patronErrorResponses },
    }),
    async (c) => c.json(await myWaitingList(deps.db, patronOf(c)), 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/{id}",
      summary: "Whether a title's waiting list is offered, its size and the patron's place",
      security,
      request: { params: Id, headers: LangHeader },
      responses: { 200: { description: "State", content: { "application/json": { schema: Estado } } }, ...patronErrorResponses, ...notFound },
    }),
    async (c) => {
      const state = await waitingListState(deps.db, c.req.valid("param").id, patronOf(c));
      if (!state) throw new ApiError(404, "nao_encontrado");
      return c.json(state, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/",
      summary: "Joins a title's waiting list (idempotent: joining again answers the place already held)",
      security,
      request: {
        headers: LangHeader,
        body: { required: true, content: { "application/json": { schema: z.object({ cod_acervo: z.coerce.number().int().positive() }) } } },
      },
      responses: {
        201: { description: "Joined", content: { "application/json": { schema: Entrada } } },
        200: { description: "Already in the list", content: { "application/json": { schema: Entrada } } },
        ...patronErrorResponses,
        ...notFound,
      },
    }),
    async (c) => {
      const outcome = await joinWaitingList(deps.db, patronOf(c), c.req.valid("json").cod_acervo);
      if (!outcome.ok) throw refusalError(c.get("lang"), outcome);
      return c.json({ ...outcome.state, criada: outcome.created }, outcome.created ? 201 : 200);
    },
  );
  app.openapi(
    createRoute({
      method: "delete",
      path: "/{id}",
      summary: "Leaves a title's waiting list (leaving again changes nothing)",
      security,
      request: { params: Id, headers: LangHeader },
      responses: {
        200: { description: "Whether an entry was left now", content: { "application/json": { schema: z.object({ saiu: z.boolean() }) } } },
        ...patronErrorResponses,
      },
    }),
    async (c) => c.json({ saiu: await leaveWaitingList(deps.db, patronOf(c), c.req.valid("param").id) }, 200),
  );
  return app;
}
