/** The patron-list forms' schemas (ADR 246), shared by the screens' actions; bounds from contract/lists.ts. */
import { z } from "zod";
import { MAX_LIST_NAME, MAX_LIST_NOTE } from "../../../contract/lists";

/** A list's name: required, at most MAX_LIST_NAME characters once trimmed. */
export const ListNameSchema = z.object({
  nome: z
    .string()
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, "lists:errors.name_required").max(MAX_LIST_NAME, "lists:errors.name_long")),
});

/** An item's note: optional, at most MAX_LIST_NOTE characters. */
export const ListNoteSchema = z.object({
  nota: z
    .string()
    .transform((v) => v.replace(/\r\n/g, "\n").trim())
    .pipe(z.string().max(MAX_LIST_NOTE, "lists:errors.note_long")),
});

/** Adding a title: the list (its id or "padrao") and an optional note. */
export const AddToListSchema = z.object({
  lista: z.string().regex(/^(padrao|[1-9]\d{0,14})$/, "lists:errors.list_required"),
  nota: ListNoteSchema.shape.nota,
});

/** The first message key of a failed parse for each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_");
    out[key] ??= issue.message;
  }
  return out;
}
