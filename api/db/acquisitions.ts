/**
 * Storage for acquisition statistics (spec §7 "Aquisicao", ADR 193): the copies acquired in a date range and the
 * purchase suggestions received in it. Queries only; grouping into months or years is api/domain/acquisition-statistics.ts.
 */
import { sql } from "kysely";
import type { Db } from "./index.ts";

export interface AcquisitionFilter {
  dataIni?: string;
  dataFim?: string;
  biblioteca?: number;
}

/** One row per acquisition day, mode and title: how many copies of the title came in that day that way. */
export interface AcquiredRow {
  dia: string;
  modalidade: string | null;
  cod_acervo: number;
  exemplares: number;
}

/** The copies acquired in the range (a copy with no acquisition date counts from its title's creation day). */
export async function acquiredCopies(db: Db, f: AcquisitionFilter): Promise<AcquiredRow[]> {
  const day = sql<string>`coalesce(e.data_aquisicao, substr(a.created_at, 1, 10))`;
  let q = db.selectFrom("exemplar as e").innerJoin("acervo as a", "a.cod_acervo", "e.cod_acervo");
  if (f.dataIni) q = q.where(day, ">=", f.dataIni);
  if (f.dataFim) q = q.where(day, "<=", f.dataFim);
  if (f.biblioteca) q = q.where("e.cod_biblioteca", "=", f.biblioteca);
  const rows = await q
    .select([day.as("dia"), "e.modalidade_aquisicao as modalidade", "e.cod_acervo", sql<number>`count(*)`.as("exemplares")])
    .groupBy([day, "e.modalidade_aquisicao", "e.cod_acervo"])
    .execute();
  return rows.map((r) => ({ dia: String(r.dia).slice(0, 10), modalidade: r.modalidade, cod_acervo: r.cod_acervo, exemplares: Number(r.exemplares) }));
}

/** Purchase suggestions received in the range (all patrons), counted by status. */
export async function suggestionsByStatus(db: Db, f: AcquisitionFilter): Promise<Array<{ situacao: string; total: number }>> {
  const day = sql<string>`substr(s.created_at, 1, 10)`;
  let q = db.selectFrom("sugestao_aquisicao as s");
  if (f.dataIni) q = q.where(day, ">=", f.dataIni);
  if (f.dataFim) q = q.where(day, "<=", f.dataFim);
  if (f.biblioteca) q = q.where("s.cod_biblioteca", "=", f.biblioteca);
  const rows = await q
    .select(["s.situacao", sql<number>`count(*)`.as("total")])
    .groupBy("s.situacao")
    .execute();
  return rows.map((r) => ({ situacao: r.situacao, total: Number(r.total) }));
}
