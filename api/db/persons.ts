/** Storage of the /api/pessoas group's own reads and writes: the person's record and the base the private area hands over to. */
import type { Db } from "./index.ts";

/** The person with their category; the person must exist. */
export function personWithCategory(db: Db, codPessoa: number) {
  return db
    .selectFrom("pessoa as p")
    .innerJoin("categoria as k", "k.cod_categoria", "p.cod_categoria")
    .select(["p.cod_pessoa", "p.nome_pessoa", "p.email", "p.validade_cadastro", "k.cod_categoria", "k.descricao", "k.professor"])
    .where("p.cod_pessoa", "=", codPessoa)
    .executeTakeFirstOrThrow();
}

/** Sets (or, with null, clears) the external base the person's private area hands over to. */
export async function setRedirectBase(db: Db, codPessoa: number, base: string | null): Promise<void> {
  await db.deleteFrom("pessoa_redirect").where("cod_pessoa", "=", codPessoa).execute();
  if (base) await db.insertInto("pessoa_redirect").values({ cod_pessoa: codPessoa, base }).execute();
}

/** The external base the person's private area hands over to, as stored; undefined when none. */
export async function redirectBaseOf(db: Db, codPessoa: number): Promise<string | undefined> {
  return (await db.selectFrom("pessoa_redirect").select("base").where("cod_pessoa", "=", codPessoa).executeTakeFirst())?.base;
}

/** The person's name; the person must exist. */
export async function personName(db: Db, codPessoa: number): Promise<string> {
  return (await db.selectFrom("pessoa").select("nome_pessoa").where("cod_pessoa", "=", codPessoa).executeTakeFirstOrThrow()).nome_pessoa;
}
