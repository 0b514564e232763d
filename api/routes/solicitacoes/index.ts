import { createRoute, z } from "@hono/zod-openapi";
import { isIsbnOrIssn, maxYear, MIN_YEAR, pagesIssue } from "../../../contract/request-fields.ts";
import { libraryExists } from "../../db/directory.ts";
import { getRequest } from "../../db/library-requests.ts";
import {
  createRequest,
  DEFENCE_DEGREES,
  patronRequests,
  PUBLICATION_TYPES,
  REQUEST_KINDS,
  REQUEST_STATUSES,
  SWITCHING_TYPES,
  viewOf,
  WORK_TYPES,
  type RequestKind,
} from "../../domain/library-requests.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, ErrorSchema, fieldErrorsOf, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";
import { langFromHeader, msg, type Lang } from "../../lib/messages.ts";
import { ruleError } from "../refusals.ts";
import { FIELD_MESSAGES } from "./messages.ts";

/** A blank string is a missing value, so the shared hook says "the field is required" rather than "invalid". */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const text = (max = 300) => z.preprocess(blank, z.string().trim().max(max));
const opt = (max = 300) => text(max).optional();
const email = z.preprocess(blank, z.string().trim().email().max(200));
// Not in the future (contract/request-fields.ts, shared with the portal's forms); an ISBN or ISSN with a right check digit; pages in order.
const year = z
  .preprocess(
    blank,
    z.coerce
      .number()
      .int()
      .min(MIN_YEAR)
      .refine((v) => v <= maxYear(), "future year"),
  )
  .openapi({ type: "integer", description: `${MIN_YEAR} to the current year` });
const isbnIssn = opt(40)
  .refine((v) => v === undefined || isIsbnOrIssn(v), "invalid ISBN or ISSN")
  .openapi({ description: "A valid ISBN-10, ISBN-13 or ISSN" });
const pages = opt(50)
  .refine((v) => v === undefined || pagesIssue(v) === null, "pages: one page or start-end with start ≤ end")
  .openapi({ description: "One page or a range start-end (start ≤ end)" });
const page = z.preprocess(blank, z.coerce.number().int().min(1).max(100000));
const isoDate = z.preprocess(blank, z.iso.date());
const flag = z.boolean().optional();
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess(blank, z.enum(values));

/** The fields of each kind (spec §3); cross-field rules (spec §5) are checked in api/domain/library-requests.ts. */
const Interlibrary = z
  .object({
    titulo: text(500),
    autor: opt(),
    edicao: opt(100),
    ano: year.optional(),
    isbn_issn: isbnIssn,
    instituicao_fornecedora: opt(),
    biblioteca_recebimento: z
      .preprocess(blank, z.coerce.number().int().positive())
      .openapi({ description: "cod_biblioteca where the patron picks the item up" }),
    observacao: opt(2000),
  })
  .openapi("EmprestimoInterBibliotecasPedido");
const Article = z
  .object({ titulo_artigo: text(500), autor: opt(), titulo_periodico: text(500), ano: year, numero: opt(50), paginas: pages, email })
  .openapi("ComutacaoArtigo");
const Thesis = z
  .object({ titulo: text(500), autor: text(), grau_defesa: choice(DEFENCE_DEGREES), instituicao: opt(), ano: year.optional(), email })
  .openapi("ComutacaoTese");
const Part = z
  .object({ titulo_parte: text(500), autor_parte: text(), titulo_documento: text(500), ano: year.optional(), paginas: pages, email })
  .openapi("ComutacaoParteDocumento");
const Survey = z
  .object({
    assunto_geral: text(500),
    delimitacao: opt(2000),
    idioma: opt(100),
    data_inicio: isoDate.openapi({ description: "YYYY-MM-DD; both dates, start ≤ end" }),
    data_fim: isoDate,
    tipo_publicacao: choice(PUBLICATION_TYPES),
    palavras_chave: opt(500),
    folha_rosto: flag,
    sumario: flag,
    pagina_bibliografia_inicial: page.optional(),
    pagina_bibliografia_final: page.optional().openapi({ description: "≥ the start page" }),
    total_paginas: page.optional(),
    ilustracoes: flag,
  })
  .openapi("LevantamentoBibliograficoPedido");
const Card = z
  .object({
    autor: text(),
    titulo: text(500),
    subtitulo: opt(500),
    orientador: text(),
    coorientador: opt(),
    tipo_trabalho: choice(WORK_TYPES),
    curso: text(),
    ano: year,
    total_paginas: page,
    ilustracoes: flag,
    palavras_chave: text(500).openapi({ description: "Up to 5 subjects, separated by ;" }),
    email,
  })
  .openapi("FichaCatalograficaPedido");
const Specialised = z
  .object({
    tema: text(500),
    finalidade: text(1000),
    palavras_chave: opt(500),
    idiomas: opt(200),
    periodo_inicio: isoDate.optional(),
    periodo_fim: isoDate.optional(),
    email,
  })
  .openapi("PesquisaEspecializadaPedido");

const SWITCHING_SCHEMAS = { artigo: Article, tese: Thesis, "parte-documento": Part } as const;

const Request = z
  .object({
    cod_solicitacao: z.number().int(),
    tipo: z.enum(REQUEST_KINDS),
    subtipo: z.string().nullable().openapi({ description: "Switching: artigo | tese | parte-documento" }),
    situacao: z.enum(REQUEST_STATUSES),
    created_at: z.string(),
    data_resposta: z.string().nullable(),
    dados: z.record(z.string(), z.unknown()).openapi({ description: "The kind's fields as sent" }),
    resposta: z
      .record(z.string(), z.unknown())
      .nullable()
      .openapi({ description: "The library's answer: {mensagem} or, for a catalogue card, {cutter, classificacao, assuntos[]}" }),
  })
  .openapi("SolicitacaoBiblioteca");

const refusals = {
  422: { description: "Field errors, solicitacao_duplicada or limite_solicitacoes", content: { "application/json": { schema: ErrorSchema } } },
};
const created = {
  201: { description: "Request created", content: { "application/json": { schema: Request } } },
  ...patronErrorResponses,
  ...refusals,
};
const body = <T extends z.ZodType>(schema: T) => ({ required: true, content: { "application/json": { schema } } });
const post = <T extends z.ZodType>(path: string, summary: string, schema: T) =>
  createRoute({
    method: "post",
    path,
    summary,
    security: [{ bearer: [] }],
    request: { headers: LangHeader, body: body(schema) },
    responses: created,
  });

const interlibraryPost = post("/emprestimo-inter-bibliotecas", "Requests an interlibrary loan", Interlibrary);
const switchingPost = createRoute({
  method: "post",
  path: "/comutacao-bibliografica/{type}",
  summary: "Requests a copy of an article, a thesis or part of a document (bibliographic switching); the body's fields depend on {type}",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    params: z.object({ type: z.enum(SWITCHING_TYPES).openapi({ param: { name: "type", in: "path" } }) }),
    // Validated against {type}'s own fields in the handler (ComutacaoArtigo, ComutacaoTese, ComutacaoParteDocumento).
    body: body(
      z
        .record(z.string(), z.unknown())
        .openapi({ description: "artigo: ComutacaoArtigo; tese: ComutacaoTese; parte-documento: ComutacaoParteDocumento" }),
    ),
  },
  responses: created,
});
const surveyPost = post(
  "/levantamento-bibliografico",
  "Requests a bibliographic survey (both dates, start ≤ end; bibliography start page ≤ end page)",
  Survey,
);
const cardPost = post("/ficha-catalografica", "Requests a catalogue card for a thesis or dissertation", Card);
const specialisedPost = post("/pesquisa-especializada", "Requests a specialised search", Specialised);
const interlibraryGet = createRoute({
  method: "get",
  path: "/emprestimo-inter-bibliotecas",
  summary: "The patron's interlibrary loan requests, newest first, optionally of one status (the same list as GET /{type})",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, query: z.object({ status: z.enum(REQUEST_STATUSES).optional() }) },
  responses: { 200: { description: "Requests", content: { "application/json": { schema: z.array(Request) } } }, ...patronErrorResponses },
});
const listGet = createRoute({
  method: "get",
  path: "/{type}",
  summary: "The patron's requests of one kind, newest first, optionally of one status",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    params: z.object({ type: z.enum(REQUEST_KINDS).openapi({ param: { name: "type", in: "path" } }) }),
    query: z.object({ status: z.enum(REQUEST_STATUSES).optional() }),
  },
  responses: { 200: { description: "Requests", content: { "application/json": { schema: z.array(Request) } } }, ...patronErrorResponses },
});
const oneGet = createRoute({
  method: "get",
  path: "/{type}/{id}",
  summary: "One of the patron's requests (for a catalogue card, the answer the card is printed from)",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    params: z.object({
      type: z.enum(REQUEST_KINDS).openapi({ param: { name: "type", in: "path" } }),
      id: z.coerce
        .number()
        .int()
        .positive()
        .openapi({ param: { name: "id", in: "path" } }),
    }),
  },
  responses: {
    200: { description: "The request", content: { "application/json": { schema: Request } } },
    404: { description: "Not one of the patron's requests of this kind", content: { "application/json": { schema: ErrorSchema } } },
    ...patronErrorResponses,
  },
});

/** /api/solicitacoes/...: requests to the library (spec §7 "Solicitacoes"; alertas is its own module). */
export function solicitacoesRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  for (const schema of [Article, Thesis, Part]) app.openAPIRegistry.register(String(schema.meta()?.id ?? ""), schema);

  const create = async (lang: Lang, codPessoa: number, kind: RequestKind, subtype: string | null, data: Record<string, unknown>) => {
    const outcome = await createRequest(deps.db, codPessoa, kind, subtype, data as Record<string, string | number | boolean | undefined>);
    if (outcome.ok) return outcome.request as z.infer<typeof Request>;
    if (outcome.reason === "campos") {
      const errors = Object.fromEntries(Object.entries(outcome.issues).map(([f, code]) => [f, [FIELD_MESSAGES[code][lang]]]));
      throw new ApiError(422, "validacao", { code: "validacao", message: msg(lang, "validacao"), errors });
    }
    throw ruleError(lang, outcome.reason);
  };

  /** A receiving library the catalogue does not have is named together with every other field error, not after them. */
  const unknownLibrary = async (raw: unknown) => {
    const code = Number(raw);
    if (!Number.isInteger(code) || code <= 0) return false;
    return !(await libraryExists(deps.db, code));
  };
  const refuseWithLibrary = async (issues: readonly z.core.$ZodIssue[], raw: unknown, langHeader: string | undefined): Promise<never> => {
    const lang = langFromHeader(langHeader);
    const errors = fieldErrorsOf(issues, lang);
    const code = raw && typeof raw === "object" ? (raw as Record<string, unknown>).biblioteca_recebimento : undefined;
    if (!errors.biblioteca_recebimento && (await unknownLibrary(code))) errors.biblioteca_recebimento = [msg(lang, "valor_invalido")];
    throw new ApiError(422, "validacao", { code: "validacao", message: msg(lang, "validacao"), errors });
  };
  app.openapi(
    interlibraryPost,
    async (c) => {
      const data = c.req.valid("json");
      if (await unknownLibrary(data.biblioteca_recebimento)) {
        const lang = c.get("lang");
        throw new ApiError(422, "validacao", {
          code: "validacao",
          message: msg(lang, "validacao"),
          errors: { biblioteca_recebimento: [msg(lang, "valor_invalido")] },
        });
      }
      return c.json(await create(c.get("lang"), patronOf(c), "emprestimo-inter-bibliotecas", null, data), 201);
    },
    // A failed body is refused here, after the library check (the hook's answer replaces the default 422).
    (result, c) =>
      result.success || result.target !== "json"
        ? undefined
        : refuseWithLibrary(result.error.issues, (result as { data?: unknown }).data, c.req.header("lang")),
  );
  app.openapi(switchingPost, async (c) => {
    const { type } = c.req.valid("param");
    // The body's shape depends on the path's type: validate it against that type's fields only.
    const parsed = SWITCHING_SCHEMAS[type].safeParse(c.req.valid("json"));
    if (!parsed.success) {
      const lang = c.get("lang");
      throw new ApiError(422, "validacao", { code: "validacao", message: msg(lang, "validacao"), errors: fieldErrorsOf(parsed.error.issues, lang) });
    }
    return c.json(await create(c.get("lang"), patronOf(c), "comutacao-bibliografica", type, parsed.data), 201);
  });
  app.openapi(surveyPost, async (c) =>
    c.json(await create(c.get("lang"), patronOf(c), "levantamento-bibliografico", null, c.req.valid("json")), 201),
  );
  app.openapi(cardPost, async (c) => c.json(await create(c.get("lang"), patronOf(c), "ficha-catalografica", null, c.req.valid("json")), 201));
  app.openapi(specialisedPost, async (c) =>
    c.json(await create(c.get("lang"), patronOf(c), "pesquisa-especializada", null, c.req.valid("json")), 201),
  );
  app.openapi(interlibraryGet, async (c) => {
    const requests = await patronRequests(deps.db, patronOf(c), "emprestimo-inter-bibliotecas", c.req.valid("query").status);
    return c.json(requests as z.infer<typeof Request>[], 200);
  });
  app.openapi(listGet, async (c) => {
    const { type } = c.req.valid("param");
    const requests = await patronRequests(deps.db, patronOf(c), type, c.req.valid("query").status);
    return c.json(requests as z.infer<typeof Request>[], 200);
  });
  app.openapi(oneGet, async (c) => {
    const { type, id } = c.req.valid("param");
    const row = await getRequest(deps.db, patronOf(c), id);
    if (!row || row.tipo !== type) throw new ApiError(404, "nao_encontrado");
    return c.json(viewOf(row) as z.infer<typeof Request>, 200);
  });
  return app;
}
