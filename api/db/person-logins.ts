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

/** The categories with these codes, with their descriptions (in no particular order). */
export function categoriesByCode(db: Db, codes: string[]) {
  return db.selectFrom("categoria").select(["cod_categoria", "descricao"]).where("cod_categoria", "in", codes).execute();
}

/** The persons with this document number that have a login, each with their category, by person code. */
export function personsWithLoginByDocument(db: Db, documento: string) {
  return db
    .selectFrom("pessoa")
    .innerJoin("categoria", "categoria.cod_categoria", "pessoa.cod_categoria")
    .select(["pessoa.cod_pessoa", "categoria.descricao", "pessoa.cod_categoria"])
    .where("pessoa.documento", "=", documento)
    .where(({ exists, selectFrom }) => exists(selectFrom("login").select("login.cod_login").whereRef("login.cod_pessoa", "=", "pessoa.cod_pessoa")))
    .orderBy("pessoa.cod_pessoa")
    .execute();
}

/** The name of a person's first login, by login order; null when they have none. */
export async function firstLoginName(db: Db, codPessoa: number): Promise<string | null> {
  const row = await db.selectFrom("login").select("usuario").where("cod_pessoa", "=", codPessoa).orderBy("cod_login").executeTakeFirst();
  return row?.usuario ?? null;
}

/**
 * The first login name (by login order) whose name (lower-cased `code`) or person's document number is `code`
 * and whose person is in the category; null when none.
 */
export async function loginNameInCategory(db: Db, code: string, codCategoria: string): Promise<string | null> {
  const row = await db
    .selectFrom("login")
    .innerJoin("pessoa", "pessoa.cod_pessoa", "login.cod_pessoa")
    .select("login.usuario")
    .where((eb) => eb.or([eb("login.usuario", "=", code.toLowerCase()), eb("pessoa.documento", "=", code)]))
    .where("pessoa.cod_categoria", "=", codCategoria)
    .orderBy("login.cod_login")
    .executeTakeFirst();
  return row?.usuario ?? null;
}
