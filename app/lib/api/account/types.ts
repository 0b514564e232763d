/** Wire types of the private area's API calls (zod), importable by widgets (no server code). */
import { z } from "zod";

export const RENEWAL_REASONS = ["nao_encontrado", "bloqueado", "debito", "horario", "tipo", "reservado", "limite", "atrasado", "cedo"] as const;
export type RenewalReason = (typeof RENEWAL_REASONS)[number];
/** A reason code this portal does not know yet still shows the API's own words. */
const Reason = z.string();

export const LOAN_KINDS = ["emprestado", "quarentena", "horario", "diario", "reservado", "transito"] as const;

export const CurrentLoanSchema = z.looseObject({
  cod_emprestimo: z.coerce.number(),
  cod_acervo: z.coerce.number().nullish(),
  titulo: z.string().nullish(),
  autor: z.string().nullish(),
  biblioteca: z.string().nullish(),
  data_emprestimo: z.string().nullish(),
  data_devolucao_prevista: z.string().nullish(),
  renovacoes: z.coerce.number().nullish(),
  limite_renovacoes: z.coerce.number().nullish(),
  atrasado: z.boolean().nullish(),
  tipo: z.string().nullish(),
  renovavel: z.boolean().nullish(),
  motivo: Reason.nullish(),
  motivo_mensagem: z.string().nullish(),
});
export type CurrentLoan = z.infer<typeof CurrentLoanSchema>;

export const RenewalResultSchema = z.object({
  resultados: z.array(
    z.looseObject({
      cod_emprestimo: z.coerce.number(),
      titulo: z.string().nullish(),
      renovado: z.boolean(),
      data_devolucao_prevista: z.string().nullish(),
      motivo: Reason.nullish(),
      motivo_mensagem: z.string().nullish(),
    }),
  ),
  renovados: z.coerce.number(),
  total: z.coerce.number(),
});
export type RenewalResult = z.infer<typeof RenewalResultSchema>;

export const LoanHistorySchema = z.object({
  total: z.coerce.number(),
  pagina: z.coerce.number(),
  qtd: z.coerce.number(),
  itens: z.array(
    z.looseObject({
      cod_emprestimo: z.coerce.number(),
      cod_acervo: z.coerce.number().nullish(),
      titulo: z.string().nullish(),
      autor: z.string().nullish(),
      biblioteca: z.string().nullish(),
      tipo: z.string().nullish(),
      data_emprestimo: z.string().nullish(),
      data_devolucao_prevista: z.string().nullish(),
      data_devolucao: z.string().nullish(),
      renovacoes: z.coerce.number().nullish(),
      multa: z.coerce.number().nullish(),
    }),
  ),
});
export type LoanHistory = z.infer<typeof LoanHistorySchema>;

export const FeedSchema = z.object({ token: z.string().nullable(), criado_em: z.string().nullable() });
export const LoanTokenSchema = z.object({ token: z.string().nullable(), valido_ate: z.string().nullable() });
export type LoanToken = z.infer<typeof LoanTokenSchema>;

export const AlertSchema = z.looseObject({
  id: z.coerce.number(),
  tipo: z.string(),
  dados: z.record(z.string(), z.unknown()).nullish(),
  mensagem: z.string(),
  lido: z.boolean(),
  created_at: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;
export const AlertsSchema = z.object({ nao_lidos: z.coerce.number(), alertas: z.array(AlertSchema) });
