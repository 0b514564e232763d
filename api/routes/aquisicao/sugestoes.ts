/** /api/aquisicao/...: the patron's purchase suggestions and their statuses (spec §7 "Aquisicao"; ADRs 140, 195). */
import { createRoute, z } from "@hono/zod-openapi";
import { mySuggestions } from "../../db/account-profile.ts";
import { SUGGESTION_STATUSES } from "../../domain/suggestion-statuses.ts";
import { createProfessorSuggestion, MAX_COPIES } from "../../domain/suggestions.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, LangHeader, patronErrorResponses, patronOf, requireToken, type ApiDeps } from "../../lib/http.ts";
import { refusalError, suggestionFieldWords } from "../refusals.ts";
import { say, SUGGESTION_STATUS_WORDS } from "./messages.ts";
import { SuggestionFields, SuggestionStored } from "../unidade-informacao.ts";

const Sugestao = z
  .object({
    cod_sugestao: z.number().int(),
    titulo: z.string(),
    autor: z.string().nullable(),
    edicao: z.string().nullable(),
    editor: z.string(),
    isbn_issn: z.string().nullable(),
    periodico: z.string().nullable(),
    outras_inf: z.string().nullable(),
    biblioteca: z.string(),
    situacao: z.string(),
    created_at: z.string(),
    disciplina: z.string().nullable().openapi({ description: "A professor's suggestion: the teaching plan's discipline (null otherwise)" }),
    tipo_bibliografia: z.enum(["B", "C"]).nullable(),
    exemplares: z.number().int().nullable(),
    justificativa: z.string().nullable(),
  })
  .openapi("MinhaSugestao");
const Situacao = z.object({ codigo: z.string(), descricao: z.string() }).openapi("SituacaoSugestao");

const ok = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
  ...patronErrorResponses,
});
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const statusesGet = createRoute({
  method: "get",
  path: "/sugestoes/situacao",
  summary: "The 14 purchase-suggestion statuses (spec §3)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: ok(z.array(Situacao), "Statuses"),
});
const suggestionsGet = createRoute({
  method: "get",
  path: "/sugestoes",
  summary: "The patron's purchase suggestions; dataIni and dataFim together (start ≤ end), situacao one of /sugestoes/situacao",
  security: [{ bearer: [] }],
  request: {
    headers: LangHeader,
    query: z.object({
      dataIni: IsoDate.optional(),
      dataFim: IsoDate.optional(),
      situacao: z.enum(SUGGESTION_STATUSES).optional(),
    }),
  },
  responses: ok(z.array(Sugestao), "Suggestions, newest first"),
});

const ProfessorSuggestion = SuggestionFields.extend({
  plano: z.coerce
    .number()
    .int()
    .positive()
    .nullish()
    .openapi({ description: "One of the professor's teaching plans (its course and discipline): `GET /plano-ensino/bibliografia?professor=eu`" }),
  tipo_bibliografia: z.string().max(1).nullish().openapi({ description: "B basic or C complementary bibliography" }),
  exemplares: z.coerce
    .number()
    .int()
    .nullish()
    .openapi({ description: `Copies wanted, 1 to ${MAX_COPIES}` }),
  justificativa: z.string().max(2000).nullish(),
}).openapi("SugestaoProfessor");
const professorSuggestionPost = createRoute({
  method: "post",
  path: "/sugestoes",
  summary:
    "A professor's purchase suggestion for one of their teaching plans (ADR 195): the suggestion fields plus plano, tipo_bibliografia and exemplares (required) and justificativa. " +
    "403 somente_professor for other patrons; 422 with field errors, solicitacao_duplicada (same title open for the plan) or limite_solicitacoes (the category's open suggestions)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader, body: { required: true, content: { "application/json": { schema: ProfessorSuggestion } } } },
  responses: {
    201: { description: "Suggestion stored (pre_sugestao)", content: { "application/json": { schema: SuggestionStored } } },
    ...patronErrorResponses,
  },
});

/** /api/aquisicao/...: the patron's purchase suggestions and their statuses (spec §7 "Aquisicao"), and the professors' own route. */
export function aquisicaoSugestoesRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(statusesGet, async (c) =>
    c.json(
      SUGGESTION_STATUSES.map((codigo) => ({ codigo, descricao: SUGGESTION_STATUS_WORDS[codigo][c.get("lang")] })),
      200,
    ),
  );
  app.openapi(suggestionsGet, async (c) => {
    const lang = c.get("lang");
    const q = c.req.valid("query");
    // Spec §5 date filters: both dates, and start not after end.
    if (Boolean(q.dataIni) !== Boolean(q.dataFim) || (q.dataIni && q.dataFim && q.dataIni > q.dataFim)) {
      const missing = !q.dataIni ? "dataIni" : "dataFim";
      const key = q.dataIni && q.dataFim ? "dataFim" : missing;
      throw new ApiError(422, "validacao", { code: "periodo_invalido", errors: { [key]: [say(lang, "data_invalida")] } });
    }
    return c.json(await mySuggestions(deps.db, patronOf(c), q), 200);
  });
  app.openapi(professorSuggestionPost, async (c) => {
    const lang = c.get("lang");
    const outcome = await createProfessorSuggestion(deps.db, patronOf(c), c.req.valid("json"));
    if (!outcome.ok) throw refusalError(lang, outcome, suggestionFieldWords(lang));
    return c.json(outcome.suggestion, 201);
  });
  return app;
}
