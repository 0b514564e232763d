/** Wire types of the patron lists (docs/api.md "Listas"), importable by components. */
import { z } from "zod";

export const ListSchema = z.object({
  cod_lista: z.number().int().nullable(),
  nome: z.string(),
  padrao: z.boolean(),
  publica: z.boolean(),
  token_publico: z.string().nullable(),
  itens: z.number().int(),
  atualizada_em: z.string().nullable(),
});
export type PatronList = z.infer<typeof ListSchema>;

export const ListItemSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  ano_publicacao: z.number().int().nullable(),
  desc_tipo_obra: z.string().nullable(),
  idioma: z.string().nullable().catch(null).default(null),
  nota: z.string().nullable(),
  data_inclusao: z.string(),
});
export type PatronListItem = z.infer<typeof ListItemSchema>;
/** A title of a public list: as in the patron's own, without the date it was added. */
export const PublicListItemSchema = ListItemSchema.omit({ data_inclusao: true });

/** A list's reference in a URL: its id, or "padrao" for the default list. */
export const listRef = (l: Pick<PatronList, "cod_lista" | "padrao">): string => (l.padrao ? "padrao" : String(l.cod_lista));
