/** The statuses of a purchase suggestion (spec §7 "Aquisicao"), in the spec's order; their words are the route's (api/routes/aquisicao/messages.ts). */
export const SUGGESTION_STATUSES = [
  "aguardando_entrega",
  "atendida",
  "cancelada",
  "duplicada",
  "em_cotacao",
  "esgotada",
  "finalizada_incompleta",
  "ja_existe",
  "nao_atendida",
  "nao_encontrada",
  "parcialmente_atendida",
  "pregao_leilao",
  "pre_sugestao",
  "sugestao_compra",
] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];
