/** The wire shapes of `rede.server.ts`'s calls (zod schemas and their types): what the widgets may import. */
import { z } from "zod";
import { FiltroSchema } from "./catalogue";
import { PRODUCT_SLUG } from "~/lib/product";
import { type SearchInput } from "~/schemas/search";

export const text = z
  .string()
  .nullish()
  .transform((v) => (v == null || v.trim() === "" ? null : v));

export const int = z.number().int();

export const strings = z.array(z.string()).catch([]);

/** The service's base path, e.g. "/rede-pergamum". */
export const NETWORK_BASE = `/rede-${PRODUCT_SLUG}`;

/** One member of `GET oai/instituicoes`. */
export const InstituicaoRedeSchema = z.object({
  cod_instituicao: int,
  sigla: z.string(),
  nome: z.string(),
  cidade: text,
  local: z.boolean().catch(false),
  registros: int.nonnegative().catch(0),
});

export type InstituicaoRede = z.infer<typeof InstituicaoRedeSchema>;

export const InstituicaoRefSchema = z.object({ cod_instituicao: int, sigla: z.string(), nome: z.string() });

/** One hit of the network search. */
export const RedeHitSchema = z.object({
  cod_registro: int,
  titulo: z.string(),
  subtitulo: text,
  autor: text,
  editora: text,
  local_publicacao: text,
  ano_publicacao: int.nullish().transform((v) => v ?? null),
  desc_tipo_obra: text,
  instituicao: InstituicaoRefSchema,
});

export type RedeHit = z.infer<typeof RedeHitSchema>;

/** The body of the network search: one page of hits and the facets of the same hit set. */
export const RedeConsultaSchema = z.object({
  total: int.nonnegative(),
  totalLimitado: z.boolean().catch(false),
  pagina: int.positive(),
  qtd: int.positive(),
  resultados: z.array(RedeHitSchema),
  filtros: z.array(FiltroSchema).catch([]),
});

export type RedeConsulta = z.infer<typeof RedeConsultaSchema>;

/** What a network search sends: the form's term, options and the selected filters (Z institution and others). */
export type NetworkQuery = Omit<SearchInput, "exibicao"> & { filtro: string[] };

/** One network record (`GET acervo/{id}`): every field, its institution, OAI identifier and home link. */
export const RedeRegistroSchema = z.object({
  cod_registro: int,
  identificador_oai: z.string(),
  titulo: z.string(),
  subtitulo: text,
  autor: text,
  autores_secundarios: strings,
  assuntos: strings,
  notas: strings,
  editora: text,
  local_publicacao: text,
  ano_publicacao: int.nullish().transform((v) => v ?? null),
  edicao: text,
  descricao_fisica: text,
  classificacao: text,
  idioma_desc: text,
  isbn: text,
  issn: text,
  serie: text,
  desc_tipo_obra: text,
  link_online: text,
  link_origem: text,
  instituicao: InstituicaoRefSchema.extend({ cidade: text, local: z.boolean().catch(false) }),
});

export type RedeRegistro = z.infer<typeof RedeRegistroSchema>;
