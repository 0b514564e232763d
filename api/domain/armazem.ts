import type { Db } from "../db/index.ts";

/** The outcome of handing a basket to a library: stored, or the field that was wrong. */
export type ArmazemOutcome = { ok: true; cod_armazem: number; itens: number } | { ok: false; field: "cod_biblioteca" | "cesta" };

/**
 * Stores the patron's basket as a list handed to one library (spec §7 `POST /gravar-armazem {cesta}` with
 * `cod_biblioteca`, ADR 180): unknown titles are skipped; an unknown library, or no known title, is refused.
 */
export async function saveToArmazem(db: Db, codPessoa: number, codBiblioteca: number, cesta: number[]): Promise<ArmazemOutcome> {
  const lib = await db.selectFrom("biblioteca").select("cod_biblioteca").where("cod_biblioteca", "=", codBiblioteca).executeTakeFirst();
  if (!lib) return { ok: false, field: "cod_biblioteca" };
  const wanted = [...new Set(cesta)];
  const known = new Set((await db.selectFrom("acervo").select("cod_acervo").where("cod_acervo", "in", wanted).execute()).map((r) => r.cod_acervo));
  const acervos = wanted.filter((id) => known.has(id));
  if (acervos.length === 0) return { ok: false, field: "cesta" };
  const row = await db
    .insertInto("armazem")
    .values({ cod_pessoa: codPessoa, cod_biblioteca: codBiblioteca, acervos: JSON.stringify(acervos) })
    .returning("cod_armazem")
    .executeTakeFirstOrThrow();
  return { ok: true, cod_armazem: row.cod_armazem, itens: acervos.length };
}

/** The lists the patron handed to libraries, newest first, with their titles. */
export async function listArmazem(db: Db, codPessoa: number) {
  const rows = await db
    .selectFrom("armazem as a")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "a.cod_biblioteca")
    .select(["a.cod_armazem", "a.acervos", "a.created_at", "b.cod_biblioteca", "b.desc_biblioteca"])
    .where("a.cod_pessoa", "=", codPessoa)
    .orderBy("a.cod_armazem", "desc")
    .execute();
  const ids = [...new Set(rows.flatMap((r) => JSON.parse(r.acervos) as number[]))];
  const titles = ids.length ? await db.selectFrom("acervo").select(["cod_acervo", "titulo"]).where("cod_acervo", "in", ids).execute() : [];
  const byId = new Map(titles.map((t) => [t.cod_acervo, t]));
  return rows.map((r) => ({
    cod_armazem: r.cod_armazem,
    biblioteca: { cod_biblioteca: r.cod_biblioteca, desc_biblioteca: r.desc_biblioteca },
    acervos: (JSON.parse(r.acervos) as number[]).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    created_at: r.created_at,
  }));
}
