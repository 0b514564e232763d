/** Storage of the /api/autenticar group: the patron's user data, the private area permission and redirect tickets. */
import type { Db } from "./index.ts";

/** The patron with their category; undefined when there is no such person. */
export const patronWithCategory = (db: Db, codPessoa: number) =>
  db
    .selectFrom("pessoa")
    .innerJoin("categoria", "categoria.cod_categoria", "pessoa.cod_categoria")
    .select([
      "pessoa.cod_pessoa",
      "pessoa.nome_pessoa",
      "pessoa.email",
      "pessoa.bloqueado",
      "pessoa.motivo_bloqueio",
      "categoria.cod_categoria",
      "categoria.descricao",
      "categoria.professor",
    ])
    .where("pessoa.cod_pessoa", "=", codPessoa)
    .executeTakeFirst();

/** The session's own login when `codLogin` is given and is the person's, else the person's first login. */
export const sessionLogin = async (db: Db, codPessoa: number, codLogin?: number | null) => {
  const logins = db.selectFrom("login").select(["usuario", "base"]).where("cod_pessoa", "=", codPessoa);
  return (
    (codLogin != null ? await logins.where("cod_login", "=", codLogin).executeTakeFirst() : undefined) ??
    (await logins.orderBy("cod_login").executeTakeFirst())
  );
};

/** The activities a category may use, by code. */
export const categoryActivities = (db: Db, codCategoria: string) =>
  db
    .selectFrom("categoria_atividade")
    .innerJoin("atividade", "atividade.cod_atividade", "categoria_atividade.cod_atividade")
    .select(["atividade.cod_modulo", "atividade.cod_atividade", "atividade.descricao"])
    .where("categoria_atividade.cod_categoria", "=", codCategoria)
    .orderBy("atividade.cod_atividade")
    .execute();

/** Whether the patron's category may use an activity (e.g. 8, the private area). */
export const patronMayUse = async (db: Db, codPessoa: number, codAtividade: number) =>
  (await db
    .selectFrom("pessoa as p")
    .innerJoin("categoria_atividade as ca", "ca.cod_categoria", "p.cod_categoria")
    .select("ca.cod_atividade")
    .where("p.cod_pessoa", "=", codPessoa)
    .where("ca.cod_atividade", "=", codAtividade)
    .executeTakeFirst()) !== undefined;

/** Stores a redirect ticket by its hash. */
export const storeRedirectTicket = (db: Db, row: { token_hash: string; cod_pessoa: number; expires_at: string }) =>
  db.insertInto("token_redireciona").values(row).execute();
