import { z } from "zod";
import { isIsbnOrIssn } from "../../contract/request-fields";

const optional = (max: number) => z.string().trim().max(max, "requests:errors.too_long").optional();

/**
 * The purchase suggestion (spec §3 fields, §5): library, titulo and editor are required (editor trimmed); the
 * message names the field ("required field not filled: Title").
 */
export const SuggestionSchema = z.object({
  campus: z.number().int().positive().optional(),
  biblioteca: z.number({ error: "requests:suggestion.errors.biblioteca" }).int().positive("requests:suggestion.errors.biblioteca"),
  autor: optional(300),
  titulo: z
    .string({ error: "requests:suggestion.errors.titulo" })
    .trim()
    .min(1, "requests:suggestion.errors.titulo")
    .max(500, "requests:errors.too_long"),
  edicao: optional(100),
  editor: z
    .string({ error: "requests:suggestion.errors.editor" })
    .trim()
    .min(1, "requests:suggestion.errors.editor")
    .max(300, "requests:errors.too_long"),
  // Optional, but when given a real ISBN or ISSN (its check digit): "xyz!!" would reach the library as a clue.
  isbn_issn: optional(40).refine((v) => !v || isIsbnOrIssn(v), "requests:suggestion.errors.isbn_issn"),
  periodico: optional(300),
  outras_inf: optional(2000),
  via: z.enum(["page", "modal"]).default("page"),
});
export type SuggestionInput = z.infer<typeof SuggestionSchema>;
