import { z } from "zod";
import { SuggestionSchema } from "./suggestion";

/** The most copies a professor's suggestion may ask for (the API's limit, ADR 195). */
export const MAX_COPIES = 100;

/**
 * A professor's purchase suggestion (spec §6, ADR 195): the patron's suggestion plus one of the professor's teaching
 * plans (course and discipline), the bibliography it is for (basic or complementary), the copies and a justification.
 */
export const ProfessorSuggestionSchema = SuggestionSchema.extend({
  plano: z.number({ error: "requests:suggestion.professor.errors.plano" }).int().positive("requests:suggestion.professor.errors.plano"),
  tipo_bibliografia: z.enum(["B", "C"], { error: "requests:suggestion.professor.errors.tipo_bibliografia" }),
  exemplares: z
    .number({ error: "requests:suggestion.professor.errors.exemplares" })
    .int("requests:suggestion.professor.errors.exemplares")
    .min(1, "requests:suggestion.professor.errors.exemplares")
    .max(MAX_COPIES, "requests:suggestion.professor.errors.exemplares"),
  justificativa: z.string().trim().max(2000, "requests:errors.too_long").optional(),
});
export type ProfessorSuggestionInput = z.infer<typeof ProfessorSuggestionSchema>;
