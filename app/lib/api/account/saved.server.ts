/** Typed calls of the patron's saved searches (the "saved items" of the account menu; /api/pesquisas-salvas). */
import { z } from "zod";
import type { ApiClient } from "../client.server";

const SavedSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  consulta: z.string(),
  created_at: z.string(),
  alerta: z.enum(["diario", "semanal"]).nullable().optional(),
});
export type SavedSearch = z.infer<typeof SavedSchema>;

/** GET /pesquisas-salvas: newest first. */
export function listSavedSearches(api: ApiClient): Promise<SavedSearch[]> {
  return api.get("/pesquisas-salvas", z.array(SavedSchema), { as: "patron" });
}

/** POST /pesquisas-salvas {nome, consulta}: saving the same query again answers the saved one. */
export function saveSearch(api: ApiClient, nome: string, consulta: string): Promise<SavedSearch> {
  return api.send("POST", "/pesquisas-salvas", SavedSchema, { body: { nome, consulta }, as: "patron" });
}

/** DELETE /pesquisas-salvas/{id}. */
export async function deleteSavedSearch(api: ApiClient, id: number): Promise<void> {
  await api.send("DELETE", `/pesquisas-salvas/${id}`, z.unknown(), { as: "patron" });
}
