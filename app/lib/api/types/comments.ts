/** The wire shapes of `comments.server.ts`'s calls (zod schemas and their types): what the widgets may import. */
import { z } from "zod";
import type { SubmissionResult } from "@conform-to/react";
import { type ErrorMessage } from "../errors";
import { type Unit } from "./requests";

export const CommentViewSchema = z.object({
  cod_comentario: z.number().int(),
  texto: z.string(),
  data_envio: z.string(),
  autor: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  biblioteca: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  situacao: z.string().transform((v) => (v === "aprovado" ? "aprovado" : "aguardando")),
  proprio: z.boolean().catch(false),
});

export type Comment = z.infer<typeof CommentViewSchema>;

export const PostedSchema = z.object({ cod_comentario: z.number().int(), situacao: z.string() });

/** What the title page's comments section renders: the comments and the libraries to choose from. */
export interface CommentsSectionData {
  comments: Comment[];
  libraries: Unit[];
}

/** What a comment action answers on a refused submission (status 400) or, for the footer dialog, on success. */
export interface CommentActionData {
  result: SubmissionResult<string[]> | null;
  formError: ErrorMessage | null;
  ok?: boolean;
}
