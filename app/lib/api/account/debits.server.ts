/** Typed calls of the patron's debits and GRU payment slips (spec §7 "GET debitos-pendentes", "POST /gru"; ADR 126). */
import { z } from "zod";
import type { ApiClient } from "../client.server";

const money = z.coerce.number().catch(0);
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

const DebitSchema = z.object({
  cod_debito: z.number().int(),
  cod_acervo: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null),
  titulo: text,
  biblioteca: text,
  cod_biblioteca: z
    .number()
    .int()
    .nullish()
    .transform((v) => v ?? null),
  valor_multa: money,
  desconto: money,
  valor_pago: money,
  data_pagamento: text,
  tipo_servico: z.string().catch(""),
  motivo: z.string().catch(""),
  total: money,
});
export type Debit = z.infer<typeof DebitSchema>;

/** GET /emprestimo/debitos-pendentes: every field of spec §3 "Debit" and the total. */
export function listDebits(api: ApiClient): Promise<{ debitos: Debit[]; total: number }> {
  return api.get("/emprestimo/debitos-pendentes", z.object({ debitos: z.array(DebitSchema), total: money }), { as: "patron" });
}

/** GET /emprestimo/debitos-pagos (Estante): the debits with nothing left to pay, the latest payment first. */
export function listPaidDebits(api: ApiClient): Promise<{ debitos: Debit[]; total: number }> {
  return api.get("/emprestimo/debitos-pagos", z.object({ debitos: z.array(DebitSchema), total: money }), { as: "patron" });
}

const SlipSummarySchema = z.object({
  cod_gru: z.number().int(),
  biblioteca: z.string(),
  numero_referencia: z.string(),
  vencimento: z.string(),
  valor: money,
  situacao: z.enum(["emitida", "paga"]).catch("emitida"),
  data_pagamento: text,
  created_at: z.string(),
});
export type SlipSummary = z.infer<typeof SlipSummarySchema>;

/** GET /gru (Estante): the patron's slips, issued and paid, the latest first. */
export function listSlips(api: ApiClient): Promise<SlipSummary[]> {
  return api.get("/gru", z.object({ guias: z.array(SlipSummarySchema) }), { as: "patron" }).then((r) => r.guias);
}

const GruSchema = z.object({
  cod_gru: z.number().int(),
  biblioteca: z.string(),
  beneficiario: z.string(),
  codigo_recolhimento: z.string(),
  numero_referencia: z.string(),
  competencia: z.string(),
  vencimento: z.string(),
  valor: money,
  pix: z.string(),
  /** The FEBRABAN arrecadação barcode (44 digits) and its linha digitável (48); ADR 220. */
  codigo_barras: z.string().regex(/^\d{44}$/),
  linha_digitavel: z.string().regex(/^\d{48}$/),
  situacao: z.enum(["emitida", "paga"]).catch("emitida"),
  data_pagamento: text,
  created_at: z.string(),
  contribuinte: z.object({ nome: z.string(), cpf: z.string() }),
  debitos: z.array(z.object({ cod_debito: z.number().int(), motivo: z.string(), tipo_servico: z.string(), titulo: text, valor: money })),
});
export type Gru = z.infer<typeof GruSchema>;

/** POST /gru {valor, codBiblioteca, debitos}: issues (or answers the open) slip. Throws ApiError 422 `sem_cpf`… */
export function issueGru(api: ApiClient, body: { valor: number; codBiblioteca: number; debitos: number[] }): Promise<Gru> {
  return api.send("POST", "/gru", GruSchema, { body, as: "patron" });
}

/** GET /gru/{id}: one of the patron's slips. */
export function getGru(api: ApiClient, id: number): Promise<Gru> {
  return api.get(`/gru/${id}`, GruSchema, { as: "patron" });
}
