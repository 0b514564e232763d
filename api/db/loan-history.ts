/**
 * The loan-history choice with its period (ADR 249): `guarda_historico` 0 is "never"; with it on,
 * `historico_prazo` is `sempre` or `padrao` (the library's `parametros.historico_dias`).
 */
import { sql } from "kysely";
import type { Db } from "./index.ts";
import { deleteLoanHistory } from "./account-profile.ts";

export type HistoryMode = "sempre" | "padrao" | "nunca";

/** Days the library keeps a returned loan for patrons who chose its period when it sets none. */
export const DEFAULT_HISTORY_DAYS = 365;

/** The library's history period in days (`instituicao.parametros.historico_dias`, a positive integer). */
export async function libraryHistoryDays(db: Db): Promise<number> {
  const row = await db.selectFrom("instituicao").select("parametros").orderBy("cod_empresa").executeTakeFirst();
  try {
    const v = (JSON.parse(row?.parametros ?? "{}") as Record<string, unknown>).historico_dias;
    return typeof v === "number" && Number.isInteger(v) && v > 0 ? v : DEFAULT_HISTORY_DAYS;
  } catch {
    return DEFAULT_HISTORY_DAYS;
  }
}

/** The patron's choice. */
export async function historyModeOf(db: Db, codPessoa: number): Promise<HistoryMode> {
  const p = await db
    .selectFrom("pessoa")
    .select(["guarda_historico", "historico_prazo"])
    .where("cod_pessoa", "=", codPessoa)
    .executeTakeFirstOrThrow();
  if (Number(p.guarda_historico) !== 1) return "nunca";
  return p.historico_prazo === "padrao" ? "padrao" : "sempre";
}

/** Stores the choice; `apagar` with "never" also deletes what exists (the same transaction). Returns how many were deleted. */
export async function setHistoryMode(db: Db, codPessoa: number, mode: HistoryMode, apagar: boolean): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("pessoa")
      .set(mode === "nunca" ? { guarda_historico: 0 } : { guarda_historico: 1, historico_prazo: mode })
      .where("cod_pessoa", "=", codPessoa)
      .execute();
    return mode === "nunca" && apagar ? deleteLoanHistory(trx, codPessoa) : 0;
  });
}

/** Deletes the listed returned loans of the patron (not current loans, not one a debit points at); how many were deleted. */
export async function deleteHistoryItems(db: Db, codPessoa: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db
    .deleteFrom("emprestimo")
    .where("cod_pessoa", "=", codPessoa)
    .where("cod_emprestimo", "in", [...ids])
    .where("data_devolucao", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("debito as d").select("d.cod_debito").whereRef("d.cod_emprestimo", "=", "emprestimo.cod_emprestimo"))),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * Applies every patron's choice to the returned loans that exist (ADR 249): for "never", all of them (a return
 * recorded by the library's system keeps nothing); for the library's period, those returned longer ago. A loan a
 * debit points at stays. Returns how many were deleted.
 */
export async function pruneLoanHistory(db: Db, now: number): Promise<number> {
  const cutoff = new Date(now - (await libraryHistoryDays(db)) * 86_400_000).toISOString();
  const res = await db
    .deleteFrom("emprestimo")
    .where("data_devolucao", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("debito as d").select("d.cod_debito").whereRef("d.cod_emprestimo", "=", "emprestimo.cod_emprestimo"))),
    )
    .where((eb) =>
      eb.or([
        eb("cod_pessoa", "in", db.selectFrom("pessoa").select("cod_pessoa").where("guarda_historico", "=", 0)),
        eb.and([
          eb(
            "cod_pessoa",
            "in",
            db.selectFrom("pessoa").select("cod_pessoa").where("guarda_historico", "=", 1).where("historico_prazo", "=", "padrao"),
          ),
          eb(sql<string>`replace(substr(data_devolucao, 1, 19), ' ', 'T')`, "<", cutoff.slice(0, 19)),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** How many returned loans the patron's history keeps. */
export async function returnedLoansCount(db: Db, codPessoa: number): Promise<number> {
  const r = await db
    .selectFrom("emprestimo")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("cod_pessoa", "=", codPessoa)
    .where("data_devolucao", "is not", null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Whether the patron chose to keep their loan history (`pessoa.guarda_historico`); the patron must exist. */
export async function keepsHistory(db: Db, codPessoa: number): Promise<boolean> {
  const person = await db.selectFrom("pessoa").select("guarda_historico").where("cod_pessoa", "=", codPessoa).executeTakeFirstOrThrow();
  return person.guarda_historico === 1;
}
