import { createRoute, z } from "@hono/zod-openapi";
import { additionalTitles, dublinCore, marcView, parseMarc } from "../../domain/marc-view.ts";
import { EXPORT_FORMATS, exportTitles } from "../../domain/citations.ts";
import { abntReference } from "../../domain/referencia.ts";
import {
  activityPublic,
  copyCounts,
  loansPerMonth,
  loansPerYear,
  titleAuthorities,
  titleCopies,
  titleKind,
  titleLinks,
  titleRow,
  titlesMarc,
} from "../../db/acervo.ts";
import { ApiError } from "../../lib/errors.ts";
import { createRouter, ErrorSchema, errorResponses, LangHeader, parseJsonArray, requireToken, type ApiDeps } from "../../lib/http.ts";
import type { Lang } from "../../lib/messages.ts";
import { languageName, wordedExtraData } from "./messages.ts";
import { listComments } from "../../domain/comments.ts";
import { Comment } from "../comentarios/acervo.ts";
import { titleExtraData } from "../../domain/title-extra-data.ts";
import { DERIVED_FACET_TYPES, EDITIONS_MAX, otherEditions, SIMILAR_MAX, similarTitles } from "../../search/index.ts";
import { Fasciculo, listIssues } from "../kardex.ts";

const Id = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path" }, example: 1 }),
});
const notFound = { 404: { description: "No such title", content: { "application/json": { schema: ErrorSchema } } } };
const ok = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
  ...errorResponses,
  ...notFound,
});

const Link = z.object({
  cod_link: z.number().int(),
  url: z.string(),
  descricao: z.string().nullable(),
  restrito: z.boolean(),
  acessibilidade: z.boolean(),
});
const Acervo = z
  .object({
    cod_acervo: z.number().int(),
    titulo: z.string(),
    subtitulo: z.string().nullable(),
    autor: z.string().nullable(),
    autores_secundarios: z.array(z.string()),
    assuntos: z.array(z.string()),
    notas: z.array(z.string()),
    editora: z.string().nullable(),
    local_publicacao: z.string().nullable(),
    ano_publicacao: z.number().int().nullable(),
    edicao: z.string().nullable(),
    descricao_fisica: z.string().nullable(),
    classificacao: z.string().nullable(),
    chamada: z.string().nullable(),
    idioma: z.string().nullable(),
    idioma_desc: z.string().nullable(),
    isbn: z.string().nullable(),
    issn: z.string().nullable(),
    serie: z.string().nullable(),
    cod_tipo_obra: z.number().int(),
    desc_tipo_obra: z.string().nullable(),
    link_capa: z.string().nullable(),
    acesso_remoto: z.string().nullable(),
    possui_acessibilidade: z.string(),
    links: z.array(Link),
    autoridades: z.array(z.object({ cod_autoridade: z.number().int(), tipo: z.number().int(), cabecalho: z.string() })),
    instituicao: z.object({ cod_empresa: z.number().int(), desc_empresa: z.string() }),
    // Extra data (spec §3, ADR 215).
    cod_tipo_area_conhec: z.number().int().nullable().openapi({ description: "Classification scheme of the area: 1 Dewey, 2 Library of Congress" }),
    desc_tipo_area_conhec: z.string().nullable(),
    cod_area_conhecimento: z.string().nullable().openapi({ description: "The class (first character of the classification): the K filter's value" }),
    areas_conhecimento: z.array(z.object({ codigo: z.string(), descricao: z.string() })),
    rota: z
      .array(
        z.object({
          cod_biblioteca: z.number().int(),
          desc_biblioteca: z.string(),
          localizacao: z.string().nullable(),
          chamada: z.string().nullable(),
          fechado: z.boolean().openapi({ description: "Estante: the location is in closed stacks (the staff fetch the copy)" }),
        }),
      )
      .openapi({ description: "The way to the shelf: each library that keeps a copy, with the copies' location and call number" }),
    acervo_fechado: z.boolean().openapi({ description: "Estante: a copy is in closed stacks; only then has the title the acervo-fechado page" }),
    cursos_disc: z
      .array(
        z.object({
          cod_curso: z.number().int(),
          curso: z.string(),
          cod_disciplina: z.number().int(),
          codigo_disciplina: z.string(),
          disciplina: z.string(),
        }),
      )
      .openapi({ description: "Courses and disciplines whose teaching plans cite the title" }),
    dados_adicionais: z.record(z.enum(DERIVED_FACET_TYPES), z.array(z.object({ codigo: z.string(), descricao: z.string() }))).openapi({
      description:
        "The title's values of the derived search filters, by filter code (R repository, P place, C collection, A author, E publisher, S subject); a value's search is filtro=CODE:codigo",
    }),
  })
  .passthrough()
  .openapi("Acervo");

const Exemplar = z.object({
  cod_exemplar: z.number().int(),
  codigo_barras: z.string(),
  biblioteca: z.object({ cod_biblioteca: z.number().int(), desc_biblioteca: z.string() }),
  localizacao: z.string().nullable(),
  chamada: z.string().nullable(),
  tipo_emprestimo: z.string(),
  situacao: z.string(),
  data_devolucao_prevista: z.string().nullable(),
  volume: z.string().nullable(),
  tomo: z.string().nullable(),
  parte: z.string().nullable(),
  material_adicional: z.string().nullable(),
  permite_reserva: z.boolean(),
});
const Campo = z.union([
  z.object({ tag: z.string(), valor: z.string() }),
  z.object({ tag: z.string(), ind1: z.string(), ind2: z.string(), subcampos: z.array(z.object({ codigo: z.string(), valor: z.string() })) }),
]);
const Marc = z.object({ leader: z.string(), campos: z.array(Campo) }).openapi("AcervoMarc");
const Referencia = z
  .object({
    referencia: z.string(),
    partes: z.array(z.object({ texto: z.string(), destaque: z.boolean().openapi({ description: "true = the title, set in bold" }) })),
    formatos: z
      .array(z.object({ tipo: z.enum(EXPORT_FORMATS), conteudo: z.string(), contentType: z.string(), extensao: z.string() }))
      .optional()
      .openapi({ description: "Only with ?formato=: that format, or every text format for formato=todos (see api/domain/citations.ts)" }),
  })
  .openapi("Referencia");
const ReferenciaQuery = z.object({ formato: z.enum([...EXPORT_FORMATS, "todos"]).optional() });
const DublinCore = z.object({ elementos: z.array(z.object({ elemento: z.string(), valor: z.string() })) }).openapi("DublinCore");
const Permissoes = z
  .object({
    reserva: z.boolean().openapi({ description: "A hold can be placed: no copy available and some copy allows holds" }),
    solicitacao_emprestimo: z.boolean().openapi({ description: "A loan request can be made: some copy is available for loan" }),
    comentario: z.boolean(),
    exemplares: z.number().int(),
    disponiveis: z.number().int(),
  })
  .openapi("AcervoPermissoes");

const TitulosAdicionais = z
  .array(
    z.object({
      cod_acervo: z.number().int(),
      titulos: z.array(z.object({ tipo: z.enum(["uniforme", "variante", "relacionado"]), titulo: z.string() })),
    }),
  )
  .openapi("TitulosAdicionais");
/** A related title (another edition, or "more like this"; ADR 244). */
const TituloRelacionado = z
  .object({
    cod_acervo: z.number().int(),
    titulo: z.string(),
    subtitulo: z.string().nullable(),
    autor: z.string().nullable(),
    edicao: z.string().nullable(),
    editora: z.string().nullable(),
    local_publicacao: z.string().nullable(),
    ano_publicacao: z.number().int().nullable(),
    idioma: z.string().nullable(),
  })
  .openapi("TituloRelacionado");
const Edicoes = z.array(TituloRelacionado).openapi("Edicoes", {
  description: `Estante: the other editions of the title's work (same filing title and main author), newest first, at most ${EDITIONS_MAX}`,
});
const Semelhantes = z.array(TituloRelacionado).openapi("Semelhantes", {
  description: `Estante: up to ${SIMILAR_MAX} titles sharing the title's authors, subjects or class, best match first, other editions left out`,
});
/** The title with the parts `?incluir=` asked for. */
const AcervoIncluido = Acervo.extend({
  exemplares: z.array(Exemplar).optional(),
  permissoes: Permissoes.optional(),
  titulos_adicionais: TitulosAdicionais.element.shape.titulos.optional(),
  comentarios: z.array(Comment).optional(),
  fasciculos: z.array(Fasciculo).optional(),
  edicoes: Edicoes.optional(),
  semelhantes: Semelhantes.optional(),
}).openapi("AcervoIncluido");
const EstatisticaAnos = z.array(z.object({ ano: z.number().int(), emprestimos: z.number().int() })).openapi("EstatisticaAnos");
const EstatisticaMeses = z
  .object({ ano: z.number().int(), meses: z.array(z.object({ mes: z.number().int().min(1).max(12), emprestimos: z.number().int() })) })
  .openapi("EstatisticaMeses");

const NoQuery = z.object({});

/** The parts `GET /acervo/{id}?incluir=` can add to the title, each the body of its own call (ADR 210). */
const INCLUDES = ["exemplares", "permissoes", "titulos_adicionais", "comentarios", "fasciculos", "edicoes", "semelhantes"] as const;
/** How many of the latest received issues `incluir=fasciculos` embeds. */
const LATEST_ISSUES = 5;
type Include = (typeof INCLUDES)[number];
const IncluirQuery = z.object({
  incluir: z
    .string()
    .regex(new RegExp(`^(${INCLUDES.join("|")})(,(${INCLUDES.join("|")}))*$`))
    .optional()
    .openapi({
      description:
        "Comma-separated parts to embed, so a title page needs one call: exemplares (= GET /acervo/{id}/exemplares), permissoes (= /acervo/{id}/permissoes), titulos_adicionais (this title's entry of /acervo/titulos-adicionais), comentarios (= GET /comentarios/acervo/{id}), fasciculos (a periodical's five latest received issues, shaped as GET /kardex/{id}/data?situacao=recebido, latest arrival first; empty for other titles), edicoes (= GET /acervo/{id}/edicoes), semelhantes (= GET /acervo/{id}/semelhantes). Each embedded part has the same shape as that call's answer; a backend without it may ignore the parameter, and the portal then makes those calls",
      example: "exemplares,permissoes,titulos_adicionais,comentarios,fasciculos,edicoes,semelhantes",
    }),
});
const route = <T extends z.ZodType, Q extends z.ZodObject<any>>(path: string, summary: string, schema: T, query: Q) =>
  createRoute({
    method: "get",
    path,
    summary,
    security: [{ bearer: [] }],
    request: { headers: LangHeader, params: Id, query },
    responses: ok(schema, summary),
  });

/** /api/acervo/{id}/... and /api/acervo/titulos-adicionais: one title and its views. */
export function tituloRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.use("*", requireToken(deps));

  // Registered before "/{id}" so the static path is not read as an id.
  app.openapi(
    createRoute({
      method: "get",
      path: "/titulos-adicionais",
      summary: "Additional titles (uniform, variant and related titles: MARC 130/240/246/730/740) of several titles at once",
      security: [{ bearer: [] }],
      request: {
        headers: LangHeader,
        query: z.object({
          acervos: z
            .string()
            .regex(/^\d{1,15}(,\d{1,15}){0,99}$/)
            .openapi({ description: "Comma-separated cod_acervo list (up to 100)", example: "1,2,3" }),
        }),
      },
      responses: ok(TitulosAdicionais, "Additional titles by title"),
    }),
    async (c) => c.json(await additional([...new Set(c.req.valid("query").acervos.split(",").map(Number))]), 200),
  );

  /** The additional titles of several titles: one query for the whole list (a search page asks for all its hits at once). */
  const additional = async (ids: number[]) => {
    const rows = await titlesMarc(db, ids);
    return rows.map((r) => ({ cod_acervo: r.cod_acervo, titulos: additionalTitles(parseMarc(r.marc)) }));
  };

  const load = async (id: number) => {
    const row = await titleRow(db, id);
    if (!row) throw new ApiError(404, "nao_encontrado");
    return row;
  };

  /** The copies of a title (of one library with `codUnidade`), with the due date of those on loan. */
  const copies = async (id: number, codUnidade?: number) => {
    const rows = await titleCopies(db, id, codUnidade);
    return rows.map(({ cod_biblioteca, desc_biblioteca, permite_reserva, ...e }) => ({
      ...e,
      data_devolucao_prevista: e.data_devolucao_prevista ?? null,
      biblioteca: { cod_biblioteca, desc_biblioteca },
      permite_reserva: permite_reserva === 1,
    }));
  };

  /** What a patron may do with a title, from its copies and the comment activity. */
  const permissions = async (id: number) => {
    const counts = await copyCounts(db, id);
    const comment = await activityPublic(db, 13);
    const disponiveis = Number(counts.disponiveis);
    return {
      reserva: disponiveis === 0 && Number(counts.reservaveis) > 0,
      solicitacao_emprestimo: Number(counts.emprestaveis) > 0,
      comentario: comment?.publica === 1,
      exemplares: Number(counts.exemplares),
      disponiveis,
    };
  };

  /** The title's own record (`GET /acervo/{id}` without `incluir`); 404 when it does not exist. */
  const title = async (id: number, lang: Lang) => {
    const { marc: _m, chave_origem: _k, desc_empresa, created_at: _c, updated_at: _u, ...a } = await load(id);
    const links = await titleLinks(db, id);
    const autoridades = await titleAuthorities(db, id);
    return {
      ...a,
      assuntos: parseJsonArray<string>(a.assuntos),
      autores_secundarios: parseJsonArray<string>(a.autores_secundarios),
      notas: parseJsonArray<string>(a.notas),
      idioma_desc: a.idioma ? languageName(lang, a.idioma) : null,
      links: links.map((l) => ({ ...l, restrito: l.restrito === 1, acessibilidade: l.acessibilidade === 1 })),
      autoridades,
      instituicao: { cod_empresa: a.cod_empresa, desc_empresa },
      ...wordedExtraData(lang, await titleExtraData(db, id, a.classificacao)),
    };
  };

  app.openapi(
    route(
      "/{id}",
      "A title with its links, authorities and institution; ?incluir= embeds its copies, permissions, additional titles and comments",
      AcervoIncluido,
      IncluirQuery,
    ),
    async (c) => {
      const id = c.req.valid("param").id;
      const body: Record<string, unknown> = await title(id, c.get("lang"));
      const parts = new Set((c.req.valid("query").incluir?.split(",") ?? []) as Include[]);
      if (parts.has("exemplares")) body.exemplares = await copies(id);
      if (parts.has("permissoes")) body.permissoes = await permissions(id);
      if (parts.has("titulos_adicionais")) body.titulos_adicionais = (await additional([id]))[0]?.titulos ?? [];
      if (parts.has("comentarios")) body.comentarios = await listComments(db, id, c.get("owner").codPessoa ?? null);
      if (parts.has("fasciculos")) body.fasciculos = await listIssues(db, id, { situacao: "recebido", limit: LATEST_ISSUES, byArrival: true });
      if (parts.has("edicoes")) body.edicoes = await otherEditions(db, id);
      if (parts.has("semelhantes")) body.semelhantes = await similarTitles(db, id);
      return c.json(body as z.infer<typeof AcervoIncluido>, 200);
    },
  );

  app.openapi(
    route(
      "/{id}/exemplares",
      "Copies of a title, optionally of one library",
      z.array(Exemplar).openapi("Exemplares"),
      z.object({ cod_unidade: z.coerce.number().int().positive().optional() }),
    ),
    async (c) => {
      const id = c.req.valid("param").id;
      const { cod_unidade } = c.req.valid("query");
      if (!(await titleKind(db, id))) throw new ApiError(404, "nao_encontrado");
      return c.json(await copies(id, cod_unidade), 200);
    },
  );

  app.openapi(
    route("/{id}/marc", "The MARC record (local 9XX/59X fields only with liberacao=1)", Marc, z.object({ liberacao: z.enum(["0", "1"]).optional() })),
    async (c) => {
      const { marc } = await load(c.req.valid("param").id);
      return c.json(marcView(parseMarc(marc), c.req.valid("query").liberacao === "1"), 200);
    },
  );

  app.openapi(route("/{id}/referencia", "ABNT NBR 6023 reference, plus other formats with ?formato=", Referencia, ReferenciaQuery), async (c) => {
    const a = await load(c.req.valid("param").id);
    const source = { ...a, autores_secundarios: parseJsonArray<string>(a.autores_secundarios), assuntos: parseJsonArray<string>(a.assuntos) };
    const formato = c.req.valid("query").formato;
    if (!formato) return c.json(abntReference(source), 200);
    // "todos": every text format for the reference page (ISO 2709 is a download only).
    const tipos = formato === "todos" ? EXPORT_FORMATS.filter((f) => f !== "iso2709") : [formato];
    return c.json({ ...abntReference(source), formatos: await Promise.all(tipos.map((tipo) => exportTitles([source], tipo))) }, 200);
  });

  app.openapi(route("/{id}/dublin-core", "Dublin Core elements (LoC MARC crosswalk)", DublinCore, NoQuery), async (c) => {
    const a = await load(c.req.valid("param").id);
    let elementos = dublinCore(parseMarc(a.marc));
    if (elementos.length === 0) {
      // No MARC stored: fall back to the catalogued columns.
      elementos = [
        { elemento: "title", valor: a.titulo },
        ...(a.autor ? [{ elemento: "creator", valor: a.autor }] : []),
        ...(a.editora ? [{ elemento: "publisher", valor: a.editora }] : []),
        ...(a.ano_publicacao ? [{ elemento: "date", valor: String(a.ano_publicacao) }] : []),
        ...(a.idioma ? [{ elemento: "language", valor: a.idioma }] : []),
      ];
    }
    return c.json({ elementos }, 200);
  });

  app.openapi(route("/{id}/dados-estatisticos/anos", "Loans of the title per year (oldest first)", EstatisticaAnos, NoQuery), async (c) => {
    const id = c.req.valid("param").id;
    await load(id);
    const rows = await loansPerYear(db, id);
    return c.json(
      rows.map((r) => ({ ano: Number(r.ano), emprestimos: Number(r.emprestimos) })),
      200,
    );
  });

  app.openapi(
    createRoute({
      method: "get",
      path: "/{id}/dados-estatisticos/dados/{ano}",
      summary: "Loans of the title per month of one year",
      security: [{ bearer: [] }],
      request: {
        headers: LangHeader,
        params: Id.extend({
          ano: z.coerce
            .number()
            .int()
            .min(1000)
            .max(9999)
            .openapi({ param: { name: "ano", in: "path" }, example: 2024 }),
        }),
      },
      responses: ok(EstatisticaMeses, "Loans per month"),
    }),
    async (c) => {
      const { id, ano } = c.req.valid("param");
      await load(id);
      const rows = await loansPerMonth(db, id, ano);
      const byMonth = new Map(rows.map((r) => [Number(r.mes), Number(r.emprestimos)]));
      return c.json({ ano, meses: Array.from({ length: 12 }, (_, i) => ({ mes: i + 1, emprestimos: byMonth.get(i + 1) ?? 0 })) }, 200);
    },
  );

  app.openapi(route("/{id}/edicoes", "Estante: the other editions of the title's work (ADR 244)", Edicoes, NoQuery), async (c) => {
    const id = c.req.valid("param").id;
    await load(id);
    return c.json(await otherEditions(db, id), 200);
  });

  app.openapi(
    route("/{id}/semelhantes", "Estante: more like this, titles sharing the title's authors, subjects or class (ADR 244)", Semelhantes, NoQuery),
    async (c) => {
      const id = c.req.valid("param").id;
      await load(id);
      return c.json(await similarTitles(db, id), 200);
    },
  );

  app.openapi(route("/{id}/permissoes", "What a patron may do with this title", Permissoes, NoQuery), async (c) => {
    const id = c.req.valid("param").id;
    await load(id);
    return c.json(await permissions(id), 200);
  });
  return app;
}
