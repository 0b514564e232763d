/** Storage of the patron's alerts (table `alerta`). Every read and write names the owner. */
import { sql } from "kysely";
import type { Db } from "./index.ts";

const COLUMNS = ["id", "tipo", "dados", "mensagem", "lido", "created_at"] as const;

/** How many of the patron's visible alerts are unread. */
export async function unreadAlerts(db: Db, codPessoa: number): Promise<number> {
  const r = await db
    .selectFrom("alerta")
    .select(sql<number>`count(*)`.as("n"))
    .where("cod_pessoa", "=", codPessoa)
    .where("visivel", "=", 1)
    .where("lido", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The patron's visible alerts, newest first, at most `limit`. */
export function visibleAlerts(db: Db, codPessoa: number, limit: number) {
  return db
    .selectFrom("alerta")
    .select(COLUMNS)
    .where("cod_pessoa", "=", codPessoa)
    .where("visivel", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Marks one of the patron's alerts read or unread, and answers it; undefined when it is not theirs. */
export async function markAlert(db: Db, codPessoa: number, id: number, lido: boolean) {
  await db
    .updateTable("alerta")
    .set({ lido: lido ? 1 : 0 })
    .where("id", "=", id)
    .where("cod_pessoa", "=", codPessoa)
    .execute();
  return db.selectFrom("alerta").select(COLUMNS).where("id", "=", id).where("cod_pessoa", "=", codPessoa).executeTakeFirst();
}

/** Deletes one of the patron's alerts; false when it was not theirs or is gone. */
export async function deleteAlert(db: Db, codPessoa: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom("alerta").where("id", "=", id).where("cod_pessoa", "=", codPessoa).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/**
 * Stores an alert unless one with its key exists (the key is unique): the row's id, or undefined when the event
 * was already alerted. `visivel` false keeps the row (for its key) out of the portal's list.
 */
export function insertAlertOnce(
  db: Db,
  a: { cod_pessoa: number; tipo: string; dados: object; chave: string; mensagem: string; visivel: boolean },
): Promise<{ id: number } | undefined> {
  return db
    .insertInto("alerta")
    .values({
      cod_pessoa: a.cod_pessoa,
      tipo: a.tipo,
      dados: JSON.stringify(a.dados),
      chave: a.chave,
      mensagem: a.mensagem,
      visivel: a.visivel ? 1 : 0,
    })
    .onConflict((oc) => oc.column("chave").doNothing())
    .returning("id")
    .executeTakeFirst();
}

/** The patron's e-mail address and the language they last used the portal in. */
export function patronMailAndLanguage(db: Db, codPessoa: number) {
  return db.selectFrom("pessoa").select(["email", "idioma"]).where("cod_pessoa", "=", codPessoa).executeTakeFirst();
}

/**
 * The current loans the reminder job looks at (ADR 121, 248): those due from `from` to `until` (ISO instants)
 * not yet reminded for their due day, and the overdue ones not yet alerted for theirs. A reminder's key is
 * `vencimento:<loan>:<due day>`, an overdue alert's `atraso:<loan>:<due day>`.
 */
export async function loansToRemind(db: Db, from: string, until: string) {
  const base = db
    .selectFrom("emprestimo as m")
    .innerJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
    .innerJoin("acervo as a", "a.cod_acervo", "e.cod_acervo")
    .select(["m.cod_emprestimo", "m.cod_pessoa", "m.data_devolucao_prevista", "m.tipo", "a.titulo", "a.cod_acervo"])
    .where("m.data_devolucao", "is", null);
  const notAlerted = (prefix: string) =>
    sql<boolean>`NOT EXISTS (SELECT 1 FROM alerta x WHERE x.chave = ${sql.lit(prefix)} || CAST(m.cod_emprestimo AS TEXT) || ':' || substr(m.data_devolucao_prevista, 1, 10))`;
  const [soon, overdue] = await Promise.all([
    base.where("m.data_devolucao_prevista", ">=", from).where("m.data_devolucao_prevista", "<=", until).where(notAlerted("vencimento:")).execute(),
    base.where("m.data_devolucao_prevista", "<", from).where(notAlerted("atraso:")).execute(),
  ]);
  return { soon, overdue };
}
