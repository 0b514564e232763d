/** Typed calls of the patron's own comments by title (spec §7 "Comentarios": usuario/acervos, usuario/acervo/{id}). */
import { z } from "zod";
import type { ApiClient } from "../client.server";
import { MyCommentSchema, type MyComment } from "./types";

const CommentedTitleSchema = z.object({
  cod_acervo: z.number().int(),
  titulo: z.string(),
  autor: z.string().nullable(),
  total: z.coerce.number(),
  ultimo_envio: z.string(),
});
export type CommentedTitle = z.infer<typeof CommentedTitleSchema>;

/** GET /comentarios/usuario/acervos: the titles the patron commented on, latest first. */
export function getMyCommentedTitles(api: ApiClient): Promise<CommentedTitle[]> {
  return api.get("/comentarios/usuario/acervos", z.array(CommentedTitleSchema), { as: "patron" });
}

/** GET /comentarios/usuario/acervo/{id}: the patron's comments on one title with their moderation status. */
export function getMyCommentsOnTitle(api: ApiClient, codAcervo: number): Promise<MyComment[]> {
  return api.get(`/comentarios/usuario/acervo/${codAcervo}`, z.array(MyCommentSchema), { as: "patron" });
}
