import { z } from "zod";

/** The search history page's form: its only action is to clear the history. */
export const HistoryActionSchema = z.object({
  intent: z.literal("clear", { error: "history:errors.unknown_action" }),
});
