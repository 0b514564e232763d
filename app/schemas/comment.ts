import { z } from "zod";
import { COMMENT_MAX_LENGTH } from "../../contract/request-fields";

export { COMMENT_MAX_LENGTH };

/**
 * A comment, on a title or general (spec §5): a library must be chosen and the text must be non-blank after
 * trimming. `redirectTo` brings a no-JS visitor back to the page the form was on.
 */
export const CommentSchema = z.object({
  biblioteca: z.number({ error: "requests:errors.library_required" }).int().positive("requests:errors.library_required"),
  texto: z
    .string({ error: "requests:errors.text_required" })
    .trim()
    .min(1, "requests:errors.text_required")
    .max(COMMENT_MAX_LENGTH, "requests:errors.text_too_long"),
  redirectTo: z.string().optional(),
  /** "modal" when posted from the footer dialog (answered with data instead of a redirect). */
  via: z.enum(["page", "modal"]).default("page"),
});
export type CommentInput = z.infer<typeof CommentSchema>;
