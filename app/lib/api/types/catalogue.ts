/** The wire shapes of `catalogue.server.ts`'s calls (zod schemas and their types): what the widgets may import. */
import { z } from "zod";
import { type AdvancedSearchInput, type SearchInput } from "~/schemas/search";

export const text = z
  .string()
  .nullish()
  .transform((v) => (v == null || v.trim() === "" ? null : v));

export const int = z.number().int();

/** The fields a search hit and a title page share. */
export const titleCore = {
  cod_acervo: int,
  titulo: z.string(),
  subtitulo: text,
  autor: text,
  editora: text,
  local_publicacao: text,
  ano_publicacao: int.nullish().transform((v) => v ?? null),
  edicao: text,
};

/** One hit of `GET /api/consulta`. */
export const ConsultaItemSchema = z.object({
  ...titleCore,
  // MARC language code of the record (008/35-37, else 041 $a): the `lang` of its title (ADR 136).
  idioma: text,
  cod_tipo_obra: int.nullish(),
  desc_tipo_obra: text,
  link_capa: text,
  acesso_remoto: text,
  possui_acessibilidade: text,
  exemplares: int.nonnegative().catch(0),
  disponiveis: int.nonnegative().catch(0),
});

export type ConsultaItem = z.infer<typeof ConsultaItemSchema> & Partial<Pick<ConsultaHit, "localizacoes" | "reservavel" | "edicoes">>;

/** One hit of `GET /api/consulta` with the Estante extensions (the basket's and the browse's titles have none). */
export const ConsultaHitSchema = ConsultaItemSchema.extend({
  // Estante extensions (issue 28): where the copies are, per library, and whether a hold can be placed. Another
  // backend sends neither: no places listed, no hold link.
  localizacoes: z
    .array(
      z.object({
        cod_biblioteca: int,
        biblioteca: z.string(),
        chamada: text,
        localizacao: text,
        exemplares: int.nonnegative(),
        disponiveis: int.nonnegative(),
      }),
    )
    .catch([])
    .default([]),
  reservavel: z.boolean().catch(false).default(false),
  // The editions of the hit's work, itself included (ADR 244).
  edicoes: int.positive().optional(),
});

export type ConsultaHit = z.infer<typeof ConsultaHitSchema>;

/** The body of `GET /api/consulta`. */
export const ConsultaSchema = z.object({
  total: int.nonnegative(),
  totalLimitado: z.boolean().catch(false),
  pagina: int.positive(),
  qtd: int.positive(),
  resultados: z.array(ConsultaHitSchema),
  /** "Did you mean": corrected search texts with their number of titles (a backend without them sends none). */
  sugestoes: z
    .array(z.object({ termo: z.string(), total: int.nonnegative() }))
    .optional()
    .catch(undefined),
});

export type Consulta = z.infer<typeof ConsultaSchema>;

export const LinkSchema = z.object({
  url: z.string(),
  descricao: text,
  restrito: z.union([z.boolean(), z.number()]).transform(Boolean).catch(false),
  acessibilidade: z.union([z.boolean(), z.number()]).transform(Boolean).catch(false),
});

export const AutoridadeRefSchema = z.object({ cod_autoridade: int, tipo: int.catch(0), cabecalho: z.string() });

export const strings = z.array(z.string()).catch([]);

/** The body of `GET /api/acervo/{id}`: one title. */
export const AcervoSchema = z.object({
  ...titleCore,
  descricao_fisica: text,
  classificacao: text,
  chamada: text,
  idioma: text,
  idioma_desc: text,
  isbn: text,
  issn: text,
  serie: text,
  cod_tipo_obra: int.nullish(),
  desc_tipo_obra: text,
  assuntos: strings,
  autores_secundarios: strings,
  notas: strings,
  link_capa: text,
  acesso_remoto: text,
  possui_acessibilidade: text,
  links: z.array(LinkSchema).catch([]),
  autoridades: z.array(AutoridadeRefSchema).catch([]),
  instituicao: z.object({ cod_empresa: int, desc_empresa: z.string() }).nullish(),
});

export type Acervo = z.infer<typeof AcervoSchema>;

/** One copy of `GET /api/acervo/{id}/exemplares`. */
export const ExemplarSchema = z.object({
  cod_exemplar: int,
  codigo_barras: text,
  biblioteca: z.object({ cod_biblioteca: int, desc_biblioteca: z.string() }),
  localizacao: text,
  chamada: text,
  tipo_emprestimo: text,
  situacao: text,
  data_devolucao_prevista: text,
  volume: text,
  tomo: text,
  parte: text,
  material_adicional: text,
});

export type Exemplar = z.infer<typeof ExemplarSchema>;

export const ExemplaresSchema = z.array(ExemplarSchema);

/** What a search sends: the simple form's term, or the advanced form's fields; plus the selected filters and tab options. */
export type CatalogueQuery = (SearchInput | Omit<AdvancedSearchInput, "exibicao">) & { filtro?: string[]; disponivel?: string } & TabOptionValues;

/** The tab forms' own option values (ADR 065), by field. */
export type TabOptionValues = { material?: string; decada?: string; especie?: string; ano?: string; tribunal?: string; decisao?: string };

/** One facet value of `GET /api/consulta/filtros` (spec §3 "Filter"). */
export const FiltroSchema = z.object({
  tipo: z.string(),
  codigo: z.string(),
  descricao: z.string(),
  total: int.nonnegative(),
  totalSemFiltro: int.nonnegative(),
  selecionado: z.boolean().optional(),
});

export type Filtro = z.infer<typeof FiltroSchema>;

/** The body of `GET /api/consulta/filtros`. A backend that answers a bare list is accepted too. */
export const FiltrosSchema = z.union([
  z.object({
    totalLimitado: z.boolean().catch(false),
    estimado: z.boolean().catch(false).default(false),
    estimadoSemFiltro: z.boolean().catch(false).default(false),
    filtros: z.array(FiltroSchema),
  }),
  z.array(FiltroSchema).transform((filtros) => ({ totalLimitado: false, estimado: false, estimadoSemFiltro: false, filtros })),
]);

export type Filtros = z.infer<typeof FiltrosSchema>;

/** One sort option of `GET /api/consulta/ordenacao`. */
export const OrdenacaoSchema = z.object({ codigo: z.string(), descricao: z.string() });

export type Ordenacao = z.infer<typeof OrdenacaoSchema>;

/** One page of a browse index (`GET /api/indice/{indice}`): entries with their number of titles, and paging keys. */
export const BrowsePageSchema = z.object({
  entradas: z.array(z.object({ chave: z.string(), valor: z.string(), total: int.nonnegative() })),
  anterior: z.string().nullable().catch(null),
  proxima: z.string().nullable().catch(null),
});

export type BrowsePage = z.infer<typeof BrowsePageSchema>;

/** The titles of one index entry (`GET /api/indice/{indice}/titulos`), with the search's item shape. */
export const BrowseTitlesSchema = z.object({
  total: int.nonnegative(),
  valor: z.string().nullable().catch(null),
  pagina: int.positive(),
  qtd: int.positive(),
  resultados: z.array(ConsultaItemSchema),
});

export type BrowseTitles = z.infer<typeof BrowseTitlesSchema>;

/** One field of a tab's form with its values (`GET /opcoes-arquivo`, `/opcoes-atos-normativos`, `/jurisprudencia-options`). */
export const TabOptionGroupSchema = z.object({
  campo: z.string(),
  descricao: z.string(),
  opcoes: z.array(z.object({ codigo: z.string(), descricao: z.string(), total: int.nonnegative().catch(0) })),
});

export type TabOptionGroup = z.infer<typeof TabOptionGroupSchema>;

export const TAB_OPTION_PATHS: Record<string, string> = {
  arquivo: "/opcoes-arquivo",
  atos: "/opcoes-atos-normativos",
  jurisprudencia: "/jurisprudencia-options",
};

/** One page of an authority search (`GET /autoridade?termo&tipo&pagina`). */
export const AuthoritySearchSchema = z.object({
  total: int.nonnegative(),
  pagina: int.positive(),
  qtd: int.positive(),
  resultados: z.array(
    z.object({
      cod_autoridade: int,
      tipo: int,
      desc_tipo: z.string(),
      cabecalho: z.string(),
      remissiva: text,
      total_acervos: int.nonnegative().catch(0),
    }),
  ),
});

export type AuthoritySearch = z.infer<typeof AuthoritySearchSchema>;

export const Named = z.object({ codigo: int, descricao: z.string() });

/** The teaching-plan form's options (`GET /plano-ensino/disciplinas-bibliotecas`). */
export const TeachingPlanOptionsSchema = z.object({
  departamentos: z.array(Named),
  disciplinas: z.array(Named),
  bibliotecas: z.array(Named),
  anos: z.array(int),
  semestres: z.array(int),
  periodos: z.array(int),
});

export type TeachingPlanOptions = z.infer<typeof TeachingPlanOptionsSchema>;

export const PlanTitle = z.object({
  cod_acervo: int,
  titulo: z.string(),
  autor: text,
  ano_publicacao: int.nullish().transform((v) => v ?? null),
  exemplares: int.nonnegative().catch(0),
  disponiveis: int.nonnegative().catch(0),
  // Loans of the title's copies: on loan now and ever (null from an API that does not give them).
  emprestados: int
    .nonnegative()
    .nullish()
    .transform((v) => v ?? null),
  emprestimos: int
    .nonnegative()
    .nullish()
    .transform((v) => v ?? null),
});

/** Teaching plans with their bibliography (`GET /plano-ensino/bibliografia`). */
export const TeachingPlansSchema = z.object({
  total: int.nonnegative(),
  planos: z.array(
    z.object({
      cod_plano: int,
      disciplina: z.object({ codigo: int, sigla: text, descricao: z.string() }),
      departamento: Named,
      curso: Named,
      biblioteca: Named,
      ano: int,
      semestre: int,
      periodo: int,
      vagas: int.nullish().transform((v) => v ?? null),
      basica: z.array(PlanTitle),
      complementar: z.array(PlanTitle),
    }),
  ),
});

export type TeachingPlans = z.infer<typeof TeachingPlansSchema>;
