/** The words of the notification settings' refusals (`/api/estante`), by `lang`. */
import type { Lang } from "../../lib/messages.ts";

/** An unsubscribe link whose token does not verify. */
export const BAD_TOKEN = {
  pt: "Este link de descadastro não é válido. Ajuste seus avisos em Meu Estante, Notificações.",
  es: "Este enlace para darse de baja no es válido. Ajuste sus avisos en Mi Estante, Notificaciones.",
  en: "This unsubscribe link is not valid. Change your notices in My Estante, Notifications.",
} satisfies Record<Lang, string>;
