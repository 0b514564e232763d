/** Typed calls for the private area's summary (docs/api.md "Emprestimo / reserva"). */
import { z } from "zod";
import type { ApiClient } from "./client.server";

export const LoanSchema = z.looseObject({
  cod_emprestimo: z.coerce.number(),
  cod_acervo: z.coerce.number().nullish(),
  titulo: z.string().nullish(),
  // MARC language code of the title, for its lang (an Estante addition: another backend may not send it).
  idioma: z.string().nullish(),
  biblioteca: z.string().nullish(),
  data_emprestimo: z.string().nullish(),
  data_devolucao_prevista: z.string().nullish(),
  renovacoes: z.coerce.number().nullish(),
  tipo: z.string().nullish(),
});
export type Loan = z.infer<typeof LoanSchema>;

export const HoldSchema = z.looseObject({
  cod_reserva: z.coerce.number(),
  cod_acervo: z.coerce.number().nullish(),
  titulo: z.string().nullish(),
  // MARC language code of the title, for its lang (an Estante addition: another backend may not send it).
  idioma: z.string().nullish(),
  biblioteca: z.string().nullish(),
  posicao: z.coerce.number().nullish(),
  situacao: z.string().nullish(),
  data_reserva: z.string().nullish(),
  data_liberacao: z.string().nullish(),
});
export type Hold = z.infer<typeof HoldSchema>;

export const DebitsSchema = z.object({
  debitos: z.array(
    z.looseObject({
      cod_debito: z.coerce.number(),
      valor_multa: z.coerce.number().nullish(),
      desconto: z.coerce.number().nullish(),
      valor_pago: z.coerce.number().nullish(),
      data_pagamento: z.string().nullish(),
      tipo_servico: z.string().nullish(),
      motivo: z.string().nullish(),
      total: z.coerce.number().nullish(),
    }),
  ),
  total: z.coerce.number(),
});
export type Debits = z.infer<typeof DebitsSchema>;

/** GET /emprestimo/titulos-pendentes: the patron's current loans. */
export function getLoans(api: ApiClient): Promise<Loan[]> {
  return api.get("/emprestimo/titulos-pendentes", z.array(LoanSchema), { as: "patron" });
}

/** GET /reserva: the patron's holds. */
export function getHolds(api: ApiClient): Promise<Hold[]> {
  return api.get("/reserva", z.array(HoldSchema), { as: "patron" });
}

/** GET /emprestimo/debitos-pendentes: the patron's debits and their total. */
export function getDebits(api: ApiClient): Promise<Debits> {
  return api.get("/emprestimo/debitos-pendentes", DebitsSchema, { as: "patron" });
}

export const RenewalSchema = z.looseObject({
  validade_cadastro: z.string().nullable(),
  dias_restantes: z.coerce.number().nullable(),
  renovar: z.boolean(),
});
export type Renewal = z.infer<typeof RenewalSchema>;

/** GET /pessoas/renovar: when the patron's registration expires and whether it is due for renewal. */
export function getRenewal(api: ApiClient): Promise<Renewal> {
  return api.get("/pessoas/renovar", RenewalSchema, { as: "patron" });
}
