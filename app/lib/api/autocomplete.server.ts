/** The search box's suggestions (`GET /api/consulta/autocompletar`, an Estante extension of the API). */
import { z } from "zod";
import type { ApiClient } from "./client.server";

export const AutocompleteSchema = z.object({
  sugestoes: z.array(z.object({ tipo: z.enum(["titulo", "autor", "assunto"]), valor: z.string(), total: z.number().int().nonnegative() })),
});
export type Autocomplete = z.infer<typeof AutocompleteSchema>;

/** Titles, authors and subjects whose heading starts with `termo` (the free field all three; a field search its own kind). */
export function getAutocomplete(api: ApiClient, termo: string, tipo: string, qtd = 8): Promise<Autocomplete> {
  return api.get("/consulta/autocompletar", AutocompleteSchema, { query: { termo, tipo, qtd }, as: "public" });
}
