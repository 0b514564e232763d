/** Storage reads of /api/autoridade: authority search, one authority, its see-also targets and linked titles. */
import { sql } from "kysely";
import type { Db } from "./index.ts";

export interface AuthorityHit {
  cod_autoridade: number;
  tipo: number;
  cabecalho: string;
  ver: string;
  no_cabecalho: number;
  total_acervos: number;
}

/**
 * One page of the authorities whose heading or see-from references hold every word as a word prefix (`words`
 * already normalized), of one type or all: those found by their heading first. Also answers the total.
 */
export async function searchAuthorities(
  db: Db,
  words: string[],
  f: { tipo?: number; qtd: number; pagina: number },
): Promise<{ total: number; rows: AuthorityHit[] }> {
  const all = (col: string) =>
    sql.join(
      words.map((w) => sql`(' ' || ${sql.ref(col)}) LIKE ${`% ${w}%`}`),
      sql` AND `,
    );
  const inHeading = all("a.cabecalho_normalizado");
  const where = sql`(${inHeading} OR ${all("a.remissivas_normalizadas")}) ${f.tipo ? sql`AND a.tipo = ${f.tipo}` : sql``}`;
  const [count, rows] = await Promise.all([
    sql<{ n: number }>`SELECT count(*) AS n FROM autoridade a WHERE ${where}`.execute(db),
    sql<AuthorityHit>`
      SELECT a.cod_autoridade, a.tipo, a.cabecalho, a.ver, CASE WHEN ${inHeading} THEN 1 ELSE 0 END AS no_cabecalho,
             (SELECT count(*) FROM acervo_autoridade x WHERE x.cod_autoridade = a.cod_autoridade) AS total_acervos
      FROM autoridade a WHERE ${where}
      ORDER BY no_cabecalho DESC, a.cabecalho_normalizado, a.cod_autoridade
      LIMIT ${f.qtd} OFFSET ${(f.pagina - 1) * f.qtd}`.execute(db),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), rows: rows.rows };
}

/** One authority's row; undefined when there is none. */
export function authorityById(db: Db, id: number) {
  return db.selectFrom("autoridade").selectAll().where("cod_autoridade", "=", id).executeTakeFirst();
}

/** The first authority of each normalized heading (one query for every see-also heading). */
export async function authoritiesByHeading(db: Db, keys: string[]) {
  if (!keys.length) return [];
  return db
    .selectFrom("autoridade")
    .select(["cabecalho_normalizado", sql<number>`min(cod_autoridade)`.as("cod")])
    .where("cabecalho_normalizado", "in", keys)
    .groupBy("cabecalho_normalizado")
    .execute();
}

/** How many titles the authority is linked to. */
export async function linkedTitlesCount(db: Db, id: number): Promise<number> {
  return Number(
    (
      await db
        .selectFrom("acervo_autoridade")
        .select(sql<number>`count(*)`.as("n"))
        .where("cod_autoridade", "=", id)
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** The first `limit` titles linked to the authority, by title. */
export function linkedTitles(db: Db, id: number, limit: number) {
  return db
    .selectFrom("acervo_autoridade as x")
    .innerJoin("acervo as t", "t.cod_acervo", "x.cod_acervo")
    .select(["t.cod_acervo", "t.titulo", "t.autor", "t.ano_publicacao"])
    .where("x.cod_autoridade", "=", id)
    .orderBy("t.titulo")
    .orderBy("t.cod_acervo")
    .limit(limit)
    .execute();
}
