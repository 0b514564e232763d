/** Storage of a person's logins and of the login each session works under (migration 041, ADR 172). */
import type { Db } from "./index.ts";

export interface PersonLogin {
  codigo: number;
  usuario: string;
  base: string | null;
}

/** Every login of the person, oldest first. */
export async function loginsOf(db: Db, codPessoa: number): Promise<PersonLogin[]> {
  return db.selectFrom("login").select(["cod_login as codigo", "usuario", "base"]).where("cod_pessoa", "=", codPessoa).orderBy("cod_login").execute();
}

/** Records (or changes) the login a token family works under. */
export async function setSessionLogin(db: Db, familia: string, codLogin: number): Promise<void> {
  await db
    .insertInto("sessao_login")
    .values({ familia, cod_login: codLogin })
    .onConflict((oc) => oc.column("familia").doUpdateSet({ cod_login: codLogin }))
    .execute();
}

/** The login a token family works under, when one was recorded. */
export async function sessionLoginOf(db: Db, familia: string): Promise<number | null> {
  const row = await db.selectFrom("sessao_login").select("cod_login").where("familia", "=", familia).executeTakeFirst();
  return row?.cod_login ?? null;
}
