import { sql, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * "Available now" (issue 28) as a set: `acervo_na_estante` has a row per title and library with at least one
 * copy on the shelf (`situacao = 'disponivel'`), `n` the number of them (ADR 269). A search with the filter probes
 * it by title (and library) instead of the copies' index (migration 112), one small row per title where a title
 * has several copies.
 *
 * Kept exact by triggers on `exemplar`, in the writer's own transaction: a copy inserted, deleted, or whose status,
 * title or library changes moves its old title-and-library's count down (the row goes at 0) and its new one's up.
 * So no writer (loans, returns, holds, the importer, staff, an institution's own SQL) can leave it behind.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  await sql`CREATE TABLE acervo_na_estante (
              cod_acervo integer NOT NULL, cod_biblioteca integer NOT NULL, n integer NOT NULL,
              PRIMARY KEY (cod_acervo, cod_biblioteca))${sql.raw(pg ? "" : " WITHOUT ROWID")}`.execute(db);
  await sql`INSERT INTO acervo_na_estante (cod_acervo, cod_biblioteca, n)
            SELECT cod_acervo, cod_biblioteca, count(*) FROM exemplar WHERE situacao = 'disponivel'
            GROUP BY cod_acervo, cod_biblioteca`.execute(db);
  const add = (ref: "NEW" | "OLD") =>
    `INSERT INTO acervo_na_estante (cod_acervo, cod_biblioteca, n) VALUES (${ref}.cod_acervo, ${ref}.cod_biblioteca, 1)
       ON CONFLICT (cod_acervo, cod_biblioteca) DO UPDATE SET n = acervo_na_estante.n + 1;`;
  const remove = (ref: "NEW" | "OLD") =>
    `UPDATE acervo_na_estante SET n = n - 1 WHERE cod_acervo = ${ref}.cod_acervo AND cod_biblioteca = ${ref}.cod_biblioteca;
     DELETE FROM acervo_na_estante WHERE cod_acervo = ${ref}.cod_acervo AND cod_biblioteca = ${ref}.cod_biblioteca AND n <= 0;`;
  if (pg) {
    await sql
      .raw(
        `CREATE FUNCTION exemplar_estante_mudou() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' AND OLD.situacao = 'disponivel' THEN ${remove("OLD")} END IF;
        IF TG_OP <> 'DELETE' AND NEW.situacao = 'disponivel' THEN ${add("NEW")} END IF;
        RETURN NULL;
      END $$`,
      )
      .execute(db);
    await sql`CREATE TRIGGER exemplar_estante AFTER INSERT OR DELETE OR UPDATE OF situacao, cod_acervo, cod_biblioteca
              ON exemplar FOR EACH ROW EXECUTE FUNCTION exemplar_estante_mudou()`.execute(db);
    return;
  }
  const on = "situacao = 'disponivel'";
  await sql.raw(`CREATE TRIGGER exemplar_estante_i AFTER INSERT ON exemplar WHEN NEW.${on} BEGIN ${add("NEW")} END`).execute(db);
  await sql.raw(`CREATE TRIGGER exemplar_estante_d AFTER DELETE ON exemplar WHEN OLD.${on} BEGIN ${remove("OLD")} END`).execute(db);
  // An update: the old row's count down (when it was on the shelf), then the new row's up (when it is).
  await sql
    .raw(
      `CREATE TRIGGER exemplar_estante_u_old AFTER UPDATE OF situacao, cod_acervo, cod_biblioteca ON exemplar
       WHEN OLD.${on} BEGIN ${remove("OLD")} END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER exemplar_estante_u_new AFTER UPDATE OF situacao, cod_acervo, cod_biblioteca ON exemplar
       WHEN NEW.${on} BEGIN ${add("NEW")} END`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  if (pg) {
    await sql`DROP TRIGGER IF EXISTS exemplar_estante ON exemplar`.execute(db);
    await sql`DROP FUNCTION IF EXISTS exemplar_estante_mudou()`.execute(db);
  } else {
    for (const e of ["i", "d", "u_old", "u_new"]) await sql`DROP TRIGGER IF EXISTS ${sql.id(`exemplar_estante_${e}`)}`.execute(db);
  }
  await db.schema.dropTable("acervo_na_estante").ifExists().execute();
}
