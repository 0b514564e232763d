import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "../../db/index.ts";
import { institutionRow } from "../../db/institution.ts";
import { activityById, libraryDesks, publicActivities } from "../../db/parametros.ts";
import { loginCategories, loginVariantOf } from "../../domain/login-variants.ts";
import { ApiError } from "../../lib/errors.ts";
import { ssoLoginParameters } from "../../sso/parameters.ts";
import { createRouter, errorResponses, LangHeader, parseJsonArray, parseJsonObject, requireToken, type ApiDeps } from "../../lib/http.ts";
import { repositoryLinkOf } from "../pessoas/servicos.ts";
import { timeZoneOr } from "../../../contract/time-zone.ts";
import { DEFAULT_LOGIN_NAME } from "./messages.ts";

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
  ...errorResponses,
});
const get = <T extends z.ZodType>(path: string, summary: string, schema: T) =>
  createRoute({ method: "get", path, summary, security: [{ bearer: [] }], request: { headers: LangHeader }, responses: json(schema, summary) });
const getP = <T extends z.ZodType, P extends z.ZodObject<any>>(path: string, summary: string, schema: T, params: P) =>
  createRoute({
    method: "get",
    path,
    summary,
    security: [{ bearer: [] }],
    request: { headers: LangHeader, params },
    responses: json(schema, summary),
  });

const Instituicao = z
  .object({
    codEmpresa: z.number().int(),
    sigla: z.string(),
    nome: z.string(),
    tema: z.string(),
    endereco_web: z.string().nullable(),
    usaOIDC: z.boolean(),
    denominacao_login: z.string(),
    msg_login: z.string().nullable(),
    destino_padrao_login_catalogo: z.boolean(),
    link_logout_OIDC: z.string().nullable(),
    link_logout_saml: z.string().nullable(),
    usaSAML: z.boolean().openapi({ description: "A SAML IdP is configured: the login page offers the institutional login button (ADR 160)" }),
    msg_suporte_consulta: z.string().nullable().openapi({ description: "Raw HTML from the library: the portal must sanitize it" }),
    link_lgpd: z.string().nullable(),
    link_icap: z.string().nullable(),
    link_rede: z.string().nullable(),
    link_repositorio: z
      .string()
      .nullable()
      .openapi({ description: "The institutional repository that receives papers (ADR 192); null: no paper posting" }),
    fuso_horario: z.string().openapi({
      description: "The library's IANA time zone (`parametros.fuso_horario`, default America/Sao_Paulo): times a patron reads are in it (ADR 226)",
    }),
    __md_aut: z.number().int(),
    __md_crypt: z.number().int(),
    aquisicao: z.boolean(),
    login_variante: z
      .enum(["pessoas_duplicadas", "categoria"])
      .nullable()
      .openapi({ description: "Login variant (spec §5, ADR 173): username first then the person's choice, or a category code" }),
    separador_login: z.string().openapi({ description: "Joins the username and the chosen person or category code (ADR 173)" }),
    categorias_login: z
      .array(z.object({ codigo: z.string(), descricao: z.string().openapi({ description: "The library's name of the category" }) }))
      .openapi({
        description:
          "Under the category variant: the categories the login offers (spec §5 codes the library has, in the spec's order), named by the library; empty otherwise (ADR 173)",
      }),
  })
  .openapi("Instituicao");

const Atividade = z.object({ cod_atividade: z.number().int(), descricao: z.string() });
const Funcionalidades = z.object({ atividades: z.array(Atividade) }).openapi("Funcionalidades");
const Guia = z.object({ codigo: z.string(), descricao: z.string(), ordem: z.number().int() });
const Autoatendimento = z
  .object({ showAuto: z.boolean(), codBibAuto: z.number().int().nullable(), authAuto: z.string(), idiomaAuto: z.string() })
  .openapi("Autoatendimento");
const Secao = z.object({ titulo: z.string(), conteudo: z.string().openapi({ description: "HTML" }) }).openapi("Secao");
const Faq = z.array(z.object({ pergunta: z.string(), resposta: z.string() })).openapi("Faq");
const Evento = z
  .object({
    titulo: z.string(),
    data_inicio: z.string().openapi({ description: "YYYY-MM-DD" }),
    data_fim: z.string().openapi({ description: "YYYY-MM-DD" }),
    local: z.string().nullable(),
    descricao: z.string().openapi({ description: "Plain text" }),
  })
  .openapi("EventoInstitucional");
const Horario = z.object({
  dia: z.number().int().openapi({ description: "1 = Monday … 7 = Sunday" }),
  abertura: z.string().nullable(),
  fechamento: z.string().nullable(),
});
const Atendimento = z
  .array(
    z.object({
      cod_biblioteca: z.number().int(),
      desc_biblioteca: z.string(),
      sigla: z.string(),
      cod_campus: z.number().int(),
      nome_campus: z.string(),
      email: z.string().nullable(),
      telefone: z.string().nullable(),
      endereco: z.string().nullable(),
      horarios: z.array(Horario),
    }),
  )
  .openapi("Atendimento");
const AtividadeStatus = z.object({ cod_atividade: z.number().int(), descricao: z.string(), ativa: z.boolean() });

/** The institution row with its JSON parameters decoded. */
async function institution(db: Db) {
  const row = await institutionRow(db);
  if (!row) throw new ApiError(404, "nao_encontrado");
  return { row, p: parseJsonObject(row.parametros) };
}

const str = (v: unknown) => (typeof v === "string" ? v : null);

/** The institution's text in the request's language: `traducoes.{es,en}` overrides the Portuguese fields. */
function localized(value: unknown, lang: string): Record<string, unknown> {
  const o = parseJsonObject(JSON.stringify(value ?? {}));
  const tr = parseJsonObject(JSON.stringify(o.traducoes ?? {}))[lang];
  return { ...o, ...parseJsonObject(JSON.stringify(tr ?? {})) };
}

/** /api/parametros/...: institution configuration for the portal. */
export function instituicaoRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  app.openapi(get("/instituicao", "Institution data and login/support settings", Instituicao), async (c) => {
    const { row, p } = await institution(db);
    return c.json(
      {
        codEmpresa: row.cod_empresa,
        sigla: row.sigla,
        nome: row.nome,
        tema: row.tema,
        endereco_web: row.endereco_web,
        ...(await ssoLoginParameters(deps.sso, p)),
        denominacao_login: str(p.denominacao_login) ?? DEFAULT_LOGIN_NAME,
        msg_login: str(p.msg_login),
        destino_padrao_login_catalogo: p.destino_padrao_login_catalogo === true,
        msg_suporte_consulta: str(p.msg_suporte_consulta),
        link_lgpd: str(p.link_lgpd),
        link_icap: str(p.link_icap),
        link_rede: str(p.link_rede),
        link_repositorio: repositoryLinkOf(p),
        fuso_horario: timeZoneOr(p.fuso_horario),
        __md_aut: typeof p.__md_aut === "number" ? p.__md_aut : 1,
        __md_crypt: typeof p.__md_crypt === "number" ? p.__md_crypt : 1,
        aquisicao: p.aquisicao !== false,
        ...loginVariantOf(p),
        categorias_login: await loginCategories(db, p),
      },
      200,
    );
  });

  app.openapi(get("/funcionalidades", "Activities on in the public page configuration", Funcionalidades), async (c) => {
    const atividades = await publicActivities(db);
    return c.json({ atividades }, 200);
  });

  app.openapi(get("/guias", "Search tabs enabled for the institution", z.array(Guia).openapi("Guias")), async (c) => {
    const { p } = await institution(db);
    return c.json(parseJsonArray<z.infer<typeof Guia>>(JSON.stringify(p.guias ?? [])), 200);
  });

  app.openapi(get("/autoatendimento", "Self-service kiosk settings", Autoatendimento), async (c) => {
    const { p } = await institution(db);
    const a = parseJsonObject(JSON.stringify(p.autoatendimento ?? {}));
    return c.json(
      {
        showAuto: a.showAuto === true,
        codBibAuto: typeof a.codBibAuto === "number" ? a.codBibAuto : null,
        authAuto: str(a.authAuto) ?? "senha",
        idiomaAuto: str(a.idiomaAuto) ?? "pt",
      },
      200,
    );
  });

  for (const key of ["secao_1", "secao_2", "informacoes_gerais"] as const) {
    app.openapi(get(`/${key}`, `Home page text block ${key}`, Secao), async (c) => {
      const { p } = await institution(db);
      const s = localized(p[key], c.get("lang"));
      return c.json({ titulo: str(s.titulo) ?? "", conteudo: str(s.conteudo) ?? "" }, 200);
    });
  }

  app.openapi(get("/faq", "Frequently asked questions", Faq), async (c) => {
    const { p } = await institution(db);
    const faq = parseJsonArray(JSON.stringify(p.faq ?? [])).map((q) => localized(q, c.get("lang")));
    return c.json(
      faq.map((q) => ({ pergunta: str(q.pergunta) ?? "", resposta: str(q.resposta) ?? "" })),
      200,
    );
  });

  app.openapi(
    get(
      "/eventos_institucionais",
      "The institution's events, soonest first (texts in the request's language when given)",
      z.array(Evento).openapi("EventosInstitucionais"),
    ),
    async (c) => {
      const { p } = await institution(db);
      const events = parseJsonArray(JSON.stringify(p.eventos_institucionais ?? [])).map((e) => localized(e, c.get("lang")));
      const out = events
        .map((e) => ({
          titulo: str(e.titulo) ?? "",
          data_inicio: str(e.data_inicio) ?? "",
          data_fim: str(e.data_fim) ?? str(e.data_inicio) ?? "",
          local: str(e.local),
          descricao: str(e.descricao) ?? "",
        }))
        .filter((e) => e.titulo && /^\d{4}-\d{2}-\d{2}$/.test(e.data_inicio))
        .sort((a, b) => a.data_inicio.localeCompare(b.data_inicio));
      return c.json(out, 200);
    },
  );

  const atendimento = async (codCampus?: number) => {
    const rows = await libraryDesks(db, codCampus);
    return rows.map((r) => ({ ...r, horarios: parseJsonArray<z.infer<typeof Horario>>(r.horarios) }));
  };
  app.openapi(get("/atendimento", "Libraries with contacts and opening hours (Monday–Sunday)", Atendimento), async (c) =>
    c.json(await atendimento(), 200),
  );
  app.openapi(
    getP(
      "/atendimento/{campus}",
      "Libraries of one campus with opening hours",
      Atendimento,
      z.object({ campus: z.coerce.number().int().positive() }),
    ),
    async (c) => c.json(await atendimento(c.req.valid("param").campus), 200),
  );

  app.openapi(
    getP(
      "/atividade/{id}",
      "Whether an activity is on in the public page configuration",
      AtividadeStatus,
      z.object({ id: z.coerce.number().int().positive() }),
    ),
    async (c) => {
      const id = c.req.valid("param").id;
      const a = await activityById(db, id);
      if (!a) throw new ApiError(404, "nao_encontrado");
      return c.json({ cod_atividade: a.cod_atividade, descricao: a.descricao, ativa: a.publica === 1 }, 200);
    },
  );
  return app;
}
