/** The wire shapes of `acervo.server.ts`'s calls (zod schemas and their types): what the widgets may import. */
import { z } from "zod";
import { AcervoSchema, ExemplaresSchema } from "./catalogue";
import { CommentViewSchema } from "./comments";

export const int = z.number().int();

export const text = z
  .string()
  .nullish()
  .transform((v) => (v == null || v.trim() === "" ? null : v));

export const id = (n: number) => encodeURIComponent(String(n));

export const codeLabel = z.object({ codigo: z.coerce.string(), descricao: z.string() });

/**
 * A title's extra data (spec §3, ADR 215). Every part is optional: a backend without one (or with a shape the
 * portal does not know) leaves that part out of the page.
 */
export const TitleExtraDataShape = {
  cod_tipo_area_conhec: int
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
  desc_tipo_area_conhec: text.catch(null),
  cod_area_conhecimento: z.coerce
    .string()
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
  areas_conhecimento: z.array(codeLabel).catch([]).default([]),
  rota: z
    .array(
      z.object({
        cod_biblioteca: int.nullish().transform((v) => v ?? null),
        desc_biblioteca: z.string(),
        localizacao: text,
        chamada: text,
        fechado: z.boolean().catch(false).default(false),
      }),
    )
    .catch([])
    .default([]),
  // Estante: a copy is in closed stacks (docs/api.md); a backend without the flag has no closed-stacks page.
  acervo_fechado: z.boolean().catch(false).default(false),
  cursos_disc: z
    .array(
      z.object({
        cod_curso: int.nullish().transform((v) => v ?? null),
        curso: text,
        cod_disciplina: int.nullish().transform((v) => v ?? null),
        codigo_disciplina: text,
        disciplina: text,
      }),
    )
    .catch([])
    .default([]),
  dados_adicionais: z.record(z.string(), z.array(codeLabel).catch([])).catch({}).default({}),
};

export type TitleExtraData = { [K in keyof typeof TitleExtraDataShape]: z.infer<(typeof TitleExtraDataShape)[K]> };

/** The title page's record: the catalogue's title, with each online link's code (for restricted access). */
export const AcervoDetailSchema = AcervoSchema.extend({
  links: z
    .array(
      z.object({
        cod_link: int.nullish().transform((v) => v ?? null),
        url: z.string(),
        descricao: text,
        restrito: z.union([z.boolean(), z.number()]).transform(Boolean).catch(false),
        acessibilidade: z.union([z.boolean(), z.number()]).transform(Boolean).catch(false),
      }),
    )
    .catch([]),
  ...TitleExtraDataShape,
});

export type AcervoDetail = z.infer<typeof AcervoDetailSchema>;

/** `GET /api/acervo/{id}/permissoes`: what a patron may do with the title. */
export const PermissoesSchema = z.object({
  reserva: z.boolean().catch(false),
  solicitacao_emprestimo: z.boolean().catch(false),
  comentario: z.boolean().catch(false),
  exemplares: int.nonnegative().catch(0),
  disponiveis: int.nonnegative().catch(0),
});

export type Permissoes = z.infer<typeof PermissoesSchema>;

/** One title's additional titles (`GET /api/acervo/titulos-adicionais?acervos=`). */
export const TitulosAdicionaisSchema = z.array(
  z.object({ cod_acervo: int, titulos: z.array(z.object({ tipo: z.string(), titulo: z.string() })).catch([]) }),
);

export type TituloAdicional = { tipo: string; titulo: string };

/** The parts the title page asks the title call to embed (`?incluir=`, docs/api.md, ADR 210). */
export const TITLE_PAGE_PARTS = ["exemplares", "permissoes", "titulos_adicionais", "comentarios", "fasciculos", "edicoes", "semelhantes"] as const;

/** A related title: another edition of the work, or one of "more like this" (Estante, ADR 244). */
export const RelatedTitleSchema = z.object({
  cod_acervo: int,
  titulo: z.string(),
  subtitulo: text,
  autor: text,
  edicao: text,
  editora: text,
  local_publicacao: text,
  ano_publicacao: int.nullish().transform((v) => v ?? null),
  idioma: text,
});

export type RelatedTitle = z.infer<typeof RelatedTitleSchema>;

export const RelatedTitlesSchema = z.array(RelatedTitleSchema);

/**
 * The title with the parts `?incluir=` embeds. Each part is optional: a backend that ignores `incluir` (or a part
 * that does not parse) leaves it out, and the page loads that part with its own call.
 */
export const AcervoPageSchema = AcervoDetailSchema.extend({
  exemplares: ExemplaresSchema.optional().catch(undefined),
  permissoes: PermissoesSchema.optional().catch(undefined),
  titulos_adicionais: TitulosAdicionaisSchema.element.shape.titulos.optional().catch(undefined),
  comentarios: z.array(CommentViewSchema).optional().catch(undefined),
  // A periodical's latest received issues (ADR 196); a backend without the part gives none, and the page shows none.
  fasciculos: z
    .lazy(() => z.array(FasciculoSchema))
    .optional()
    .catch(undefined),
  edicoes: RelatedTitlesSchema.optional().catch(undefined),
  semelhantes: RelatedTitlesSchema.optional().catch(undefined),
});

export type AcervoPage = z.infer<typeof AcervoPageSchema>;

export const SubcampoSchema = z.object({ codigo: z.string(), valor: z.string() });

/** A MARC record as `/marc` returns it (control fields have `valor`). */
export const MarcSchema = z.object({
  leader: z.string().catch(""),
  campos: z.array(
    z.union([
      z.object({ tag: z.string(), ind1: z.string(), ind2: z.string(), subcampos: z.array(SubcampoSchema) }),
      z.object({ tag: z.string(), valor: z.string() }),
    ]),
  ),
});

export type Marc = z.infer<typeof MarcSchema>;

export const DublinCoreSchema = z.object({ elementos: z.array(z.object({ elemento: z.string(), valor: z.string() })) });

export type DublinCore = z.infer<typeof DublinCoreSchema>;

export const BibliotecaSchema = z.object({ cod_biblioteca: int, desc_biblioteca: z.string() });

export type Biblioteca = z.infer<typeof BibliotecaSchema>;

export const KardexCombosSchema = z.object({ bibliotecas: z.array(BibliotecaSchema).catch([]), anos: z.array(int).catch([]) });

export type KardexCombos = z.infer<typeof KardexCombosSchema>;

export const EntrySchema = z.object({ titulo: z.string(), autor: text, pagina: text });

export type ContentsEntry = z.infer<typeof EntrySchema>;

export const FasciculoSchema = z.object({
  cod_fasciculo: int,
  biblioteca: BibliotecaSchema,
  ano: int,
  volume: text,
  numero: text,
  periodo: text,
  data_publicacao: text,
  data_chegada: text,
  situacao: z.string(),
  observacao: text,
  possui_sumario: z.boolean().catch(false),
});

export type Fasciculo = z.infer<typeof FasciculoSchema>;

export const FasciculoItemSchema = FasciculoSchema.extend({ sumario: z.array(EntrySchema).catch([]) });

export type FasciculoItem = z.infer<typeof FasciculoItemSchema>;

export const SumariosSchema = z.object({
  livro: z.array(EntrySchema).catch([]),
  fasciculos: z.array(z.object({ cod_fasciculo: int, ano: int, volume: text, numero: text, periodo: text, itens: z.array(EntrySchema) })).catch([]),
});

export type Sumarios = z.infer<typeof SumariosSchema>;

export const EstatisticaAnosSchema = z.array(z.object({ ano: int, emprestimos: int.nonnegative() }));

export type EstatisticaAno = z.infer<typeof EstatisticaAnosSchema>[number];

export const AutoridadeSchema = z.object({
  cod_autoridade: int,
  tipo: int.catch(0),
  desc_tipo: text,
  cabecalho: z.string(),
  ver: z.array(z.string()).catch([]),
  ver_tambem: z.array(z.object({ cabecalho: z.string(), cod_autoridade: int.nullable().catch(null) })).catch([]),
  notas: z.array(z.string()).catch([]),
  total_acervos: int.nonnegative().catch(0),
  acervos: z
    .array(z.object({ cod_acervo: int, titulo: z.string(), autor: text, ano_publicacao: int.nullish().transform((v) => v ?? null) }))
    .catch([]),
});

export type Autoridade = z.infer<typeof AutoridadeSchema>;

export const UrlSchema = z.object({ url: z.string().url() });
