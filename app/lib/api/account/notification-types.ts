/** Wire types of the notification choices, unsubscribe and the loan-history choice (docs/api.md; ADRs 248, 249). */
import { z } from "zod";
import { HISTORY_CHOICES, NOTIFICATION_EVENTS, SAVED_SEARCH_FREQUENCIES } from "../../../../contract/notifications";

export const EventChoiceSchema = z.object({
  evento: z.enum(NOTIFICATION_EVENTS),
  email: z.boolean(),
  app: z.boolean(),
  dias: z.number().int().optional(),
});
export type EventChoice = z.infer<typeof EventChoiceSchema>;
export const PreferencesSchema = z.object({ eventos: z.array(EventChoiceSchema) });
export const UnsubscribeSchema = z.object({ evento: z.enum(NOTIFICATION_EVENTS).optional(), pesquisa: z.string().optional() });
export type UnsubscribeTarget = z.infer<typeof UnsubscribeSchema>;
export const SavedAlertSchema = z.object({ id: z.number().int(), alerta: z.enum(SAVED_SEARCH_FREQUENCIES).nullable() });
export const HistoryModeSchema = z.object({ modo: z.enum(HISTORY_CHOICES), dias_padrao: z.number().int(), total: z.number().int() });
export type HistoryMode = z.infer<typeof HistoryModeSchema>;
