import { z } from "zod";

/** The "join the waiting list" form (ADR 094): a button whose intent is the whole payload. */
export const WaitingListJoinSchema = z.object({
  intent: z.literal("lista-espera", { error: "requests:waiting.unknown_action" }),
});
