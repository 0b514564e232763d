/** The words of the /api/aquisicao group, per language. */
import type { Lang } from "../../lib/messages.ts";

const MESSAGES = {
  data_invalida: { pt: "Data inválida.", es: "Fecha no válida.", en: "Invalid date." },
} satisfies Record<string, Record<Lang, string>>;

export const say = (lang: Lang, key: keyof typeof MESSAGES) => MESSAGES[key][lang];
