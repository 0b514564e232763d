/** Storage of patron lists (tables `lista`, `lista_item`; ADR 246). Every read and write names the owner. */
import { sql } from "kysely";
import { dialectOf, type Db } from "./index.ts";

export interface ListRow {
  cod_lista: number;
  nome: string;
  padrao: boolean;
  token_publico: string | null;
  itens: number;
  updated_at: string;
}

export interface ListItemRow {
  cod_acervo: number;
  titulo: string;
  autor: string | null;
  ano_publicacao: number | null;
  desc_tipo_obra: string | null;
  idioma: string | null;
  nota: string | null;
  data_inclusao: string;
}

const itemCount = sql<number>`(SELECT count(*) FROM lista_item i WHERE i.cod_lista = lista.cod_lista)`;

function toListRow(r: {
  cod_lista: number;
  nome: string;
  padrao: number | boolean;
  token_publico: string | null;
  itens: number | string;
  updated_at: string;
}): ListRow {
  return {
    cod_lista: r.cod_lista,
    nome: r.nome,
    padrao: Number(r.padrao) === 1,
    token_publico: r.token_publico,
    itens: Number(r.itens),
    updated_at: r.updated_at,
  };
}

const listColumns = ["lista.cod_lista", "lista.nome", "lista.padrao", "lista.token_publico", "lista.updated_at"] as const;

/** The patron's lists, the default one first, then by name. */
export async function listsOf(db: Db, codPessoa: number): Promise<ListRow[]> {
  const rows = await db
    .selectFrom("lista")
    .select([...listColumns, itemCount.as("itens")])
    .where("cod_pessoa", "=", codPessoa)
    .orderBy("padrao", "desc")
    .orderBy("nome")
    .orderBy("cod_lista")
    .execute();
  return rows.map(toListRow);
}

/** One of the patron's lists (undefined when it is not theirs or does not exist). */
export async function listOf(db: Db, codPessoa: number, codLista: number): Promise<ListRow | undefined> {
  const r = await db
    .selectFrom("lista")
    .select([...listColumns, itemCount.as("itens")])
    .where("cod_pessoa", "=", codPessoa)
    .where("cod_lista", "=", codLista)
    .executeTakeFirst();
  return r ? toListRow(r) : undefined;
}

/** The patron's default list, or undefined before its first use. */
export async function defaultListOf(db: Db, codPessoa: number): Promise<ListRow | undefined> {
  const r = await db
    .selectFrom("lista")
    .select([...listColumns, itemCount.as("itens")])
    .where("cod_pessoa", "=", codPessoa)
    .where("padrao", "=", 1)
    .executeTakeFirst();
  return r ? toListRow(r) : undefined;
}

/** The default list's id, made on first use; two first uses at once make one (a partial unique index). */
export async function ensureDefaultList(db: Db, codPessoa: number, nome: string): Promise<number> {
  const found = await defaultListOf(db, codPessoa);
  if (found) return found.cod_lista;
  try {
    const row = await db.insertInto("lista").values({ cod_pessoa: codPessoa, nome, padrao: 1 }).returning("cod_lista").executeTakeFirstOrThrow();
    return row.cod_lista;
  } catch (err) {
    const again = await defaultListOf(db, codPessoa);
    if (again) return again.cod_lista;
    throw err;
  }
}

/** The list a public token opens, or undefined (a private list has no token). */
export async function publicList(db: Db, token: string): Promise<{ cod_lista: number; nome: string; updated_at: string } | undefined> {
  return db.selectFrom("lista").select(["cod_lista", "nome", "updated_at"]).where("token_publico", "=", token).executeTakeFirst();
}

/** A list's titles, oldest first (the order they were added); `desde`/`ate` keep those added in that period. */
export async function itemsOf(db: Db, codLista: number, period?: { desde: string; ate: string }, newestFirst = false): Promise<ListItemRow[]> {
  let q = db
    .selectFrom("lista_item as i")
    .innerJoin("acervo as a", "a.cod_acervo", "i.cod_acervo")
    .leftJoin("tipo_obra as t", "t.cod_tipo_obra", "a.cod_tipo_obra")
    .select([
      "a.cod_acervo",
      "a.titulo",
      "a.autor",
      "a.ano_publicacao",
      "t.descricao as desc_tipo_obra",
      "a.idioma",
      "i.nota",
      "i.created_at as data_inclusao",
    ])
    .where("i.cod_lista", "=", codLista);
  if (period) q = q.where("i.created_at", ">=", period.desde).where("i.created_at", "<", `${period.ate}~`);
  const rows = await (
    newestFirst ? q.orderBy("i.created_at", "desc").orderBy("a.cod_acervo") : q.orderBy("i.created_at").orderBy("a.cod_acervo")
  ).execute();
  return rows.map((r) => ({ ...r, desc_tipo_obra: r.desc_tipo_obra ?? null, idioma: r.idioma ?? null }));
}

/** The ids of a list's titles, in the order they were added. */
export async function itemIdsOf(db: Db, codLista: number): Promise<number[]> {
  const rows = await db
    .selectFrom("lista_item")
    .select("cod_acervo")
    .where("cod_lista", "=", codLista)
    .orderBy("created_at")
    .orderBy("cod_acervo")
    .execute();
  return rows.map((r) => r.cod_acervo);
}

/** Which of `ids` are titles of the catalogue. */
export async function knownTitles(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("acervo").select("cod_acervo").where("cod_acervo", "in", ids).execute();
  const known = new Set(rows.map((r) => r.cod_acervo));
  return ids.filter((id) => known.has(id));
}

/** Runs `work` with the row `table.key = id` locked on PostgreSQL (SQLite runs one write transaction at a time). */
async function locked<T>(db: Db, table: "lista" | "pessoa", id: number, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf(db) === "postgres") {
      const key = table === "lista" ? sql.ref("cod_lista") : sql.ref("cod_pessoa");
      await sql`SELECT 1 FROM ${sql.table(table)} WHERE ${key} = ${id} FOR UPDATE`.execute(trx);
    } else {
      // Takes SQLite's write lock now, so the count below and the insert see the same list.
      await sql`UPDATE lista SET updated_at = updated_at WHERE cod_lista = -1`.execute(trx);
    }
    return work(trx as unknown as Db);
  });
}

/**
 * Adds titles to a list within `max` items, counting under a lock so parallel adds cannot pass the limit.
 * Titles already there are kept as they are. Returns how many were added and how many did not fit.
 */
export async function addItems(
  db: Db,
  codLista: number,
  ids: number[],
  max: number,
  nota: string | null = null,
): Promise<{ added: number; refused: number }> {
  return locked(db, "lista", codLista, async (trx) => {
    const present = new Set(
      (await trx.selectFrom("lista_item").select("cod_acervo").where("cod_lista", "=", codLista).execute()).map((r) => r.cod_acervo),
    );
    const fresh = ids.filter((id) => !present.has(id));
    const room = Math.max(0, max - present.size);
    const take = fresh.slice(0, room);
    if (take.length > 0) {
      await trx
        .insertInto("lista_item")
        .values(take.map((cod_acervo) => ({ cod_lista: codLista, cod_acervo, nota })))
        .execute();
      await trx
        .updateTable("lista")
        .set({ updated_at: sql`CURRENT_TIMESTAMP` })
        .where("cod_lista", "=", codLista)
        .execute();
    }
    return { added: take.length, refused: fresh.length - take.length };
  });
}

/** Whether the title is in the list. */
export async function hasItem(db: Db, codLista: number, codAcervo: number): Promise<boolean> {
  return Boolean(
    await db.selectFrom("lista_item").select("cod_acervo").where("cod_lista", "=", codLista).where("cod_acervo", "=", codAcervo).executeTakeFirst(),
  );
}

/** Removes titles from a list (titles not there are ignored); returns how many went. */
export async function removeItems(db: Db, codLista: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db.deleteFrom("lista_item").where("cod_lista", "=", codLista).where("cod_acervo", "in", ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Sets an item's note (null clears it); false when the title is not in the list. */
export async function setNote(db: Db, codLista: number, codAcervo: number, nota: string | null): Promise<boolean> {
  const res = await db
    .updateTable("lista_item")
    .set({ nota })
    .where("cod_lista", "=", codLista)
    .where("cod_acervo", "=", codAcervo)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Creates a list when the patron has fewer than `max`, counting under a lock on the patron. */
export async function createList(db: Db, codPessoa: number, nome: string, max: number): Promise<number | null> {
  return locked(db, "pessoa", codPessoa, async (trx) => {
    const { n } = await trx
      .selectFrom("lista")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("cod_pessoa", "=", codPessoa)
      .executeTakeFirstOrThrow();
    if (Number(n) >= max) return null;
    const row = await trx.insertInto("lista").values({ cod_pessoa: codPessoa, nome, padrao: 0 }).returning("cod_lista").executeTakeFirstOrThrow();
    return row.cod_lista;
  });
}

/** Renames and/or sets the public token of one of the patron's lists. */
export async function updateList(
  db: Db,
  codPessoa: number,
  codLista: number,
  change: { nome?: string; token_publico?: string | null },
): Promise<void> {
  await db
    .updateTable("lista")
    .set({ ...change, updated_at: sql`CURRENT_TIMESTAMP` })
    .where("cod_pessoa", "=", codPessoa)
    .where("cod_lista", "=", codLista)
    .execute();
}

/** Deletes one of the patron's lists that is not the default one, with its items; false when nothing was deleted. */
export async function deleteList(db: Db, codPessoa: number, codLista: number): Promise<boolean> {
  // Under the write lock from the start: a SQLite read that later writes fails (SQLITE_BUSY_SNAPSHOT, no retry)
  // when the other portal process wrote in between.
  return locked(db, "lista", codLista, async (trx) => {
    const own = await trx
      .selectFrom("lista")
      .select("cod_lista")
      .where("cod_pessoa", "=", codPessoa)
      .where("cod_lista", "=", codLista)
      .where("padrao", "=", 0)
      .executeTakeFirst();
    if (!own) return false;
    await trx.deleteFrom("lista_item").where("cod_lista", "=", codLista).execute();
    await trx.deleteFrom("lista").where("cod_lista", "=", codLista).execute();
    return true;
  });
}

/** Every list of the patron with its items, for the personal-data export. */
export async function listsForExport(db: Db, codPessoa: number) {
  const lists = await db
    .selectFrom("lista")
    .select(["cod_lista", "nome", "padrao", "token_publico", "created_at", "updated_at"])
    .where("cod_pessoa", "=", codPessoa)
    .orderBy("cod_lista")
    .execute();
  return Promise.all(
    lists.map(async (l) => ({
      ...l,
      padrao: Number(l.padrao) === 1,
      itens: await db
        .selectFrom("lista_item as i")
        .innerJoin("acervo as a", "a.cod_acervo", "i.cod_acervo")
        .select(["a.cod_acervo", "a.titulo", "i.nota", "i.created_at"])
        .where("i.cod_lista", "=", l.cod_lista)
        .orderBy("i.created_at")
        .execute(),
    })),
  );
}
