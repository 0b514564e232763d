/** Loans storage: the queries of the loans self-service (current loans, renewal facts, history). */
import { sql } from "kysely";
import type { Db } from "./index.ts";

/** Hold states that queue for a title (someone is waiting for it). */
export const WAITING_HOLD_STATES = ["ativa", "disponivel"] as const;

/** A current loan with everything the renewal rules need. */
export interface LoanFacts {
  cod_emprestimo: number;
  cod_acervo: number;
  cod_exemplar: number;
  titulo: string;
  autor: string | null;
  /** MARC language code of the title. */
  idioma: string | null;
  biblioteca: string;
  cod_biblioteca: number;
  tipo: string;
  data_emprestimo: string;
  data_devolucao_prevista: string;
  renovacoes: number;
  limite_renovacoes: number;
  renovacao_dias: number;
  renova_atrasado: number;
  /** Active holds on the title by other patrons. */
  reservas_outros: number;
}

/** The patron facts the renewal rules need. */
export interface PatronFacts {
  bloqueado: boolean;
  limite_debito: number;
  debito_aberto: number;
}

/** The patron's current (not returned) loans, by due date, with their renewal facts. */
export async function currentLoans(db: Db, codPessoa: number, only?: number[]): Promise<LoanFacts[]> {
  let q = db
    .selectFrom("emprestimo as m")
    .innerJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
    .innerJoin("acervo as a", "a.cod_acervo", "e.cod_acervo")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "m.cod_biblioteca")
    .innerJoin("pessoa as p", "p.cod_pessoa", "m.cod_pessoa")
    .innerJoin("categoria as k", "k.cod_categoria", "p.cod_categoria")
    .select([
      "m.cod_emprestimo",
      "a.cod_acervo",
      "e.cod_exemplar",
      "a.titulo",
      "a.autor",
      "a.idioma",
      "b.desc_biblioteca as biblioteca",
      "b.cod_biblioteca",
      "m.tipo",
      "m.data_emprestimo",
      "m.data_devolucao_prevista",
      "m.renovacoes",
      "k.limite_renovacoes",
      "k.renovacao_dias",
      "k.renova_atrasado",
      sql<number>`(SELECT count(*) FROM reserva r WHERE r.cod_acervo = a.cod_acervo AND r.cod_pessoa <> m.cod_pessoa AND r.situacao IN ('ativa', 'disponivel'))`.as(
        "reservas_outros",
      ),
    ])
    .where("m.cod_pessoa", "=", codPessoa)
    .where("m.data_devolucao", "is", null);
  if (only) q = q.where("m.cod_emprestimo", "in", only.length ? only : [-1]);
  const rows = await q.orderBy("m.data_devolucao_prevista").orderBy("m.cod_emprestimo").execute();
  return rows.map((r) => ({
    ...r,
    renovacoes: Number(r.renovacoes),
    limite_renovacoes: Number(r.limite_renovacoes),
    renovacao_dias: Number(r.renovacao_dias),
    renova_atrasado: Number(r.renova_atrasado),
    reservas_outros: Number(r.reservas_outros),
  }));
}

/** The patron's block flag, category debit limit and open debit total. */
export async function patronFacts(db: Db, codPessoa: number): Promise<PatronFacts> {
  const row = await db
    .selectFrom("pessoa as p")
    .innerJoin("categoria as k", "k.cod_categoria", "p.cod_categoria")
    .select([
      "p.bloqueado",
      "k.limite_debito",
      sql<number>`(SELECT coalesce(sum(d.valor_multa - d.desconto - d.valor_pago), 0) FROM debito d WHERE d.cod_pessoa = p.cod_pessoa)`.as(
        "debito_aberto",
      ),
    ])
    .where("p.cod_pessoa", "=", codPessoa)
    .executeTakeFirst();
  return {
    bloqueado: Boolean(row?.bloqueado),
    limite_debito: Number(row?.limite_debito ?? 0),
    debito_aberto: Math.round(Number(row?.debito_aberto ?? 0) * 100) / 100,
  };
}

/** The renewal a form key already made for a loan (a repeated submission), if any. */
export async function renewalByKey(db: Db, codEmprestimo: number, chave: string) {
  return db
    .selectFrom("renovacao")
    .select(["data_devolucao_nova"])
    .where("cod_emprestimo", "=", codEmprestimo)
    .where("chave_envio", "=", chave)
    .executeTakeFirst();
}

/**
 * Records a renewal and moves the due date, in one transaction. The update only applies when the loan still
 * has the renewal count the rules saw, and the (loan, key) pair is unique: a concurrent or repeated
 * submission renews once. Returns false when another renewal got there first.
 */
export async function applyRenewal(
  db: Db,
  r: { cod_emprestimo: number; cod_pessoa: number; chave: string; renovacoes: number; anterior: string; nova: string },
): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("renovacao")
        .values({
          cod_emprestimo: r.cod_emprestimo,
          cod_pessoa: r.cod_pessoa,
          chave_envio: r.chave,
          data_devolucao_anterior: r.anterior,
          data_devolucao_nova: r.nova,
        })
        .execute();
      const res = await trx
        .updateTable("emprestimo")
        .set({ data_devolucao_prevista: r.nova, renovacoes: r.renovacoes + 1 })
        .where("cod_emprestimo", "=", r.cod_emprestimo)
        .where("renovacoes", "=", r.renovacoes)
        .where("data_devolucao", "is", null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new RenewalRace();
      return true;
    });
  } catch (err) {
    if (err instanceof RenewalRace || isUniqueViolation(err)) return false;
    throw err;
  }
}

class RenewalRace extends Error {}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/.test(e?.message ?? "");
}

export interface HistoryRow {
  cod_emprestimo: number;
  cod_acervo: number;
  titulo: string;
  autor: string | null;
  /** MARC language code of the title. */
  idioma: string | null;
  biblioteca: string;
  tipo: string;
  data_emprestimo: string;
  data_devolucao_prevista: string;
  data_devolucao: string | null;
  renovacoes: number;
  multa: number;
}

/**
 * The patron's loans made between two dates (inclusive, ISO days), newest first, with the fine each
 * produced; `multa` keeps only loans with a fine. `limit` null = all (CSV).
 */
export async function loanHistory(
  db: Db,
  codPessoa: number,
  f: { dataIni: string; dataFim: string; multa: boolean; offset: number; limit: number | null },
): Promise<{ total: number; rows: HistoryRow[] }> {
  const fine = sql<number>`(SELECT coalesce(sum(d.valor_multa), 0) FROM debito d WHERE d.cod_emprestimo = m.cod_emprestimo)`;
  let base = db
    .selectFrom("emprestimo as m")
    .where("m.cod_pessoa", "=", codPessoa)
    .where("m.data_emprestimo", ">=", f.dataIni)
    .where("m.data_emprestimo", "<", nextDay(f.dataFim));
  if (f.multa) base = base.where(sql<boolean>`EXISTS (SELECT 1 FROM debito d WHERE d.cod_emprestimo = m.cod_emprestimo)`);
  const totalRow = await base.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  let q = base
    .innerJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
    .innerJoin("acervo as a", "a.cod_acervo", "e.cod_acervo")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "m.cod_biblioteca")
    .select([
      "m.cod_emprestimo",
      "a.cod_acervo",
      "a.titulo",
      "a.autor",
      "a.idioma",
      "b.desc_biblioteca as biblioteca",
      "m.tipo",
      "m.data_emprestimo",
      "m.data_devolucao_prevista",
      "m.data_devolucao",
      "m.renovacoes",
      fine.as("multa"),
    ])
    .orderBy("m.data_emprestimo", "desc")
    .orderBy("m.cod_emprestimo", "desc")
    .offset(f.offset);
  if (f.limit !== null) q = q.limit(f.limit);
  else q = q.limit(100_000);
  const rows = await q.execute();
  return { total: Number(totalRow.n), rows: rows.map((r) => ({ ...r, renovacoes: Number(r.renovacoes), multa: Number(r.multa) })) };
}

/** The ISO day after `day` (YYYY-MM-DD), for an exclusive upper bound on timestamps. */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The patron's latest loan token still valid at `nowIso`; undefined when none. */
export function validLoanToken(db: Db, codPessoa: number, nowIso: string) {
  return db
    .selectFrom("token_emprestimo")
    .select(["token", "valido_ate"])
    .where("cod_pessoa", "=", codPessoa)
    .where("valido_ate", ">", nowIso)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** Replaces the patron's loan tokens with this one, in one transaction (throws when the token is taken). */
export async function replaceLoanToken(db: Db, codPessoa: number, token: string, validoAte: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("token_emprestimo").where("cod_pessoa", "=", codPessoa).execute();
    await trx.insertInto("token_emprestimo").values({ cod_pessoa: codPessoa, token, valido_ate: validoAte }).execute();
  });
}
