/**
 * Storage of the requests to the library (migration 060, ADR 190): one row per request, its fields as JSON.
 * Queries only; the rules (kinds, duplicates, limits) live in api/domain/library-requests.ts.
 */
import type { Db } from "./index.ts";

/** The shared DB type plus this module's table (kept here so the shared row types need no edit). */
export type LibraryRequestRow = {
  cod_solicitacao: number;
  cod_pessoa: number;
  tipo: string;
  subtipo: string | null;
  dados: string;
  situacao: string;
  resposta: string | null;
  data_resposta: string | null;
  created_at: string;
};

const COLUMNS = ["cod_solicitacao", "cod_pessoa", "tipo", "subtipo", "dados", "situacao", "resposta", "data_resposta", "created_at"] as const;

/** The patron's requests of one kind, newest first, optionally of one status. */
export function listRequests(db: Db, codPessoa: number, tipo: string, situacao?: string): Promise<LibraryRequestRow[]> {
  let q = db.selectFrom("solicitacao_biblioteca").select(COLUMNS).where("cod_pessoa", "=", codPessoa).where("tipo", "=", tipo);
  if (situacao) q = q.where("situacao", "=", situacao);
  return q.orderBy("created_at", "desc").orderBy("cod_solicitacao", "desc").execute();
}

/** One of the patron's requests by id, or undefined. */
export function getRequest(db: Db, codPessoa: number, id: number): Promise<LibraryRequestRow | undefined> {
  return db
    .selectFrom("solicitacao_biblioteca")
    .select(COLUMNS)
    .where("cod_pessoa", "=", codPessoa)
    .where("cod_solicitacao", "=", id)
    .executeTakeFirst();
}

/** How many of the patron's requests of `tipo` are in one of `statuses`. */
export async function countRequests(db: Db, codPessoa: number, tipo: string, statuses: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom("solicitacao_biblioteca")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("cod_pessoa", "=", codPessoa)
    .where("tipo", "=", tipo)
    .where("situacao", "in", [...statuses])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the patron has a request of `tipo` with this duplicate key in one of `statuses`. */
export async function hasDuplicate(db: Db, codPessoa: number, tipo: string, chave: string, statuses: readonly string[]): Promise<boolean> {
  const row = await db
    .selectFrom("solicitacao_biblioteca")
    .select("cod_solicitacao")
    .where("cod_pessoa", "=", codPessoa)
    .where("tipo", "=", tipo)
    .where("chave_duplicidade", "=", chave)
    .where("situacao", "in", [...statuses])
    .executeTakeFirst();
  return Boolean(row);
}

/** Inserts a request; returns the stored row. */
export function insertRequest(
  db: Db,
  row: {
    cod_pessoa: number;
    tipo: string;
    subtipo: string | null;
    dados: string;
    chave_duplicidade: string;
    situacao?: string;
    resposta?: string | null;
    data_resposta?: string | null;
    created_at?: string;
  },
): Promise<LibraryRequestRow> {
  return db.insertInto("solicitacao_biblioteca").values(row).returning(COLUMNS).executeTakeFirstOrThrow();
}

/** The category's request limit of a patron. */
export async function requestLimitOf(db: Db, codPessoa: number): Promise<number> {
  const row = await db
    .selectFrom("pessoa as p")
    .innerJoin("categoria as k", "k.cod_categoria", "p.cod_categoria")
    .select("k.limite_solicitacoes")
    .where("p.cod_pessoa", "=", codPessoa)
    .executeTakeFirstOrThrow();
  return Number(row.limite_solicitacoes);
}
