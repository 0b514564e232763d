/**
 * Several logins of one person (spec §4 "After login, if the person has more than one login, a chooser
 * appears"; ADR 172). A session works under one of them; the patron may switch to another of their own.
 */
import type { Db } from "../db/index.ts";
import { loginsOf, sessionLoginOf as storedSessionLogin, setSessionLogin, type PersonLogin } from "../db/person-logins.ts";

/** The person's logins, each marked `atual` when it is the one the session works under. */
export async function listLogins(db: Db, codPessoa: number, familia: string): Promise<Array<PersonLogin & { atual: boolean }>> {
  const logins = await loginsOf(db, codPessoa);
  const current = (await storedSessionLogin(db, familia)) ?? logins[0]?.codigo ?? null;
  return logins.map((l) => ({ ...l, atual: l.codigo === current }));
}

export type SwitchOutcome = { ok: true; login: PersonLogin } | { ok: false; reason: "login_invalido" };

/**
 * Switches the session to another login of the same person. The login must be the person's own and its base
 * must be the one named (a login of another person, or a mismatched base, is refused alike).
 */
export async function switchLogin(db: Db, codPessoa: number, familia: string, codigo: number, base: string | null): Promise<SwitchOutcome> {
  const login = (await loginsOf(db, codPessoa)).find((l) => l.codigo === codigo && (l.base ?? "") === (base ?? ""));
  if (!login) return { ok: false, reason: "login_invalido" };
  await setSessionLogin(db, familia, login.codigo);
  return { ok: true, login };
}

/** The login a session works under, when one was recorded. */
export async function sessionLoginOf(db: Db, familia: string): Promise<number | null> {
  return storedSessionLogin(db, familia);
}

/** A new session works under the login that was typed (the password grant). */
export async function startSessionLogin(db: Db, familia: string, codLogin: number): Promise<void> {
  await setSessionLogin(db, familia, codLogin);
}
