/** The words of the /api/aquisicao group, per language. */
import type { Lang } from "../../lib/messages.ts";

const MESSAGES = {
  data_invalida: { pt: "Data inválida.", es: "Fecha no válida.", en: "Invalid date." },
} satisfies Record<string, Record<Lang, string>>;

export const say = (lang: Lang, key: keyof typeof MESSAGES) => MESSAGES[key][lang];

/** The acquisition statistics' date filters (GET /aquisicao/estatisticas: dataIni, dataFim). */
export const PERIOD_MESSAGES = {
  data_invalida: { pt: "Informe uma data válida.", es: "Indique una fecha válida.", en: "Enter a valid date." },
  data_inicial_ausente: { pt: "Informe a data inicial.", es: "Indique la fecha inicial.", en: "Enter the start date." },
  data_final_ausente: { pt: "Informe a data final.", es: "Indique la fecha final.", en: "Enter the end date." },
  // The portal's own words for the same rule (spec §5 date filters).
  inicio_depois_do_fim: {
    pt: "A data inicial não pode ser posterior à data final.",
    es: "La fecha inicial no puede ser posterior a la fecha final.",
    en: "The start date cannot be after the end date.",
  },
} satisfies Record<string, Record<Lang, string>>;
