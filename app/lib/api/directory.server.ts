/**
 * Typed calls of the institution's directory (spec §7 Consulta: `GET /bibliotecas`, `/campus`), parsed with zod
 * (docs/api.md, ADR 180).
 */
import { z } from "zod";
import type { ApiClient } from "./client.server";

const text = z
  .string()
  .nullish()
  .transform((v) => (v == null || v.trim() === "" ? null : v));
const int = z.number().int();

export const HorarioSchema = z.object({ dia: int.min(1).max(7), abertura: text, fechamento: text });

/** One library of `GET /bibliotecas`: campus, contacts and opening hours (Monday..Sunday). */
export const BibliotecaSchema = z.object({
  cod_biblioteca: int,
  desc_biblioteca: z.string(),
  sigla: z.string(),
  cod_campus: int,
  nome_campus: z.string(),
  email: text,
  telefone: text,
  endereco: text,
  horarios: z.array(HorarioSchema).catch([]),
});
export type Biblioteca = z.infer<typeof BibliotecaSchema>;

const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ total: int.nonnegative(), pagina: int.positive(), qtd: int.positive(), resultados: z.array(item) });
export const BibliotecasPageSchema = page(BibliotecaSchema);
export type BibliotecasPage = z.infer<typeof BibliotecasPageSchema>;

export const CampusSchema = z.object({ cod_campus: int, nome_campus: z.string(), bibliotecas: int.nonnegative().catch(0) });
export type Campus = z.infer<typeof CampusSchema>;
export const CampusPageSchema = page(CampusSchema);

/** A page of libraries, optionally of one campus or whose name contains the text. */
export function listLibraries(api: ApiClient, q: { search_text?: string; page?: number; codCampus?: number } = {}): Promise<BibliotecasPage> {
  const params = new URLSearchParams();
  if (q.search_text) params.set("search_text", q.search_text);
  if (q.page && q.page > 1) params.set("page", String(q.page));
  if (q.codCampus) params.set("codCampus", String(q.codCampus));
  const qs = params.toString();
  return api.get(`/bibliotecas${qs ? `?${qs}` : ""}`, BibliotecasPageSchema);
}

/** The campuses (first page: institutions have few). */
export async function listCampuses(api: ApiClient): Promise<Campus[]> {
  return (await api.get("/campus", CampusPageSchema)).resultados;
}
