import { type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * Search tabs "authorities" and "teaching plan" (ADRs 066, 067):
 * - `autoridade.remissivas_normalizadas`: the see-from (4XX) headings, folded like `cabecalho_normalizado`
 *   and joined by " | ", so the authority search matches them without accents or case;
 * - departments, courses, disciplines, teaching plans and their bibliography (basic / complementary).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());

  await db.schema
    .alterTable("autoridade")
    .addColumn("remissivas_normalizadas", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // Authorities imported before this migration get their folded see-from headings now.
  const rows = (await db.selectFrom("autoridade").select(["cod_autoridade", "ver"]).where("ver", "!=", "[]").execute()) as Array<{
    cod_autoridade: number;
    ver: string;
  }>;
  for (const r of rows) {
    await db
      .updateTable("autoridade")
      .set({ remissivas_normalizadas: foldedSeeFrom(r.ver) })
      .where("cod_autoridade", "=", r.cod_autoridade)
      .execute();
  }

  await db.schema
    .createTable("departamento")
    .addColumn("cod_departamento", "integer", pk)
    .addColumn("nome", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("curso")
    .addColumn("cod_curso", "integer", pk)
    .addColumn("cod_departamento", "integer", (c) => c.notNull().references("departamento.cod_departamento"))
    .addColumn("nome", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("disciplina")
    .addColumn("cod_disciplina", "integer", pk)
    .addColumn("cod_departamento", "integer", (c) => c.notNull().references("departamento.cod_departamento"))
    // The institution's own code of the discipline ("DIR0101").
    .addColumn("codigo", "text", (c) => c.notNull())
    .addColumn("nome", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("plano_ensino")
    .addColumn("cod_plano", "integer", pk)
    .addColumn("cod_disciplina", "integer", (c) => c.notNull().references("disciplina.cod_disciplina"))
    .addColumn("cod_curso", "integer", (c) => c.notNull().references("curso.cod_curso"))
    .addColumn("cod_biblioteca", "integer", (c) => c.notNull().references("biblioteca.cod_biblioteca"))
    .addColumn("ano", "integer", (c) => c.notNull())
    .addColumn("semestre", "integer", (c) => c.notNull())
    // The course period (1st to 10th) in which the discipline is taught.
    .addColumn("periodo", "integer", (c) => c.notNull())
    .addColumn("vagas", "integer")
    .execute();
  await db.schema.createIndex("plano_ensino_busca").on("plano_ensino").columns(["ano", "semestre", "cod_disciplina"]).execute();
  await db.schema
    .createTable("plano_bibliografia")
    .addColumn("cod_plano", "integer", (c) => c.notNull().references("plano_ensino.cod_plano").onDelete("cascade"))
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    // B basic, C complementary.
    .addColumn("tipo", "text", (c) => c.notNull())
    .addColumn("ordem", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("plano_bibliografia_pk", ["cod_plano", "cod_acervo"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["plano_bibliografia", "plano_ensino", "disciplina", "curso", "departamento"]) await db.schema.dropTable(t).ifExists().execute();
  await db.schema.alterTable("autoridade").dropColumn("remissivas_normalizadas").execute();
}

/** The see-from headings of an authority (`ver`, a JSON list) folded and joined for a LIKE search. */
function foldedSeeFrom(ver: string): string {
  try {
    const list: unknown = JSON.parse(ver);
    return Array.isArray(list)
      ? list
          .map((v) => normalizeHeading(String(v)))
          .filter(Boolean)
          .join(" | ")
      : "";
  } catch {
    return "";
  }
}

/** The heading key of the importer when this migration was written (contract/headings.ts), copied so it stays as it ran. */
function normalizeHeading(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
