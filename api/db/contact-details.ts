/**
 * Storage for the patron's contact details (ADR 236): whether an e-mail address is another person's, and the
 * requests to change one's address (table alteracao_email, migration 092). Queries only; the rules live in
 * api/domain/contact-details.ts.
 */
import { sql } from "kysely";
import type { Db } from "./index.ts";

/** Whether a person other than `codPessoa` has `email` on their record (case ignored). */
export async function emailTakenByAnother(db: Db, email: string, codPessoa: number): Promise<boolean> {
  const lower = email.toLowerCase();
  const onRecord = await db
    .selectFrom("pessoa")
    .select("cod_pessoa")
    .where(sql<string>`lower(email)`, "=", lower)
    .where("cod_pessoa", "<>", codPessoa)
    .executeTakeFirst();
  return onRecord !== undefined;
}

/** The person's request still waiting (not spent, not expired), newest first. */
export function pendingEmailChange(db: Db, codPessoa: number, nowIso: string) {
  return db
    .selectFrom("alteracao_email")
    .select(["id", "email_novo", "expira_em"])
    .where("cod_pessoa", "=", codPessoa)
    .where("usado_em", "is", null)
    .where("expira_em", ">", nowIso)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** Ends every waiting request of the person (`situacao` says why); returns how many. */
export async function endEmailChanges(db: Db, codPessoa: number, situacao: "substituida" | "cancelada", nowIso: string): Promise<number> {
  const res = await db
    .updateTable("alteracao_email")
    .set({ usado_em: nowIso, situacao })
    .where("cod_pessoa", "=", codPessoa)
    .where("usado_em", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Stores a request (the token as its hash). */
export async function insertEmailChange(
  db: Db,
  row: { cod_pessoa: number; email_novo: string; token_hash: string; expira_em: string; created_at: string },
) {
  await db.insertInto("alteracao_email").values(row).execute();
}

/** The request a token hash names, spent or not. */
export function emailChangeByToken(db: Db, tokenHash: string) {
  return db
    .selectFrom("alteracao_email")
    .select(["id", "cod_pessoa", "email_novo", "expira_em", "usado_em"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Marks a waiting request confirmed; false when it was spent meanwhile (a second click, a parallel request). */
export async function spendEmailChange(db: Db, id: number, nowIso: string): Promise<boolean> {
  const res = await db
    .updateTable("alteracao_email")
    .set({ usado_em: nowIso, situacao: "confirmada" })
    .where("id", "=", id)
    .where("usado_em", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The person's name and current e-mail address. */
export function contactOf(db: Db, codPessoa: number) {
  return db.selectFrom("pessoa").select(["nome_pessoa", "email"]).where("cod_pessoa", "=", codPessoa).executeTakeFirst();
}

/** Writes the person's e-mail address. */
export async function setEmail(db: Db, codPessoa: number, email: string): Promise<void> {
  await db.updateTable("pessoa").set({ email }).where("cod_pessoa", "=", codPessoa).execute();
}

/** The patron's e-mail address as stored (null when none); the patron must exist. */
export async function emailOf(db: Db, codPessoa: number): Promise<string | null> {
  return (await db.selectFrom("pessoa").select("email").where("cod_pessoa", "=", codPessoa).executeTakeFirstOrThrow()).email;
}
