/** The catalogue's new arrivals (`GET /api/estante/novidades`, an Estante extension of the API; ADR 255). */
import { z } from "zod";
import type { ApiClient } from "./client.server";

const text = z
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

/** The `qtd` titles whose first copy (in `biblioteca`, when given) came in last, newest first. */
export async function getNewArrivals(api: ApiClient, q: { biblioteca?: number; qtd?: number } = {}): Promise<NewArrival[]> {
  const query: Record<string, number> = {};
  if (q.biblioteca) query.biblioteca = q.biblioteca;
  if (q.qtd) query.qtd = q.qtd;
  return (await api.get("/estante/novidades", NewArrivalsSchema, { query, as: "public" })).resultados;
}
