/** Storage of GRU payment slips (table `gru`, ADR 126): issue, the patron's view and list, the library's payment. */
import type { Db } from "./index.ts";
import { parseJsonArray } from "../lib/http.ts";
import { round2 } from "../lib/money.ts";

/** The institution's name, acronym and parameters (JSON text) a slip names. Throws before the first start. */
export function gruInstitution(db: Db) {
  return db.selectFrom("instituicao").select(["nome", "sigla", "parametros"]).orderBy("cod_empresa").executeTakeFirstOrThrow();
}

/** The patron's CPF and name. Throws for an unknown patron. */
export function gruPatron(db: Db, codPessoa: number) {
  return db.selectFrom("pessoa").select(["cpf", "nome_pessoa"]).where("cod_pessoa", "=", codPessoa).executeTakeFirstOrThrow();
}

/** The patron's open (issued, unpaid) slip for exactly these debits (`debitos`: their sorted ids as JSON). */
export function openGruFor(db: Db, codPessoa: number, debitos: string) {
  return db
    .selectFrom("gru")
    .select("cod_gru")
    .where("cod_pessoa", "=", codPessoa)
    .where("situacao", "=", "emitida")
    .where("debitos", "=", debitos)
    .executeTakeFirst();
}

/** Stores a new slip; returns its code. A reference number already used fails on the unique index. */
export function insertGru(
  db: Db,
  row: { cod_pessoa: number; cod_biblioteca: number; valor: number; debitos: string; numero_referencia: string; vencimento: string; pix: string },
) {
  return db.insertInto("gru").values(row).returning("cod_gru").executeTakeFirstOrThrow();
}

/** One of the patron's slips with its library's name and the patron's name and CPF; undefined when not theirs. */
export function patronGru(db: Db, codPessoa: number, codGru: number) {
  return db
    .selectFrom("gru as g")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "g.cod_biblioteca")
    .innerJoin("pessoa as p", "p.cod_pessoa", "g.cod_pessoa")
    .select([
      "g.cod_gru",
      "g.cod_biblioteca",
      "b.desc_biblioteca as biblioteca",
      "g.valor",
      "g.debitos",
      "g.numero_referencia",
      "g.vencimento",
      "g.pix",
      "g.situacao",
      "g.data_pagamento",
      "g.created_at",
      "p.nome_pessoa",
      "p.cpf",
    ])
    .where("g.cod_gru", "=", codGru)
    .where("g.cod_pessoa", "=", codPessoa)
    .executeTakeFirst();
}

/** The debits of a slip (by id), each with the title that caused it. */
export function gruDebits(db: Db, ids: number[]) {
  return db
    .selectFrom("debito as d")
    .leftJoin("emprestimo as m", "m.cod_emprestimo", "d.cod_emprestimo")
    .leftJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
    .leftJoin("acervo as a", "a.cod_acervo", "e.cod_acervo")
    .select(["d.cod_debito", "d.motivo", "d.tipo_servico", "a.titulo", "d.valor_multa", "d.desconto"])
    .where("d.cod_debito", "in", ids)
    .orderBy("d.cod_debito")
    .execute();
}

/** The patron's slips, the latest first (at most `limit`). */
export function patronGrus(db: Db, codPessoa: number, limit: number) {
  return db
    .selectFrom("gru as g")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "g.cod_biblioteca")
    .select([
      "g.cod_gru",
      "g.cod_biblioteca",
      "b.desc_biblioteca as biblioteca",
      "g.valor",
      "g.numero_referencia",
      "g.vencimento",
      "g.situacao",
      "g.data_pagamento",
      "g.created_at",
    ])
    .where("g.cod_pessoa", "=", codPessoa)
    .orderBy("g.cod_gru", "desc")
    .limit(limit)
    .execute();
}

/**
 * Marks a slip paid and settles its debits, in one transaction. Null when there is no such slip; `alreadyPaid`
 * when it was paid before (only the update that moves it from emitida settles the debits).
 */
export function markGruPaidAndSettleDebits(db: Db, codGru: number, now: string): Promise<{ cod_pessoa: number; alreadyPaid: boolean } | null> {
  return db.transaction().execute(async (trx) => {
    const g = await trx.selectFrom("gru").select(["cod_pessoa", "debitos"]).where("cod_gru", "=", codGru).executeTakeFirst();
    if (!g) return null;
    // Only the update that moves the slip from emitida settles the debits, so parallel confirmations settle once.
    const res = await trx
      .updateTable("gru")
      .set({ situacao: "paga", data_pagamento: now })
      .where("cod_gru", "=", codGru)
      .where("situacao", "=", "emitida")
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return { cod_pessoa: g.cod_pessoa, alreadyPaid: true };
    for (const id of parseJsonArray<number>(g.debitos)) {
      const d = await trx.selectFrom("debito").select(["valor_multa", "desconto"]).where("cod_debito", "=", id).executeTakeFirst();
      if (d)
        await trx
          .updateTable("debito")
          .set({ valor_pago: round2(Number(d.valor_multa) - Number(d.desconto)), data_pagamento: now })
          .where("cod_debito", "=", id)
          .execute();
    }
    return { cod_pessoa: g.cod_pessoa, alreadyPaid: false };
  });
}
