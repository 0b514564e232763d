/**
 * Storage of the interest profiles (migration 070, ADR 191): queries only; the rules (what may be saved, which
 * titles match a profile, the alerts) live in api/domain/interest-profiles.ts.
 */
import { sql } from "kysely";
import type { Db } from "./index.ts";

export interface ProfileItemRow {
  tipo_dsi: string;
  cod_tipo_area: number;
  codigo: string;
  descricao: string;
  created_at: string;
}

/** The profile's expiry date (YYYY-MM-DD), or null when the patron has none. */
export async function profileValidity(db: Db, codPessoa: number): Promise<string | null> {
  const row = await db.selectFrom("perfil_interesse").select("validade").where("cod_pessoa", "=", codPessoa).executeTakeFirst();
  return row?.validade ?? null;
}

/** Sets the profile's expiry date (creating the profile). */
export async function setProfileValidity(db: Db, codPessoa: number, validade: string): Promise<void> {
  await db
    .insertInto("perfil_interesse")
    .values({ cod_pessoa: codPessoa, validade })
    .onConflict((oc) => oc.column("cod_pessoa").doUpdateSet({ validade, updated_at: sql`CURRENT_TIMESTAMP` }))
    .execute();
}

/** The profile's areas, authors and subjects, by kind then description. */
export function profileItems(db: Db, codPessoa: number): Promise<ProfileItemRow[]> {
  return db
    .selectFrom("perfil_interesse_item")
    .select(["tipo_dsi", "cod_tipo_area", "codigo", "descricao", "created_at"])
    .where("cod_pessoa", "=", codPessoa)
    .orderBy("tipo_dsi")
    .orderBy("descricao")
    .execute();
}

/** Adds items to the profile; one already there is left as it is. */
export async function addProfileItems(
  db: Db,
  codPessoa: number,
  items: Array<{ tipo_dsi: string; cod_tipo_area: number; codigo: string; descricao: string }>,
): Promise<void> {
  if (!items.length) return;
  await db
    .insertInto("perfil_interesse_item")
    .values(items.map((i) => ({ ...i, cod_pessoa: codPessoa })))
    .onConflict((oc) => oc.columns(["cod_pessoa", "tipo_dsi", "cod_tipo_area", "codigo"]).doNothing())
    .execute();
}

/** Removes one item; returns whether it was there. */
export async function removeProfileItem(
  db: Db,
  codPessoa: number,
  item: { tipo_dsi: string; cod_tipo_area: number; codigo: string },
): Promise<boolean> {
  const res = await db
    .deleteFrom("perfil_interesse_item")
    .where("cod_pessoa", "=", codPessoa)
    .where("tipo_dsi", "=", item.tipo_dsi)
    .where("cod_tipo_area", "=", item.cod_tipo_area)
    .where("codigo", "=", item.codigo)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Derived facet values (A author, S subject) whose code contains `key`, with how many titles carry each. */
export async function facetValuesLike(
  db: Db,
  tipo: "A" | "S",
  key: string,
  limit: number,
): Promise<Array<{ codigo: string; descricao: string; total: number }>> {
  const rows = await db
    .selectFrom("faceta_valor as v")
    .innerJoin("acervo_faceta as af", "af.cod_valor", "v.cod_valor")
    .select(["v.codigo", "v.descricao", sql<number>`count(*)`.as("total")])
    .where("v.tipo", "=", tipo)
    .where("v.codigo", "like", `%${key.replace(/[%_\\]/g, "")}%`)
    .groupBy(["v.codigo", "v.descricao"])
    .orderBy(sql`count(*)`, "desc")
    .orderBy("v.codigo")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

/** The derived facet values (A, S) of these codes, for naming items being saved. */
export function facetValuesByCode(db: Db, tipo: "A" | "S", codes: readonly string[]): Promise<Array<{ codigo: string; descricao: string }>> {
  if (!codes.length) return Promise.resolve([]);
  return db
    .selectFrom("faceta_valor")
    .select(["codigo", "descricao"])
    .where("tipo", "=", tipo)
    .where("codigo", "in", [...codes])
    .execute();
}

/** The classes (first character of the classification) in the catalogue, with their title counts. */
export async function catalogueClasses(db: Db): Promise<Array<{ codigo: string; total: number }>> {
  const cls = sql<string>`upper(substr(trim(classificacao), 1, 1))`;
  const rows = await db
    .selectFrom("acervo")
    .select([cls.as("codigo"), sql<number>`count(*)`.as("total")])
    .where("classificacao", "is not", null)
    .where(sql<string>`trim(classificacao)`, "<>", "")
    .groupBy(cls)
    .orderBy(cls)
    .execute();
  return rows.map((r) => ({ codigo: r.codigo, total: Number(r.total) })).filter((r) => /^[0-9A-Z]$/.test(r.codigo));
}

export interface ProfileTitleRow {
  cod_acervo: number;
  titulo: string;
  autor: string | null;
  ano_publicacao: number | null;
  desc_tipo_obra: string | null;
  area: string;
  created_at: string;
}

/** Titles of the given classes (optionally of the given work types), newest first, a page at a time. */
export async function titlesOfClasses(
  db: Db,
  classes: readonly string[] | "all",
  workTypes: readonly number[],
  page: number,
  size: number,
  /** Only titles added to the catalogue at or after this time (`YYYY-MM-DD HH:MM:SS`, UTC). */
  since?: string,
): Promise<{ total: number; rows: ProfileTitleRow[] }> {
  if (classes !== "all" && !classes.length) return { total: 0, rows: [] };
  const cls = sql<string>`upper(substr(trim(a.classificacao), 1, 1))`;
  let q = db.selectFrom("acervo as a").leftJoin("tipo_obra as t", "t.cod_tipo_obra", "a.cod_tipo_obra");
  if (classes !== "all") q = q.where(cls, "in", [...classes]);
  if (workTypes.length) q = q.where("a.cod_tipo_obra", "in", [...workTypes]);
  if (since) q = q.where("a.created_at", ">=", since);
  const count = await q.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  const rows = await q
    .select(["a.cod_acervo", "a.titulo", "a.autor", "a.ano_publicacao", "t.descricao as desc_tipo_obra", cls.as("area"), "a.created_at"])
    .orderBy("a.created_at", "desc")
    .orderBy("a.cod_acervo", "desc")
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { total: Number(count.n), rows };
}

export interface FollowedPeriodicalRow {
  cod_acervo: number;
  titulo: string;
  issn: string | null;
  tipos: string;
  created_at: string;
}

/** The periodicals the patron follows, by title. */
export function followedPeriodicals(db: Db, codPessoa: number): Promise<FollowedPeriodicalRow[]> {
  return db
    .selectFrom("perfil_interesse_periodico as p")
    .innerJoin("acervo as a", "a.cod_acervo", "p.cod_acervo")
    .select(["p.cod_acervo", "a.titulo", "a.issn", "p.tipos", "p.created_at"])
    .where("p.cod_pessoa", "=", codPessoa)
    .orderBy("a.titulo")
    .execute();
}

/** Follows a periodical; returns false when the patron already follows it. */
export async function insertFollowedPeriodical(db: Db, codPessoa: number, codAcervo: number, tipos: readonly string[]): Promise<boolean> {
  const row = await db
    .insertInto("perfil_interesse_periodico")
    .values({ cod_pessoa: codPessoa, cod_acervo: codAcervo, tipos: JSON.stringify(tipos) })
    .onConflict((oc) => oc.columns(["cod_pessoa", "cod_acervo"]).doNothing())
    .returning("cod_acervo")
    .executeTakeFirst();
  return Boolean(row);
}

/** Changes the kinds of news wanted from a followed periodical; returns false when it is not followed. */
export async function updateFollowedPeriodical(db: Db, codPessoa: number, codAcervo: number, tipos: readonly string[]): Promise<boolean> {
  const res = await db
    .updateTable("perfil_interesse_periodico")
    .set({ tipos: JSON.stringify(tipos) })
    .where("cod_pessoa", "=", codPessoa)
    .where("cod_acervo", "=", codAcervo)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Stops following a periodical; returns false when it was not followed. */
export async function deleteFollowedPeriodical(db: Db, codPessoa: number, codAcervo: number): Promise<boolean> {
  const res = await db
    .deleteFrom("perfil_interesse_periodico")
    .where("cod_pessoa", "=", codPessoa)
    .where("cod_acervo", "=", codAcervo)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Titles of one work type whose title contains every folded word of `term`, with whether the patron follows each. */
export async function periodicalsLike(db: Db, codPessoa: number, codTipoObra: number, term: string, limit: number) {
  let q = db
    .selectFrom("acervo as a")
    .leftJoin("perfil_interesse_periodico as p", (j) => j.onRef("p.cod_acervo", "=", "a.cod_acervo").on("p.cod_pessoa", "=", codPessoa))
    .select(["a.cod_acervo", "a.titulo", "a.issn", sql<number>`CASE WHEN p.cod_acervo IS NULL THEN 0 ELSE 1 END`.as("seguido")])
    .where("a.cod_tipo_obra", "=", codTipoObra);
  for (const w of term.split(/\s+/).filter(Boolean)) q = q.where(sql<string>`lower(a.titulo)`, "like", `%${w.toLowerCase().replace(/[%_\\]/g, "")}%`);
  const rows = await q.orderBy("a.titulo").limit(limit).execute();
  return rows.map((r) => ({ ...r, seguido: Number(r.seguido) === 1 }));
}

/** Every work type, with whether the patron's profile has it. */
export async function workTypesOf(db: Db, codPessoa: number): Promise<Array<{ cod_tipo_obra: number; descricao: string; selecionado: boolean }>> {
  const rows = await db
    .selectFrom("tipo_obra as t")
    .leftJoin("perfil_interesse_tipo_obra as p", (j) => j.onRef("p.cod_tipo_obra", "=", "t.cod_tipo_obra").on("p.cod_pessoa", "=", codPessoa))
    .select(["t.cod_tipo_obra", "t.descricao", sql<number>`CASE WHEN p.cod_pessoa IS NULL THEN 0 ELSE 1 END`.as("sel")])
    .orderBy("t.cod_tipo_obra")
    .execute();
  return rows.map((r) => ({ cod_tipo_obra: r.cod_tipo_obra, descricao: r.descricao, selecionado: Number(r.sel) === 1 }));
}

/** The work types of these patrons' profiles. */
export function profileWorkTypes(db: Db, codPessoas: readonly number[]): Promise<Array<{ cod_pessoa: number; cod_tipo_obra: number }>> {
  if (!codPessoas.length) return Promise.resolve([]);
  return db
    .selectFrom("perfil_interesse_tipo_obra")
    .select(["cod_pessoa", "cod_tipo_obra"])
    .where("cod_pessoa", "in", [...codPessoas])
    .execute();
}

/** Adds a work type to the profile; returns false when it was there already. */
export async function insertWorkType(db: Db, codPessoa: number, codTipoObra: number): Promise<boolean> {
  const row = await db
    .insertInto("perfil_interesse_tipo_obra")
    .values({ cod_pessoa: codPessoa, cod_tipo_obra: codTipoObra })
    .onConflict((oc) => oc.columns(["cod_pessoa", "cod_tipo_obra"]).doNothing())
    .returning("cod_tipo_obra")
    .executeTakeFirst();
  return Boolean(row);
}

/** Replaces the profile's work types with `codes`. */
export async function replaceWorkTypes(db: Db, codPessoa: number, codes: readonly number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("perfil_interesse_tipo_obra").where("cod_pessoa", "=", codPessoa).execute();
    if (codes.length)
      await trx
        .insertInto("perfil_interesse_tipo_obra")
        .values(codes.map((c) => ({ cod_pessoa: codPessoa, cod_tipo_obra: c })))
        .execute();
  });
}

/** Removes a work type from the profile; returns whether it was there. */
export async function deleteWorkType(db: Db, codPessoa: number, codTipoObra: number): Promise<boolean> {
  const res = await db
    .deleteFrom("perfil_interesse_tipo_obra")
    .where("cod_pessoa", "=", codPessoa)
    .where("cod_tipo_obra", "=", codTipoObra)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The existing work type codes among `codes`. */
export async function existingWorkTypes(db: Db, codes: readonly number[]): Promise<number[]> {
  if (!codes.length) return [];
  return (
    await db
      .selectFrom("tipo_obra")
      .select("cod_tipo_obra")
      .where("cod_tipo_obra", "in", [...codes])
      .execute()
  ).map((r) => r.cod_tipo_obra);
}

/** New titles as the matcher reads them: class, work type and derived author and subject codes. */
export async function titlesForMatching(db: Db, ids: readonly number[]) {
  if (!ids.length) return { titles: [], facets: [] };
  const titles = await db
    .selectFrom("acervo")
    .select([
      "cod_acervo",
      "titulo",
      "autor",
      "ano_publicacao",
      "cod_tipo_obra",
      sql<string | null>`upper(substr(trim(classificacao), 1, 1))`.as("classe"),
    ])
    .where("cod_acervo", "in", [...ids])
    .orderBy("cod_acervo")
    .execute();
  const facets = await db
    .selectFrom("acervo_faceta as af")
    .innerJoin("faceta_valor as v", "v.cod_valor", "af.cod_valor")
    .select(["af.cod_acervo", "v.tipo", "v.codigo"])
    .where("af.cod_acervo", "in", [...ids])
    // The link's own type (always its value's): SQLite then reads the batch's links by their key (cod_acervo, tipo)
    // and each value by its id. Filtered on the value's type, it walked every author and subject value and probed
    // the links of each (4 s per batch of 1,000 at 10,000 titles, growing with the catalogue: the import's main cost).
    .where("af.tipo", "in", ["A", "S"])
    .execute();
  return { titles, facets };
}

/** Profile items (of profiles valid on `today`) whose value is one of these, per kind. */
export function matchingItems(db: Db, today: string, values: { area: string[]; autor: string[]; assunto: string[] }) {
  const kinds = (Object.entries(values) as Array<[string, string[]]>).filter(([, v]) => v.length);
  if (!kinds.length) return Promise.resolve([]);
  return db
    .selectFrom("perfil_interesse_item as i")
    .innerJoin("perfil_interesse as p", "p.cod_pessoa", "i.cod_pessoa")
    .select(["i.cod_pessoa", "i.tipo_dsi", "i.codigo"])
    .where("p.validade", ">=", today)
    .where((eb) => eb.or(kinds.map(([k, v]) => eb.and([eb("i.tipo_dsi", "=", k), eb("i.codigo", "in", v)]))))
    .execute();
}

/** Records that the patron was told about these titles; returns those not told before. */
export async function recordSent(db: Db, codPessoa: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .insertInto("perfil_interesse_envio")
    .values(ids.map((cod_acervo) => ({ cod_pessoa: codPessoa, cod_acervo })))
    .onConflict((oc) => oc.columns(["cod_pessoa", "cod_acervo"]).doNothing())
    .returning("cod_acervo")
    .execute();
  return rows.map((r) => r.cod_acervo);
}

/**
 * The patrons following a periodical, with their journal types (JSON), whose interest profile has not expired
 * (a follower with no profile row has no expiry). New issues alert these (ADR 196).
 */
export function periodicalFollowers(db: Db, codAcervo: number, today: string): Promise<Array<{ cod_pessoa: number; tipos: string }>> {
  return db
    .selectFrom("perfil_interesse_periodico as f")
    .leftJoin("perfil_interesse as p", "p.cod_pessoa", "f.cod_pessoa")
    .select(["f.cod_pessoa", "f.tipos"])
    .where("f.cod_acervo", "=", codAcervo)
    .where((eb) => eb.or([eb("p.validade", "is", null), eb("p.validade", ">=", today)]))
    .orderBy("f.cod_pessoa")
    .execute();
}
