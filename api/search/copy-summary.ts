import { sql } from "kysely";
import type { Db } from "../db/index.ts";

/**
 * Where a result's copies are (issue 28, "location and call number with availability in the results list"): per
 * title, per library, the call number and shelf location (an available copy's first), its copies and how many
 * are on the shelf; and whether the title can be held (the title page's rule: no copy on the shelf and some copy
 * that allows holds). One grouped statement for a page of results.
 */
export interface CopyPlace {
  cod_biblioteca: number;
  biblioteca: string;
  chamada: string | null;
  localizacao: string | null;
  exemplares: number;
  disponiveis: number;
}

export interface CopySummary {
  localizacoes: CopyPlace[];
  reservavel: boolean;
}

export async function copySummaries(db: Db, ids: readonly number[]): Promise<Map<number, CopySummary>> {
  const out = new Map<number, CopySummary>(ids.map((id) => [id, { localizacoes: [], reservavel: false }]));
  if (ids.length === 0) return out;
  const { rows } = await sql<{
    cod_acervo: number;
    cod_biblioteca: number;
    biblioteca: string;
    chamada: string | null;
    localizacao: string | null;
    exemplares: number | string;
    disponiveis: number | string;
    reservaveis: number | string;
  }>`
    SELECT e.cod_acervo, e.cod_biblioteca, b.desc_biblioteca AS biblioteca,
           coalesce(min(CASE WHEN e.situacao = 'disponivel' THEN e.chamada END), min(e.chamada)) AS chamada,
           coalesce(min(CASE WHEN e.situacao = 'disponivel' THEN e.localizacao END), min(e.localizacao)) AS localizacao,
           count(*) AS exemplares,
           sum(CASE WHEN e.situacao = 'disponivel' THEN 1 ELSE 0 END) AS disponiveis,
           sum(CASE WHEN e.permite_reserva = 1 THEN 1 ELSE 0 END) AS reservaveis
    FROM exemplar e JOIN biblioteca b ON b.cod_biblioteca = e.cod_biblioteca
    WHERE e.cod_acervo IN (${sql.join([...ids])})
    GROUP BY e.cod_acervo, e.cod_biblioteca, b.desc_biblioteca
    ORDER BY e.cod_acervo, sum(CASE WHEN e.situacao = 'disponivel' THEN 1 ELSE 0 END) DESC, b.desc_biblioteca`.execute(db);
  const reservable = new Map<number, { free: number; holdable: number }>();
  for (const r of rows) {
    const id = Number(r.cod_acervo);
    const disponiveis = Number(r.disponiveis);
    out.get(id)?.localizacoes.push({
      cod_biblioteca: Number(r.cod_biblioteca),
      biblioteca: r.biblioteca,
      chamada: r.chamada,
      localizacao: r.localizacao,
      exemplares: Number(r.exemplares),
      disponiveis,
    });
    const c = reservable.get(id) ?? { free: 0, holdable: 0 };
    c.free += disponiveis;
    c.holdable += Number(r.reservaveis);
    reservable.set(id, c);
  }
  for (const [id, c] of reservable) out.get(id)!.reservavel = c.free === 0 && c.holdable > 0;
  return out;
}
