/** Data access of the browse indexes (table indice_entrada, filled by reindexGuides in search.ts). */
import { sql } from "kysely";
import type { BrowseIndex } from "./browse-rules.ts";
import { BRIEF_TITLE_COLUMNS } from "../db/acervo.ts";
import type { Db } from "../db/index.ts";
import type { SearchHit } from "./query.ts";

export interface BrowseEntry {
  chave: string;
  valor: string;
  total: number;
}

export interface BrowsePage {
  entradas: BrowseEntry[];
  /** The key to continue backwards from (`ate`), when entries exist before this page. */
  anterior: string | null;
  /** The key the next page starts at (`de`), when entries exist after this page. */
  proxima: string | null;
}

/**
 * One page of an index in alphabetical order: `qtd` entries from the key `de` (inclusive), or the `qtd`
 * entries before the key `ate` (exclusive) when paging backwards. Each entry is one heading with its number
 * of titles; one grouped range scan over (indice, chave).
 */
export async function browseIndex(db: Db, indice: BrowseIndex, opts: { de?: string; ate?: string; qtd: number }): Promise<BrowsePage> {
  const { qtd } = opts;
  const base = db
    .selectFrom("indice_entrada")
    .select(["chave", sql<string>`min(valor)`.as("valor"), sql<number>`count(*)`.as("total")])
    .where("indice", "=", indice)
    .groupBy("chave");
  let rows: BrowseEntry[];
  let more: boolean;
  if (opts.ate !== undefined) {
    const back = await base
      .where("chave", "<", opts.ate)
      .orderBy("chave", "desc")
      .limit(qtd + 1)
      .execute();
    more = back.length > qtd;
    rows = back.slice(0, qtd).reverse();
    const next = rows.length ? opts.ate : null;
    return { entradas: norm(rows), anterior: more && rows.length ? rows[0].chave : null, proxima: next };
  }
  const from = opts.de ?? "";
  const fwd = await base
    .where("chave", ">=", from)
    .orderBy("chave")
    .limit(qtd + 1)
    .execute();
  more = fwd.length > qtd;
  rows = fwd.slice(0, qtd);
  const before = rows.length
    ? await db
        .selectFrom("indice_entrada")
        .select("chave")
        .where("indice", "=", indice)
        .where("chave", "<", rows[0].chave)
        .limit(1)
        .executeTakeFirst()
    : await db.selectFrom("indice_entrada").select("chave").where("indice", "=", indice).where("chave", "<", from).limit(1).executeTakeFirst();
  return {
    entradas: norm(rows),
    anterior: before ? (rows[0]?.chave ?? from) : null,
    proxima: more ? fwd[qtd].chave : null,
  };
}

const norm = (rows: BrowseEntry[]) => rows.map((r) => ({ chave: r.chave, valor: r.valor, total: Number(r.total) }));

/** The titles of one index entry, by title, one page at a time (same hit shape as the search). */
export async function browseTitles(
  db: Db,
  indice: BrowseIndex,
  chave: string,
  pagina: number,
  qtd: number,
): Promise<{ total: number; valor: string | null; resultados: SearchHit[] }> {
  const head = await db
    .selectFrom("indice_entrada")
    .select([sql<number>`count(*)`.as("total"), sql<string | null>`min(valor)`.as("valor")])
    .where("indice", "=", indice)
    .where("chave", "=", chave)
    .executeTakeFirst();
  const rows = await db
    .selectFrom("indice_entrada as i")
    .innerJoin("acervo as a", "a.cod_acervo", "i.cod_acervo")
    .leftJoin("tipo_obra as t", "t.cod_tipo_obra", "a.cod_tipo_obra")
    .select([
      ...BRIEF_TITLE_COLUMNS,
      sql<number>`(SELECT count(*) FROM exemplar e WHERE e.cod_acervo = a.cod_acervo)`.as("exemplares"),
      sql<number>`(SELECT count(*) FROM exemplar e WHERE e.cod_acervo = a.cod_acervo AND e.situacao = 'disponivel')`.as("disponiveis"),
    ])
    .where("i.indice", "=", indice)
    .where("i.chave", "=", chave)
    .orderBy(sql`lower(a.titulo)`)
    .orderBy("a.cod_acervo")
    .limit(qtd)
    .offset((pagina - 1) * qtd)
    .execute();
  return {
    total: Number(head?.total ?? 0),
    valor: head?.valor ?? null,
    resultados: rows.map((r) => ({ ...r, exemplares: Number(r.exemplares), disponiveis: Number(r.disponiveis) })),
  };
}
