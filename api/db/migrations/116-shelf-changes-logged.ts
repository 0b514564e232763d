import { sql, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * The catalogue's change log (migration 077) also follows a copy's status: a loan, a return or any other change
 * of `exemplar.situacao` logs its title, as a change of its title or library did. The search's facet columns keep
 * each title's libraries with a copy on the shelf ("available now", ADR 277) and stay exact by that log, as they
 * do for every other thing they hold.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await watch(db, ["cod_acervo", "cod_biblioteca", "situacao"]);
}

export async function down(db: Kysely<any>): Promise<void> {
  await watch(db, ["cod_acervo", "cod_biblioteca"]);
}

/** The change log's update trigger on `exemplar`, again, on the listed columns. */
async function watch(db: Kysely<any>, columns: string[]): Promise<void> {
  const cols = sql.join(columns.map((c) => sql.id(c)));
  if (dialectOf(db) === "postgres") {
    await sql`DROP TRIGGER IF EXISTS exemplar_mudou ON exemplar`.execute(db);
    await sql`CREATE TRIGGER exemplar_mudou AFTER INSERT OR DELETE OR UPDATE OF ${cols}
              ON exemplar FOR EACH ROW EXECUTE FUNCTION acervo_mudou()`.execute(db);
    return;
  }
  const log = (ref: "NEW" | "OLD") =>
    sql.raw(`INSERT INTO acervo_mudanca (cod_acervo, seq) SELECT ${ref}.cod_acervo, seq FROM catalogo_versao WHERE id = 1
      ON CONFLICT (cod_acervo) DO UPDATE SET seq = excluded.seq;`);
  const bump = sql.raw(`UPDATE catalogo_versao SET seq = seq + 1 WHERE id = 1;`);
  await sql`DROP TRIGGER IF EXISTS exemplar_mudou_u`.execute(db);
  await sql`CREATE TRIGGER exemplar_mudou_u AFTER UPDATE OF ${cols} ON exemplar BEGIN ${bump} ${log("OLD")} ${log("NEW")} END`.execute(db);
}
