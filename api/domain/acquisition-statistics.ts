/**
 * Acquisition statistics (spec §7 "Aquisicao", ADR 193): copies and titles acquired in a range, by period
 * (months, or years past MONTHS_MAX months) and by mode, and the suggestions received by status.
 */
import { acquiredCopies, suggestionsByStatus, type AcquisitionFilter } from "../db/acquisitions.ts";
import type { Db } from "../db/index.ts";
import { SUGGESTION_STATUSES, type SuggestionStatus } from "./suggestion-statuses.ts";

/** A range longer than this many months is grouped by year, so a chart keeps a readable number of bars. */
export const MONTHS_MAX = 24;

export const ACQUISITION_MODES = ["compra", "doacao", "permuta", "nao_informada"] as const;
export type AcquisitionMode = (typeof ACQUISITION_MODES)[number];

export interface AcquisitionStatistics {
  titulos: number;
  exemplares: number;
  agrupamento: "mes" | "ano";
  periodos: Array<{ periodo: string; titulos: number; exemplares: number }>;
  /** Counts by mode and by suggestion status, as codes: the route words them. */
  por_modalidade: Array<{ modalidade: AcquisitionMode; titulos: number; exemplares: number }>;
  sugestoes: Array<{ situacao: SuggestionStatus; total: number }>;
}

/** Every month "YYYY-MM" from first to last, inclusive. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let [y, m] = first.split("-").map(Number) as [number, number];
  const [ly, lm] = last.split("-").map(Number) as [number, number];
  while (y < ly || (y === ly && m <= lm)) {
    out.push(`${y}-${String(m).padStart(2, "0")}`);
    m++;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

/**
 * The periods of a range: the months (or years) from the range's start (else the first acquisition) to its
 * end (else the last acquisition), with no gaps, so a month with nothing acquired shows as zero.
 */
export function periodsOf(days: string[], f: Pick<AcquisitionFilter, "dataIni" | "dataFim">): { agrupamento: "mes" | "ano"; periodos: string[] } {
  const sorted = [...days].sort();
  const first = (f.dataIni ?? sorted[0])?.slice(0, 7);
  const last = (f.dataFim ?? sorted[sorted.length - 1])?.slice(0, 7);
  if (!first || !last || first > last) return { agrupamento: "mes", periodos: [] };
  const months = monthsBetween(first, last);
  if (months.length <= MONTHS_MAX) return { agrupamento: "mes", periodos: months };
  return { agrupamento: "ano", periodos: [...new Set(months.map((m) => m.slice(0, 4)))] };
}

/** Counts titles (distinct) and copies per key. */
function tally<K extends string>(rows: Array<{ key: K; cod_acervo: number; exemplares: number }>): Map<K, { titulos: number; exemplares: number }> {
  const titles = new Map<K, Set<number>>();
  const copies = new Map<K, number>();
  for (const r of rows) {
    if (!titles.has(r.key)) titles.set(r.key, new Set());
    titles.get(r.key)!.add(r.cod_acervo);
    copies.set(r.key, (copies.get(r.key) ?? 0) + r.exemplares);
  }
  return new Map([...titles].map(([k, s]) => [k, { titulos: s.size, exemplares: copies.get(k) ?? 0 }]));
}

/** The statistics of a range (both dates or neither; start ≤ end is the route's check) and, optionally, one library. */
export async function acquisitionStatistics(db: Db, f: AcquisitionFilter): Promise<AcquisitionStatistics> {
  const [rows, suggestions] = await Promise.all([acquiredCopies(db, f), suggestionsByStatus(db, f)]);
  const { agrupamento, periodos } = periodsOf(
    rows.map((r) => r.dia),
    f,
  );
  const cut = agrupamento === "mes" ? 7 : 4;
  const byPeriod = tally(rows.map((r) => ({ key: r.dia.slice(0, cut), cod_acervo: r.cod_acervo, exemplares: r.exemplares })));
  const modeOf = (m: string | null): AcquisitionMode =>
    (ACQUISITION_MODES as readonly string[]).includes(m ?? "") ? (m as AcquisitionMode) : "nao_informada";
  const byMode = tally(rows.map((r) => ({ key: modeOf(r.modalidade), cod_acervo: r.cod_acervo, exemplares: r.exemplares })));
  const all = tally(rows.map((r) => ({ key: "all" as const, cod_acervo: r.cod_acervo, exemplares: r.exemplares }))).get("all");
  const counted = new Map(suggestions.map((s) => [s.situacao, s.total]));
  return {
    titulos: all?.titulos ?? 0,
    exemplares: all?.exemplares ?? 0,
    agrupamento,
    periodos: periodos.map((p) => ({ periodo: p, titulos: byPeriod.get(p)?.titulos ?? 0, exemplares: byPeriod.get(p)?.exemplares ?? 0 })),
    por_modalidade: ACQUISITION_MODES.filter((m) => byMode.has(m)).map((m) => ({ modalidade: m, ...byMode.get(m)! })),
    // Every status that has suggestions, in the spec's order.
    sugestoes: SUGGESTION_STATUSES.filter((s) => counted.has(s)).map((s) => ({ situacao: s, total: counted.get(s)! })),
  };
}
