/** Wire types of the interest profile calls (spec §7 "Perfil-interesse", docs/api.md); safe for widgets. */
import { z } from "zod";

/** The kinds of profile item: an area of knowledge, an author, a subject. */
export const DSI_KINDS = ["area", "autor", "assunto"] as const;
export type DsiKind = (typeof DSI_KINDS)[number];

/** The kinds of news a followed periodical brings (spec §5: at least one). */
export const PERIODICAL_NEWS = ["fasciculos", "sumarios"] as const;
export type PeriodicalNews = (typeof PERIODICAL_NEWS)[number];

export const ProfileItemSchema = z.object({
  codigo: z.string(),
  tipoDSI: z.string(),
  codTipoArea: z.coerce.number(),
  descricao: z.string(),
  created_at: z.string().nullish(),
});
export type ProfileItem = z.infer<typeof ProfileItemSchema>;
export const ProfileSchema = z.object({
  validade: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  itens: z.array(ProfileItemSchema),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const CandidateSchema = z.object({
  codigo: z.string(),
  descricao: z.string(),
  tipoDSI: z.string(),
  codTipoArea: z.coerce.number(),
  total: z.coerce.number(),
});
export type Candidate = z.infer<typeof CandidateSchema>;

export const FollowedPeriodicalSchema = z.object({
  cod_acervo: z.coerce.number(),
  titulo: z.string(),
  issn: z.string().nullish(),
  tipos: z.array(z.string()),
});
export type FollowedPeriodical = z.infer<typeof FollowedPeriodicalSchema>;
export const PeriodicalHitSchema = z.object({ cod_acervo: z.coerce.number(), titulo: z.string(), issn: z.string().nullish(), seguido: z.boolean() });
export type PeriodicalHit = z.infer<typeof PeriodicalHitSchema>;

export const WorkTypeSchema = z.object({ cod_tipo_obra: z.coerce.number(), descricao: z.string(), selecionado: z.boolean() });
export type WorkType = z.infer<typeof WorkTypeSchema>;

export const AreaInfoSchema = z.object({
  validade: z.string().nullish(),
  areas: z.array(z.object({ codigo: z.string(), descricao: z.string(), total: z.coerce.number(), selecionada: z.boolean() })),
});
export const AreaTitlesSchema = z.object({
  total: z.coerce.number(),
  pagina: z.coerce.number(),
  qtd: z.coerce.number(),
  resultados: z.array(
    z.object({
      cod_acervo: z.coerce.number(),
      titulo: z.string(),
      autor: z.string().nullish(),
      ano_publicacao: z.coerce.number().nullish(),
      desc_tipo_obra: z.string().nullish(),
      area: z.string(),
      desc_area: z.string(),
    }),
  ),
});

/** GET /perfil-interesse/verificar-titulos: the titles of the last month (spec §9), of the profile's areas when it names some. */
export const CheckTitlesSchema = AreaTitlesSchema.extend({ desde: z.string(), porPerfil: z.boolean() });
