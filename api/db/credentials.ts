import { sql } from "kysely";
import { hashPassword, verifyPassword } from "../lib/password.ts";
import type { Db } from "./index.ts";

/** Storage of logins' passwords and password recovery codes (ADR 130). */

export interface RecoveryLogin {
  cod_login: number;
  cod_pessoa: number;
  nome_pessoa: string;
  email: string | null;
}

/**
 * The login a recovery is for: the user code is a login name or the person's document number (their first
 * login then). Null when nobody matches.
 */
export async function findLoginByUserCode(db: Db, userCode: string): Promise<RecoveryLogin | null> {
  const code = userCode.trim();
  if (!code) return null;
  const base = db
    .selectFrom("login")
    .innerJoin("pessoa", "pessoa.cod_pessoa", "login.cod_pessoa")
    .select(["login.cod_login", "login.cod_pessoa", "pessoa.nome_pessoa", "pessoa.email"]);
  const byLogin = await base.where("login.usuario", "=", code.toLowerCase()).executeTakeFirst();
  if (byLogin) return byLogin;
  return (await base.where("pessoa.documento", "=", code).orderBy("login.cod_login").executeTakeFirst()) ?? null;
}

/** True when `password` is the current password or one of the `count - 1` before it. */
export async function isRecentPassword(db: Db, codLogin: number, password: string, count: number): Promise<boolean> {
  const current = await db.selectFrom("login").select(["senha_hash", "senha_salt"]).where("cod_login", "=", codLogin).executeTakeFirst();
  const older =
    count > 1
      ? await db
          .selectFrom("senha_historico")
          .select(["senha_hash", "senha_salt"])
          .where("cod_login", "=", codLogin)
          .orderBy("created_at", "desc")
          .limit(count - 1)
          .execute()
      : [];
  return [...(current ? [current] : []), ...older].some((row) => verifyPassword(password, row.senha_hash, row.senha_salt));
}

/** Replaces a login's password (the old one goes to the history) and lifts a too-many-attempts lock. */
export async function setLoginPassword(db: Db, codLogin: number, password: string, nowIso: string): Promise<void> {
  const { hash, salt } = hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const old = await trx.selectFrom("login").select(["senha_hash", "senha_salt", "usuario"]).where("cod_login", "=", codLogin).executeTakeFirst();
    // The login throttle counts by username (api/domain/login.ts): a new password lifts its lock too.
    if (old) await trx.deleteFrom("contador_limite").where("chave", "=", `u:${old.usuario.trim().toLowerCase()}`).execute();
    if (old)
      await trx
        .insertInto("senha_historico")
        .values({ cod_login: codLogin, senha_hash: old.senha_hash, senha_salt: old.senha_salt, created_at: nowIso })
        .execute();
    await trx
      .updateTable("login")
      .set({ senha_hash: hash, senha_salt: salt, tentativas_falhas: 0, bloqueado_ate: null })
      .where("cod_login", "=", codLogin)
      .execute();
  });
}

export interface RecoveryCodeRow {
  id: number;
  codigo_hash: string;
  codigo_salt: string;
  tentativas: number;
  expires_at: string;
}

/** Stores a new code for the login and ends every earlier one (a new code kills the old). */
export async function storeRecoveryCode(db: Db, codLogin: number, code: string, expiresIso: string, nowIso: string): Promise<void> {
  const { hash, salt } = hashPassword(code);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("recuperacao_senha")
      .set({ encerrado_em: nowIso })
      .where("cod_login", "=", codLogin)
      .where("encerrado_em", "is", null)
      .execute();
    await trx
      .insertInto("recuperacao_senha")
      .values({ cod_login: codLogin, codigo_hash: hash, codigo_salt: salt, expires_at: expiresIso, created_at: nowIso })
      .execute();
  });
}

/**
 * Counts one try against the login's live code **before** it is compared, in one conditional update: the code
 * (with the count including this try) when it is live, unexpired and under `maxTries` tries, else null. N
 * parallel tries get the counts 1..N, so no more than `maxTries` wrong ones are ever compared.
 */
export async function takeRecoveryTry(db: Db, codLogin: number, maxTries: number, nowIso: string): Promise<RecoveryCodeRow | null> {
  const rows = await db
    .updateTable("recuperacao_senha")
    .set({ tentativas: sql<number>`tentativas + 1` })
    .where("cod_login", "=", codLogin)
    .where("encerrado_em", "is", null)
    .where("expires_at", ">", nowIso)
    .where("tentativas", "<", maxTries)
    .returning(["id", "codigo_hash", "codigo_salt", "tentativas", "expires_at"])
    .execute();
  // A new code ends the older ones, so there is one; should a race have left two, the newest is the live one.
  return rows.sort((a, b) => b.id - a.id)[0] ?? null;
}

/** Gives back the try a right code took, so checking it at steps 2 and 3 does not wear it out. */
export async function giveBackRecoveryTry(db: Db, id: number): Promise<void> {
  await db
    .updateTable("recuperacao_senha")
    .set({ tentativas: sql<number>`tentativas - 1` })
    .where("id", "=", id)
    .where("tentativas", ">", 0)
    .execute();
}

/** Ends a code (used or expired). Conditional, so two parallel uses of one code cannot both succeed. */
export async function endRecoveryCode(db: Db, id: number, nowIso: string): Promise<boolean> {
  const res = await db
    .updateTable("recuperacao_senha")
    .set({ encerrado_em: nowIso })
    .where("id", "=", id)
    .where("encerrado_em", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A login's codes and stored password (hash and salt) by its lower-case name; undefined when no login has it. */
export async function loginPasswordByName(db: Db, usuario: string) {
  return db.selectFrom("login").select(["cod_login", "cod_pessoa", "senha_hash", "senha_salt"]).where("usuario", "=", usuario).executeTakeFirst();
}
