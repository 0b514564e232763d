import type { Lang } from "../lib/messages.ts";

/** The 14 purchase-suggestion statuses of spec §3, in the spec's order (codes stored in sugestao_aquisicao.situacao). */
export const SUGGESTION_STATUSES: ReadonlyArray<{ codigo: string; descricao: Record<Lang, string> }> = [
  { codigo: "aguardando_entrega", descricao: { pt: "Aguardando entrega", es: "Esperando entrega", en: "Awaiting delivery" } },
  { codigo: "atendida", descricao: { pt: "Atendida", es: "Atendida", en: "Attended" } },
  { codigo: "cancelada", descricao: { pt: "Cancelada", es: "Cancelada", en: "Cancelled" } },
  { codigo: "duplicada", descricao: { pt: "Duplicada", es: "Duplicada", en: "Duplicated" } },
  { codigo: "em_cotacao", descricao: { pt: "Em cotação", es: "En cotización", en: "In quotation" } },
  { codigo: "esgotada", descricao: { pt: "Esgotada", es: "Agotada", en: "Exhausted" } },
  { codigo: "finalizada_incompleta", descricao: { pt: "Finalizada/incompleta", es: "Finalizada/incompleta", en: "Finished/incomplete" } },
  { codigo: "ja_existe", descricao: { pt: "Já existe", es: "Ya existe", en: "Already exists" } },
  { codigo: "nao_atendida", descricao: { pt: "Não atendida", es: "No atendida", en: "Not attended" } },
  { codigo: "nao_encontrada", descricao: { pt: "Não encontrada", es: "No encontrada", en: "Not found" } },
  { codigo: "parcialmente_atendida", descricao: { pt: "Parcialmente atendida", es: "Parcialmente atendida", en: "Partially attended" } },
  { codigo: "pregao_leilao", descricao: { pt: "Pregão/leilão", es: "Subasta/licitación", en: "Trading/auction" } },
  { codigo: "pre_sugestao", descricao: { pt: "Pré-sugestão", es: "Presugerencia", en: "Pre-suggestion" } },
  { codigo: "sugestao_compra", descricao: { pt: "Sugestão de compra", es: "Sugerencia de compra", en: "Purchase suggestion" } },
];
