import type { Db } from "../db/index.ts";
import { reindexAcervos } from "../search/index.ts";
import { DEMO_EMPRESA } from "./institution.ts";

/**
 * Demo titles for the waiting list (ADR 094): their only copy is out of circulation (in restoration) and
 * does not allow holds, so it can be neither requested nor held. Search "setecentistas" to find them.
 */
export const WAITING_LIST_TITLES = [
  { titulo: "Cartas náuticas setecentistas", autor: "Vasconcelos, Inês", ano: 1998 },
  { titulo: "Atlas das capitanias setecentistas", autor: "Moura, Caetano", ano: 2004 },
  { titulo: "Roteiros fluviais setecentistas", autor: "Prado, Lúcia", ano: 2011 },
];

/** Adds the waiting-list demo titles (once: they are keyed by `chave_origem`). */
export async function seedWaitingList(db: Db, { log = (_m: string) => {} }: { log?: (m: string) => void } = {}): Promise<void> {
  const ids: number[] = [];
  for (const [i, t] of WAITING_LIST_TITLES.entries()) {
    const chave = `demo-lista-espera-${i + 1}`;
    if (await db.selectFrom("acervo").select("cod_acervo").where("chave_origem", "=", chave).executeTakeFirst()) continue;
    const row = await db
      .insertInto("acervo")
      .values({
        cod_empresa: DEMO_EMPRESA,
        chave_origem: chave,
        cod_tipo_obra: 1,
        titulo: t.titulo,
        autor: t.autor,
        ano_publicacao: t.ano,
        assuntos: JSON.stringify(["Cartografia – Brasil – Período colonial", "Obras em restauração"]),
        idioma: "por",
        marc: JSON.stringify({ leader: "00000nam a2200000 a 4500", fields: [] }),
      })
      .returning("cod_acervo")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("exemplar")
      .values({
        cod_acervo: row.cod_acervo,
        cod_biblioteca: 1,
        codigo_barras: `DEMO-LE-${i + 1}`,
        chamada: "912.81 C",
        localizacao: "Laboratório de restauração",
        situacao: "indisponivel",
        permite_reserva: 0,
      })
      .execute();
    ids.push(row.cod_acervo);
  }
  if (ids.length === 0) return;
  await reindexAcervos(db, ids);
  log(`added ${ids.length} titles in restoration for the waiting list`);
}
