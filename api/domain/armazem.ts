import { armazemRowsOf, insertArmazem, knownTitles, titlesByIds } from "../db/armazem.ts";
import { libraryExists } from "../db/directory.ts";
import type { Db } from "../db/index.ts";

/** The outcome of handing a basket to a library: stored, or the field that was wrong. */
export type ArmazemOutcome = { ok: true; cod_armazem: number; itens: number } | { ok: false; field: "cod_biblioteca" | "cesta" };

/**
 * Stores the patron's basket as a list handed to one library (spec §7 `POST /gravar-armazem {cesta}` with
 * `cod_biblioteca`, ADR 180): unknown titles are skipped; an unknown library, or no known title, is refused.
 */
export async function saveToArmazem(db: Db, codPessoa: number, codBiblioteca: number, cesta: number[]): Promise<ArmazemOutcome> {
  if (!(await libraryExists(db, codBiblioteca))) return { ok: false, field: "cod_biblioteca" };
  const wanted = [...new Set(cesta)];
  const known = await knownTitles(db, wanted);
  const acervos = wanted.filter((id) => known.has(id));
  if (acervos.length === 0) return { ok: false, field: "cesta" };
  return { ok: true, cod_armazem: await insertArmazem(db, codPessoa, codBiblioteca, acervos), itens: acervos.length };
}

/** The lists the patron handed to libraries, newest first, with their titles. */
export async function listArmazem(db: Db, codPessoa: number) {
  const rows = await armazemRowsOf(db, codPessoa);
  const ids = [...new Set(rows.flatMap((r) => JSON.parse(r.acervos) as number[]))];
  const titles = await titlesByIds(db, ids);
  const byId = new Map(titles.map((t) => [t.cod_acervo, t]));
  return rows.map((r) => ({
    cod_armazem: r.cod_armazem,
    biblioteca: { cod_biblioteca: r.cod_biblioteca, desc_biblioteca: r.desc_biblioteca },
    acervos: (JSON.parse(r.acervos) as number[]).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    created_at: r.created_at,
  }));
}
