/** Storage of periodical issues (fascículos, migration 005) as they arrive (ADR 196). Queries only; rules are api/domain/periodical-issues.ts. */
import { sql } from "kysely";
import type { Db } from "./index.ts";

export interface IssueKey {
  cod_acervo: number;
  cod_biblioteca: number;
  ano: number;
  volume: string | null;
  numero: string | null;
}

/** The issue of a title at a library with that year, volume and number (a missing part matches only a missing part). */
export function findIssue(db: Db, k: IssueKey) {
  const same = (col: "volume" | "numero", v: string | null) => (v === null ? sql<boolean>`${sql.ref(col)} IS NULL` : sql<boolean>`${sql.ref(col)} = ${v}`);
  return db
    .selectFrom("fasciculo")
    .select(["cod_fasciculo", "situacao", "periodo"])
    .where("cod_acervo", "=", k.cod_acervo)
    .where("cod_biblioteca", "=", k.cod_biblioteca)
    .where("ano", "=", k.ano)
    .where(same("volume", k.volume))
    .where(same("numero", k.numero))
    .executeTakeFirst();
}

/** Marks an expected issue (late, claimed) as received on a day. */
export async function markIssueReceived(db: Db, codFasciculo: number, day: string, periodo: string | null): Promise<void> {
  await db.updateTable("fasciculo").set({ situacao: "recebido", data_chegada: day, observacao: null, ...(periodo ? { periodo } : {}) }).where("cod_fasciculo", "=", codFasciculo).execute();
}

/** Records a received issue; returns its id. */
export async function insertReceivedIssue(db: Db, k: IssueKey & { periodo: string | null; data_publicacao: string | null; data_chegada: string }): Promise<number> {
  const row = await db.insertInto("fasciculo").values({ ...k, situacao: "recebido" }).returning("cod_fasciculo").executeTakeFirstOrThrow();
  return row.cod_fasciculo;
}
