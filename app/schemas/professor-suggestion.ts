import { z } from "zod";
import { BIBLIOGRAPHY_TYPES, MAX_COPIES } from "../../contract/professor-suggestion";
import { SuggestionSchema } from "./suggestion";

export { MAX_COPIES };

/**
 * A professor's purchase suggestion (spec §6, ADR 195): the patron's suggestion plus one of the professor's teaching
 * plans (course and discipline), the bibliography it is for (basic or complementary), the copies and a justification.
 */
export const ProfessorSuggestionSchema = SuggestionSchema.extend({
  plano: z.number({ error: "requests:suggestion.professor.errors.plano" }).int().positive("requests:suggestion.professor.errors.plano"),
  tipo_bibliografia: z.enum(BIBLIOGRAPHY_TYPES, { error: "requests:suggestion.professor.errors.tipo_bibliografia" }),
  exemplares: z
    .number({ error: "requests:suggestion.professor.errors.exemplares" })
    .int("requests:suggestion.professor.errors.exemplares")
    .min(1, "requests:suggestion.professor.errors.exemplares")
    .max(MAX_COPIES, "requests:suggestion.professor.errors.exemplares"),
  justificativa: z.string().trim().max(2000, "requests:errors.too_long").optional(),
});
export type ProfessorSuggestionInput = z.infer<typeof ProfessorSuggestionSchema>;
