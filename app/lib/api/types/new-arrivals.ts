/** The wire shapes of `new-arrivals.server.ts`'s calls (zod schemas and their types): what the widgets may import. */
import { z } from "zod";

export const text = z
  .string()
  .nullish()
  .transform((v) => (v == null || v.trim() === "" ? null : v));

export const NewArrivalSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  subtitulo: text,
  autor: text,
  ano_publicacao: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null),
  link_capa: text,
  idioma: text,
  /** YYYY-MM-DD: the day the title's first copy came in. */
  chegada: z.string(),
});

export type NewArrival = z.infer<typeof NewArrivalSchema>;

export const NewArrivalsSchema = z.object({ resultados: z.array(NewArrivalSchema) });

/** A library of the new arrivals' filter: its id and name. */
export interface ArrivalLibrary {
  cod: number;
  nome: string;
}
