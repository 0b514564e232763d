import { createRoute, z } from "@hono/zod-openapi";
import { cancelLoanRequest, createLoanRequest, listLoanRequests, loanRequestOptions } from "../../domain/loan-requests.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, ErrorSchema, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";
import { TitleLanguage } from "../../lib/title-schemas.ts";
import { receivingLocationName } from "../messages.ts";
import { refusalError } from "../refusals.ts";
import { CANCEL_MESSAGES } from "./messages.ts";
import { PHONE_MAX, PHONE_PATTERN } from "../../../contract/contact-details.ts";
import { REQUEST_NOTE_MAX, REQUEST_TEXT_MAX } from "../../../contract/request-fields.ts";

const Id = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
const notFound = { 404: { description: "No such title", content: { "application/json": { schema: ErrorSchema } } } };
const optional = z.string().max(REQUEST_TEXT_MAX).nullish();
const Library = z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() });

const Options = z
  .object({
    cod_acervo: z.number().int(),
    titulo: z.string(),
    bibliotecas_origem: z.array(Library),
    bibliotecas_recebimento: z.array(Library),
    locais_recebimento: z.array(z.object({ codigo: z.number().int(), descricao: z.string(), domicilio: z.boolean() })),
    volumes: z.array(z.string()),
    tomos: z.array(z.string()),
    partes: z.array(z.string()),
    materiais: z.array(z.string()),
    email: z.string().nullable(),
    telefone: z.string().nullable(),
  })
  .openapi("SolicitacaoEmprestimoOpcoes");

/** The loan request payload of spec §3 (phone: digits, dash, parentheses and space, at most 16). */
const Payload = z
  .object({
    biblioteca_origem: z.coerce.number().int().positive(),
    biblioteca_recebimento: z.coerce.number().int().positive(),
    cod_local_recebimento: z.coerce.number().int().positive(),
    volume: optional,
    tomo: optional,
    parte: optional,
    material_adicional: optional,
    telefone: z.string().trim().min(1).max(PHONE_MAX).regex(PHONE_PATTERN),
    email: z.string().trim().email().max(200),
    pessoa_autorizada: optional,
    domicilio: z.string().max(REQUEST_NOTE_MAX).nullish(),
    recebimento_textual: z.string().max(REQUEST_NOTE_MAX).nullish(),
    chave_envio: z.string().min(8).max(100).nullish().openapi({ description: "Idempotency key: a repeated key answers the request it created" }),
  })
  .openapi("SolicitacaoEmprestimoPedido");

const Created = z
  .object({ cod_solicitacao: z.number().int(), cod_acervo: z.number().int(), situacao: z.string(), created_at: z.string(), criada: z.boolean() })
  .openapi("SolicitacaoEmprestimoCriada");

const Item = z.object({
  cod_solicitacao: z.number().int(),
  cod_acervo: z.number().int(),
  titulo: z.string(),
  idioma: TitleLanguage,
  biblioteca_origem: z.string(),
  biblioteca_recebimento: z.string(),
  situacao: z.string().openapi({ description: "aguardando | finalizada | nao_finalizada | disponivel | transito | cancelada (by the patron)" }),
  created_at: z.string(),
  volume: z.string().nullable(),
  tomo: z.string().nullable(),
  parte: z.string().nullable(),
  material_adicional: z.string().nullable(),
  cod_local_recebimento: z.number().int(),
  recebimento_textual: z.string().nullable().openapi({ description: "How the patron asked to receive the item, in their words" }),
  data_cancelamento: z.string().nullable(),
});

const cancelRoute = createRoute({
  method: "delete",
  path: "/{id}",
  summary: "Cancels one of the patron's loan requests while it is waiting (id = cod_solicitacao); 422 nao_cancelavel otherwise",
  security: [{ bearer: [] }],
  request: { params: Id, headers: LangHeader },
  responses: {
    204: { description: "Cancelled" },
    404: { description: "Not one of the patron's requests", content: { "application/json": { schema: ErrorSchema } } },
    ...patronErrorResponses,
  },
});

const optionsRoute = createRoute({
  method: "get",
  path: "/{id}/informacoes-iniciais",
  summary: "The loan request form's options (origin and receiving libraries, locations, volumes…) and the patron's contact data",
  security: [{ bearer: [] }],
  request: { params: Id, headers: LangHeader },
  responses: { 200: { description: "Options", content: { "application/json": { schema: Options } } }, ...patronErrorResponses, ...notFound },
});

const createRequestRoute = createRoute({
  method: "post",
  path: "/{id}",
  summary: "Requests a loan of the title (idempotent by chave_envio); 422 limite_solicitacoes or solicitacao_duplicada",
  security: [{ bearer: [] }],
  request: { params: Id, headers: LangHeader, body: { required: true, content: { "application/json": { schema: Payload } } } },
  responses: {
    201: { description: "Request created", content: { "application/json": { schema: Created } } },
    200: { description: "The request this chave_envio already created", content: { "application/json": { schema: Created } } },
    ...patronErrorResponses,
    ...notFound,
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  summary: "The patron's loan requests",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    query: z
      .object({
        dataIni: z.iso.date().optional(),
        dataFim: z.iso.date().optional(),
        status: z.enum(["aguardando", "finalizada", "nao_finalizada", "disponivel", "transito", "cancelada"]).optional(),
      })
      // Spec §5: the start of a date range must not be after its end.
      .refine((q) => !q.dataIni || !q.dataFim || q.dataIni <= q.dataFim, { path: ["dataFim"] }),
  },
  responses: { 200: { description: "Requests", content: { "application/json": { schema: z.array(Item) } } }, ...patronErrorResponses },
});

/** /api/solicitacao-emprestimo: loan requests (spec §7 "Solicitacao-emprestimo"). */
export function solicitacaoEmprestimoRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(optionsRoute, async (c) => {
    const lang = c.get("lang");
    const options = await loanRequestOptions(deps.db, c.req.valid("param").id, c.get("owner").codPessoa ?? null);
    if (!options) throw new ApiError(404, "nao_encontrado");
    const locais_recebimento = options.locais_recebimento.map((l) => ({
      codigo: l.codigo,
      descricao: receivingLocationName(lang, l.codigo),
      domicilio: l.domicilio,
    }));
    return c.json({ ...options, locais_recebimento }, 200);
  });
  app.openapi(createRequestRoute, async (c) => {
    const lang = c.get("lang");
    const codPessoa = patronOf(c);
    const { chave_envio, ...payload } = c.req.valid("json");
    const outcome = await createLoanRequest(deps.db, codPessoa, c.req.valid("param").id, payload, chave_envio ?? null);
    if (!outcome.ok) throw refusalError(lang, outcome);
    return c.json({ ...outcome.request, criada: outcome.created }, outcome.created ? 201 : 200);
  });
  app.openapi(listRoute, async (c) => c.json(await listLoanRequests(deps.db, patronOf(c), c.req.valid("query")), 200));
  app.openapi(cancelRoute, async (c) => {
    const outcome = await cancelLoanRequest(deps.db, patronOf(c), c.req.valid("param").id, new Date(deps.auth.now()).toISOString());
    if (outcome === "nao_encontrada") throw new ApiError(404, "nao_encontrado");
    if (outcome === "nao_cancelavel") throw new ApiError(422, "validacao", { code: "nao_cancelavel", message: CANCEL_MESSAGES[c.get("lang")] });
    return c.body(null, 204);
  });
  return app;
}
