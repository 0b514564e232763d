import { sql, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * "Call number" order (ADR 251) as a sort key (ADR 271): `busca_ordem.chamada_ord` is the smallest non-empty call
 * number of the title's copies (NULL when none), and `busca_ordem_chamada` indexes the order's very expression
 * (titles without one last, then the call number, then the id), so a broad search walks it and stops after the
 * page instead of looking up every match's copies (a second of CPU for a word in a quarter of a million titles).
 *
 * Kept exact by triggers on `exemplar`, in the writer's own transaction: a copy inserted lowers its title's key
 * when its call number is smaller; a copy deleted, or whose call number or title changes, recomputes the key of its
 * old and new title. The search indexer, which rewrites a title's `busca_ordem` row, reads the key from the copies.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  await db.schema.alterTable("busca_ordem").addColumn("chamada_ord", "text").execute();
  await sql`UPDATE busca_ordem SET chamada_ord = x.c
            FROM (SELECT cod_acervo, min(chamada) AS c FROM exemplar WHERE chamada <> '' GROUP BY cod_acervo) x
            WHERE busca_ordem.cod_acervo = x.cod_acervo`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS busca_ordem_chamada
            ON busca_ordem ((CASE WHEN chamada_ord IS NULL THEN 1 ELSE 0 END), chamada_ord, cod_acervo)`.execute(db);
  // A copy added: its call number becomes the title's key when it is the smallest (min() and `<` use one collation).
  const lower = `UPDATE busca_ordem SET chamada_ord = NEW.chamada
                 WHERE cod_acervo = NEW.cod_acervo AND (chamada_ord IS NULL OR chamada_ord > NEW.chamada);`;
  const recompute = (ref: "NEW" | "OLD", also = "") =>
    `UPDATE busca_ordem SET chamada_ord =
       (SELECT min(e.chamada) FROM exemplar e WHERE e.cod_acervo = ${ref}.cod_acervo AND e.chamada <> '')
     WHERE cod_acervo = ${ref}.cod_acervo${also};`;
  if (pg) {
    await sql
      .raw(
        `CREATE FUNCTION exemplar_chamada_mudou() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NEW.chamada <> '' THEN ${lower} END IF;
        ELSIF TG_OP = 'DELETE' THEN
          IF OLD.chamada <> '' THEN ${recompute("OLD")} END IF;
        ELSIF OLD.chamada IS DISTINCT FROM NEW.chamada OR OLD.cod_acervo IS DISTINCT FROM NEW.cod_acervo THEN
          ${recompute("NEW")}
          IF OLD.cod_acervo IS DISTINCT FROM NEW.cod_acervo THEN ${recompute("OLD")} END IF;
        END IF;
        RETURN NULL;
      END $$`,
      )
      .execute(db);
    await sql`CREATE TRIGGER exemplar_chamada AFTER INSERT OR DELETE OR UPDATE OF chamada, cod_acervo
              ON exemplar FOR EACH ROW EXECUTE FUNCTION exemplar_chamada_mudou()`.execute(db);
    return;
  }
  await sql.raw(`CREATE TRIGGER exemplar_chamada_i AFTER INSERT ON exemplar WHEN NEW.chamada <> '' BEGIN ${lower} END`).execute(db);
  await sql.raw(`CREATE TRIGGER exemplar_chamada_d AFTER DELETE ON exemplar WHEN OLD.chamada <> '' BEGIN ${recompute("OLD")} END`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER exemplar_chamada_u AFTER UPDATE OF chamada, cod_acervo ON exemplar
       WHEN OLD.chamada IS NOT NEW.chamada OR OLD.cod_acervo IS NOT NEW.cod_acervo
       BEGIN ${recompute("NEW")} ${recompute("OLD", " AND OLD.cod_acervo IS NOT NEW.cod_acervo")} END`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  if (pg) {
    await sql`DROP TRIGGER IF EXISTS exemplar_chamada ON exemplar`.execute(db);
    await sql`DROP FUNCTION IF EXISTS exemplar_chamada_mudou()`.execute(db);
  } else {
    for (const e of ["i", "d", "u"]) await sql`DROP TRIGGER IF EXISTS ${sql.id(`exemplar_chamada_${e}`)}`.execute(db);
  }
  await sql`DROP INDEX IF EXISTS busca_ordem_chamada`.execute(db);
  await db.schema.alterTable("busca_ordem").dropColumn("chamada_ord").execute();
}
