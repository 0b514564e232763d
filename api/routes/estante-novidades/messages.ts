/** The words of the new-arrivals feed's refusals (`/api/estante/novidades`), by `lang`. */
import type { Lang } from "../../lib/messages.ts";

/** The library asked for does not exist. */
export const UNKNOWN_LIBRARY = {
  pt: "Esta biblioteca não existe.",
  es: "Esta biblioteca no existe.",
  en: "This library does not exist.",
} satisfies Record<Lang, string>;
