/** Storage reads of the /api/parametros group: the library's activities and its service desks. */
import type { Db } from "./index.ts";

/** The activities on in the public page configuration, by code. */
export const publicActivities = (db: Db) =>
  db.selectFrom("atividade").select(["cod_atividade", "descricao"]).where("publica", "=", 1).orderBy("cod_atividade").execute();

/** One activity with whether it is public; undefined when there is no such activity. */
export const activityById = (db: Db, id: number) =>
  db.selectFrom("atividade").select(["cod_atividade", "descricao", "publica"]).where("cod_atividade", "=", id).executeTakeFirst();

/** The libraries with their campus, contacts and opening hours (JSON text), of one campus or all, by code. */
export const libraryDesks = (db: Db, codCampus?: number) => {
  let q = db
    .selectFrom("biblioteca")
    .innerJoin("campus", "campus.cod_campus", "biblioteca.cod_campus")
    .select([
      "biblioteca.cod_biblioteca",
      "biblioteca.desc_biblioteca",
      "biblioteca.sigla",
      "campus.cod_campus",
      "campus.nome_campus",
      "biblioteca.email",
      "biblioteca.telefone",
      "biblioteca.endereco",
      "biblioteca.horarios",
    ])
    .orderBy("biblioteca.cod_biblioteca");
  if (codCampus != null) q = q.where("campus.cod_campus", "=", codCampus);
  return q.execute();
};
