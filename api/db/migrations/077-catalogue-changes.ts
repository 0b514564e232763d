import { sql, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * The catalogue's change log (ADR 105, "Facet columns in memory"): which titles' facet data changed, and when.
 * - `catalogo_versao`: one row, `seq`, a counter every change of a title's facet data moves on.
 * - `acervo_mudanca`: per title, the `seq` of its last change. One row per title at most, so the log never
 *   grows past the catalogue, and a reader that knows `seq` S finds what changed since in the `seq` index.
 * Triggers write both, in the writer's own transaction, on every change of what the facets count: the title's
 * columns (type, year, language, cover, remote access, accessibility, class), its links, its copies (title,
 * library) and its derived facet values. So no writer (the importer, staff, an institution's own SQL) can
 * change the catalogue without the search's facet columns seeing it.
 */
const WATCHED: Array<{ table: string; columns: string[] }> = [
  { table: "acervo", columns: ["cod_tipo_obra", "ano_publicacao", "idioma", "possui_acessibilidade", "link_capa", "acesso_remoto", "classificacao"] },
  { table: "acervo_link", columns: ["cod_acervo"] },
  { table: "exemplar", columns: ["cod_acervo", "cod_biblioteca"] },
  { table: "acervo_faceta", columns: ["cod_acervo", "tipo", "cod_valor"] },
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  await db.schema
    .createTable("catalogo_versao")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("seq", "bigint", (c) => c.notNull())
    .execute();
  await sql`INSERT INTO catalogo_versao (id, seq) VALUES (1, 0)`.execute(db);
  await db.schema
    .createTable("acervo_mudanca")
    .addColumn("cod_acervo", "integer", (c) => c.primaryKey())
    .addColumn("seq", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("acervo_mudanca_seq").on("acervo_mudanca").column("seq").execute();
  if (pg) {
    await sql`CREATE FUNCTION acervo_mudou() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE s bigint;
      BEGIN
        UPDATE catalogo_versao SET seq = seq + 1 WHERE id = 1 RETURNING seq INTO s;
        IF TG_OP <> 'INSERT' THEN
          INSERT INTO acervo_mudanca (cod_acervo, seq) VALUES (OLD.cod_acervo, s) ON CONFLICT (cod_acervo) DO UPDATE SET seq = excluded.seq;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO acervo_mudanca (cod_acervo, seq) VALUES (NEW.cod_acervo, s) ON CONFLICT (cod_acervo) DO UPDATE SET seq = excluded.seq;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    for (const { table, columns } of WATCHED) {
      await sql`CREATE TRIGGER ${sql.id(`${table}_mudou`)} AFTER INSERT OR DELETE OR UPDATE OF ${sql.join(columns.map((c) => sql.id(c)))}
                ON ${sql.id(table)} FOR EACH ROW EXECUTE FUNCTION acervo_mudou()`.execute(db);
    }
    return;
  }
  // SQLite: a trigger per event; the row's id (NEW, OLD, or both when an update moves a copy to another title).
  const log = (ref: "NEW" | "OLD") =>
    sql.raw(`INSERT INTO acervo_mudanca (cod_acervo, seq) SELECT ${ref}.cod_acervo, seq FROM catalogo_versao WHERE id = 1
      ON CONFLICT (cod_acervo) DO UPDATE SET seq = excluded.seq;`);
  const bump = sql.raw(`UPDATE catalogo_versao SET seq = seq + 1 WHERE id = 1;`);
  for (const { table, columns } of WATCHED) {
    const name = (event: string) => sql.id(`${table}_mudou_${event}`);
    await sql`CREATE TRIGGER ${name("i")} AFTER INSERT ON ${sql.id(table)} BEGIN ${bump} ${log("NEW")} END`.execute(db);
    await sql`CREATE TRIGGER ${name("d")} AFTER DELETE ON ${sql.id(table)} BEGIN ${bump} ${log("OLD")} END`.execute(db);
    await sql`CREATE TRIGGER ${name("u")} AFTER UPDATE OF ${sql.join(columns.map((c) => sql.id(c)))} ON ${sql.id(table)}
              BEGIN ${bump} ${log("OLD")} ${log("NEW")} END`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  for (const { table } of WATCHED) {
    if (pg) await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_mudou`)} ON ${sql.id(table)}`.execute(db);
    else for (const e of ["i", "d", "u"]) await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_mudou_${e}`)}`.execute(db);
  }
  if (pg) await sql`DROP FUNCTION IF EXISTS acervo_mudou()`.execute(db);
  await db.schema.dropTable("acervo_mudanca").ifExists().execute();
  await db.schema.dropTable("catalogo_versao").ifExists().execute();
}
