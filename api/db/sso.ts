/** Storage of single sign-on flows in progress (migration 030, ADR 160). */
import type { Db } from "./index.ts";
import type { SsoFluxoTable } from "./types.ts";

export type SsoFlowRow = SsoFluxoTable;

/** Records a new flow. */
export async function insertFlow(db: Db, row: Omit<SsoFluxoTable, "usado_em">): Promise<void> {
  await db
    .insertInto("sso_fluxo")
    .values({ ...row, usado_em: null })
    .execute();
}

/**
 * Marks a flow used and returns it, atomically: of two requests with the same nonce only one gets the row.
 * Null when there is no such flow of that kind, or it was already used.
 */
export async function consumeFlow(db: Db, nonceHash: string, tipo: SsoFluxoTable["tipo"], nowIso: string): Promise<SsoFlowRow | null> {
  const result = await db
    .updateTable("sso_fluxo")
    .set({ usado_em: nowIso })
    .where("nonce_hash", "=", nonceHash)
    .where("tipo", "=", tipo)
    .where("usado_em", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  return (await db.selectFrom("sso_fluxo").selectAll().where("nonce_hash", "=", nonceHash).executeTakeFirst()) ?? null;
}

/** Deletes flows created before `beforeIso` (used or not): they can no longer complete. */
export async function deleteFlowsBefore(db: Db, beforeIso: string): Promise<void> {
  await db.deleteFrom("sso_fluxo").where("criado_em", "<", beforeIso).execute();
}

/** The patrons whose e-mail is `email` (case-insensitive) and who have a login. */
export async function patronsByEmail(db: Db, email: string): Promise<number[]> {
  const rows = await db
    .selectFrom("pessoa")
    .innerJoin("login", "login.cod_pessoa", "pessoa.cod_pessoa")
    .select("pessoa.cod_pessoa")
    .distinct()
    .where((eb) => eb(eb.fn("lower", ["pessoa.email"]), "=", email.trim().toLowerCase()))
    .execute();
  return rows.map((r) => r.cod_pessoa);
}

/** The patrons whose CPF has the digits of `cpf` (stored with or without punctuation) and who have a login. */
export async function patronsByCpf(db: Db, cpf: string): Promise<number[]> {
  const digits = cpf.replace(/\D/g, "");
  if (digits.length !== 11) return [];
  const rows = await db
    .selectFrom("pessoa")
    .innerJoin("login", "login.cod_pessoa", "pessoa.cod_pessoa")
    .select("pessoa.cod_pessoa")
    .distinct()
    .where((eb) =>
      eb(
        eb.fn("replace", [
          eb.fn("replace", [eb.fn("replace", ["pessoa.cpf", eb.val("."), eb.val("")]), eb.val("-"), eb.val("")]),
          eb.val(" "),
          eb.val(""),
        ]),
        "=",
        digits,
      ),
    )
    .execute();
  return rows.map((r) => r.cod_pessoa);
}
