/** The words of the /api/aquisicao group, per language. */
import type { AcquisitionMode } from "../../domain/acquisition-statistics.ts";
import type { SuggestionStatus } from "../../domain/suggestion-statuses.ts";
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

/** A purchase suggestion's status, in words (GET /aquisicao/sugestoes/situacoes and the statistics). */
export const SUGGESTION_STATUS_WORDS: Record<SuggestionStatus, Record<Lang, string>> = {
  aguardando_entrega: { pt: "Aguardando entrega", es: "Esperando entrega", en: "Awaiting delivery" },
  atendida: { pt: "Atendida", es: "Atendida", en: "Attended" },
  cancelada: { pt: "Cancelada", es: "Cancelada", en: "Cancelled" },
  duplicada: { pt: "Duplicada", es: "Duplicada", en: "Duplicated" },
  em_cotacao: { pt: "Em cotação", es: "En cotización", en: "In quotation" },
  esgotada: { pt: "Esgotada", es: "Agotada", en: "Exhausted" },
  finalizada_incompleta: { pt: "Finalizada/incompleta", es: "Finalizada/incompleta", en: "Finished/incomplete" },
  ja_existe: { pt: "Já existe", es: "Ya existe", en: "Already exists" },
  nao_atendida: { pt: "Não atendida", es: "No atendida", en: "Not attended" },
  nao_encontrada: { pt: "Não encontrada", es: "No encontrada", en: "Not found" },
  parcialmente_atendida: { pt: "Parcialmente atendida", es: "Parcialmente atendida", en: "Partially attended" },
  pregao_leilao: { pt: "Pregão/leilão", es: "Subasta/licitación", en: "Trading/auction" },
  pre_sugestao: { pt: "Pré-sugestão", es: "Presugerencia", en: "Pre-suggestion" },
  sugestao_compra: { pt: "Sugestão de compra", es: "Sugerencia de compra", en: "Purchase suggestion" },
};

/** How a copy was acquired, in words (GET /aquisicao/estatisticas). */
export const ACQUISITION_MODE_WORDS: Record<AcquisitionMode, Record<Lang, string>> = {
  compra: { pt: "Compra", es: "Compra", en: "Purchase" },
  doacao: { pt: "Doação", es: "Donación", en: "Donation" },
  permuta: { pt: "Permuta", es: "Canje", en: "Exchange" },
  nao_informada: { pt: "Não informada", es: "No informada", en: "Not recorded" },
};
