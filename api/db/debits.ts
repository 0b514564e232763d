/** The patron's debits with the title that caused them (through the loan, when there is one) and their library. */
import type { Db } from "./index.ts";
import { round2 } from "../lib/money.ts";

/** Every debit of `codPessoa` (oldest first), amounts as numbers and `total` = valor_multa − desconto − valor_pago. */
export async function patronDebits(db: Db, codPessoa: number) {
  const rows = await db
    .selectFrom("debito as d")
    .leftJoin("emprestimo as m", "m.cod_emprestimo", "d.cod_emprestimo")
    .leftJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
    .leftJoin("acervo as a", "a.cod_acervo", "e.cod_acervo")
    .leftJoin("biblioteca as b", "b.cod_biblioteca", "d.cod_biblioteca")
    .select([
      "d.cod_debito",
      "d.cod_emprestimo",
      "a.cod_acervo",
      "a.titulo",
      "b.desc_biblioteca as biblioteca",
      "d.cod_biblioteca",
      "d.valor_multa",
      "d.desconto",
      "d.valor_pago",
      "d.data_pagamento",
      "d.tipo_servico",
      "d.motivo",
    ])
    .where("d.cod_pessoa", "=", codPessoa)
    .orderBy("d.cod_debito")
    .execute();
  return rows.map((r) => {
    const valor_multa = Number(r.valor_multa);
    const desconto = Number(r.desconto);
    const valor_pago = Number(r.valor_pago);
    return {
      ...r,
      cod_acervo: r.cod_acervo ?? null,
      titulo: r.titulo ?? null,
      valor_multa,
      desconto,
      valor_pago,
      total: round2(valor_multa - desconto - valor_pago),
    };
  });
}
