import { sql, type RawBuilder } from "kysely";
import { dialectOf, type Db } from "../db/index.ts";
import { FACET_VALUES_MAX } from "./facets.ts";
import { languageLabel, NO_YEAR, noYearLabel } from "./filters.ts";
import { searchDocument } from "./indexer.ts";
import { CANDIDATE_CAP, fts5Query, queryWords, tsQuery, type NetworkOrder, type SearchTerm, yearCondition } from "./query.ts";

/** The network search's own filters (spec §4 "Z institution, for the OAI network"), then type, year and language. */
export const NETWORK_FILTER_TYPES = ["Z", "T", "Y", "I"] as const;
export type NetworkFilterType = (typeof NETWORK_FILTER_TYPES)[number];

/** Selected values by type: OR within a type, AND across types. */
export type NetworkFilters = Partial<Record<NetworkFilterType, string[]>>;

/**
 * The network (OAI) catalogue's data access (migration 007, ADR 063): loading harvested records, their
 * full-text index (the same tokens, stems and ranking as the home catalogue's), the search with its filters
 * in one statement, the facets in one more, a record, and the member institutions.
 */

const BATCH = 500;

/** One harvested record, as a harvester writes it (JSON list columns as arrays). */
export interface NetworkRecordInput {
  cod_origem: string;
  cod_tipo_obra: number | null;
  titulo: string;
  subtitulo: string | null;
  autor: string | null;
  autores_secundarios: string[];
  editora: string | null;
  local_publicacao: string | null;
  ano_publicacao: number | null;
  edicao: string | null;
  descricao_fisica: string | null;
  classificacao: string | null;
  idioma: string | null;
  isbn: string | null;
  issn: string | null;
  serie: string | null;
  assuntos: string[];
  notas: string[];
  link_online: string | null;
}

/** The OAI identifier of a member's record: `oai:<repository>:acervo/<local id>`. */
export function oaiIdentifier(repositorio: string, codOrigem: string): string {
  return `oai:${repositorio}:acervo/${codOrigem}`;
}

/** Writes (or replaces) harvested records of one member and indexes them. Returns the number written. */
export async function upsertNetworkRecords(db: Db, codInstituicao: number, records: NetworkRecordInput[]): Promise<number> {
  const inst = await db
    .selectFrom("rede_instituicao")
    .select("repositorio_oai")
    .where("cod_instituicao", "=", codInstituicao)
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < records.length; i += BATCH) {
    const batch = records.slice(i, i + BATCH);
    await db.transaction().execute(async (trx) => {
      const origens = batch.map((r) => r.cod_origem);
      await trx.deleteFrom("rede_registro").where("cod_instituicao", "=", codInstituicao).where("cod_origem", "in", origens).execute();
      for (let j = 0; j < batch.length; j += 50) {
        const rows = await trx
          .insertInto("rede_registro")
          .values(
            batch.slice(j, j + 50).map((r) => ({
              ...r,
              cod_instituicao: codInstituicao,
              identificador_oai: oaiIdentifier(inst.repositorio_oai, r.cod_origem),
              autores_secundarios: JSON.stringify(r.autores_secundarios),
              assuntos: JSON.stringify(r.assuntos),
              notas: JSON.stringify(r.notas),
            })),
          )
          .returning("cod_registro")
          .execute();
        ids.push(...rows.map((r) => r.cod_registro));
      }
    });
  }
  await indexNetworkRecords(db, ids);
  return ids.length;
}

/**
 * Harvests the home catalogue (`acervo`) into the network as member `codInstituicao`, in one statement:
 * every title not harvested yet. Returns the number of new records (then indexed).
 */
export async function harvestLocalCatalogue(db: Db, codInstituicao: number): Promise<number> {
  const inst = await db
    .selectFrom("rede_instituicao")
    .select("repositorio_oai")
    .where("cod_instituicao", "=", codInstituicao)
    .executeTakeFirstOrThrow();
  const prefix = `oai:${inst.repositorio_oai}:acervo/`;
  const before = await maxRecordId(db);
  await sql`INSERT INTO rede_registro (cod_instituicao, identificador_oai, cod_origem, cod_tipo_obra, titulo, subtitulo, autor,
      autores_secundarios, editora, local_publicacao, ano_publicacao, edicao, descricao_fisica, classificacao, idioma, isbn, issn,
      serie, assuntos, notas, link_online)
    SELECT ${codInstituicao}, ${prefix} || CAST(a.cod_acervo AS TEXT), CAST(a.cod_acervo AS TEXT), a.cod_tipo_obra, a.titulo, a.subtitulo,
      a.autor, a.autores_secundarios, a.editora, a.local_publicacao, a.ano_publicacao, a.edicao, a.descricao_fisica, a.classificacao,
      a.idioma, a.isbn, a.issn, a.serie, a.assuntos, a.notas,
      (SELECT l.url FROM acervo_link l WHERE l.cod_acervo = a.cod_acervo ORDER BY l.cod_link LIMIT 1)
    FROM acervo a
    WHERE NOT EXISTS (SELECT 1 FROM rede_registro r WHERE r.cod_instituicao = ${codInstituicao} AND r.cod_origem = CAST(a.cod_acervo AS TEXT))
    ORDER BY a.cod_acervo`.execute(db);
  const fresh = (await db.selectFrom("rede_registro").select("cod_registro").where("cod_registro", ">", before).execute()).map((r) => r.cod_registro);
  await indexNetworkRecords(db, fresh);
  return fresh.length;
}

async function maxRecordId(db: Db): Promise<number> {
  const r = await db
    .selectFrom("rede_registro")
    .select(sql<number>`coalesce(max(cod_registro), 0)`.as("m"))
    .executeTakeFirstOrThrow();
  return Number(r.m);
}

/** (Re)builds the index entries of the given network records. */
export async function indexNetworkRecords(db: Db, ids: number[]): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  for (let i = 0; i < ids.length; i += BATCH) {
    const slice = ids.slice(i, i + BATCH);
    const rows = await db.selectFrom("rede_registro").selectAll().where("cod_registro", "in", slice).execute();
    await db.transaction().execute(async (trx) => {
      if (pg) await sql`DELETE FROM rede_busca WHERE cod_registro IN (${sql.join(slice)})`.execute(trx);
      else await sql`DELETE FROM rede_busca WHERE rowid IN (${sql.join(slice)})`.execute(trx);
      for (const r of rows) {
        const d = searchDocument({ ...r, cod_acervo: r.cod_registro, chamada: null });
        if (pg) {
          await sql`INSERT INTO rede_busca (cod_registro, documento) VALUES (${r.cod_registro},
            setweight(to_tsvector('simple', ${d.titulo}), 'A') || setweight(to_tsvector('simple', ${d.autor}), 'B') ||
            setweight(to_tsvector('simple', ${d.assunto}), 'C') || setweight(to_tsvector('simple', ${d.outros}), 'D'))`.execute(trx);
        } else {
          await sql`INSERT INTO rede_busca (rowid, titulo, autor, assunto, outros) VALUES (${r.cod_registro}, ${d.titulo}, ${d.autor}, ${d.assunto}, ${d.outros})`.execute(
            trx,
          );
        }
      }
    });
  }
}

/** The SQL condition of one filter type's selected values on alias `r` (OR within the type). */
function filterCondition(type: NetworkFilterType, values: string[]): RawBuilder<unknown> {
  switch (type) {
    case "Z":
      return sql`r.cod_instituicao IN (${sql.join(values.map(Number))})`;
    case "T":
      return sql`r.cod_tipo_obra IN (${sql.join(values.map(Number))})`;
    case "Y":
      return yearCondition(sql.ref("r.ano_publicacao"), values);
    case "I":
      return sql`coalesce(r.idioma, 'und') IN (${sql.join(values)})`;
  }
}

function filtersWhere(filtros: NetworkFilters): RawBuilder<unknown> {
  const parts = NETWORK_FILTER_TYPES.filter((t) => filtros[t]?.length).map((t) => sql`AND ${filterCondition(t, filtros[t]!)}`);
  return parts.length ? sql.join(parts, sql` `) : sql``;
}

/** The capped candidate records (every column plus `score`) of a text query, with `extra` conditions. */
function candidates(db: Db, termos: SearchTerm[], extra: RawBuilder<unknown>): RawBuilder<unknown> | null {
  const terms = termos.map((t) => ({ tipo: t.tipo, ws: queryWords(t.termo) })).filter((t) => t.ws.length > 0);
  if (terms.length === 0) return null;
  if (dialectOf(db) === "postgres") {
    const q = terms.map((t) => tsQuery(t.ws, t.tipo)).join(" & ");
    return sql`SELECT r.*, -ts_rank(b.documento, q.query) AS score
          FROM rede_busca b CROSS JOIN (SELECT to_tsquery('simple', ${q}) AS query) q
          JOIN rede_registro r ON r.cod_registro = b.cod_registro
          WHERE b.documento @@ q.query ${extra} LIMIT ${CANDIDATE_CAP + 1}`;
  }
  const q = terms.map((t) => fts5Query(t.ws, t.tipo)).join(" AND ");
  return sql`SELECT r.*, bm25(rede_busca, 20.0, 4.0, 3.0, 1.0) AS score
          FROM rede_busca JOIN rede_registro r ON r.cod_registro = rede_busca.rowid
          WHERE rede_busca MATCH ${q} ${extra} LIMIT ${CANDIDATE_CAP + 1}`;
}

const ORDER: Record<NetworkOrder, string> = {
  C: "score ASC, cod_registro ASC",
  T: "titulo_ord ASC, cod_registro ASC",
  A: "(autor IS NULL) ASC, autor_ord ASC, cod_registro ASC",
  Y: "(ano_publicacao IS NULL) ASC, ano_publicacao DESC, score ASC, cod_registro ASC",
};

export interface NetworkSearchParams {
  termos: SearchTerm[];
  pagina: number;
  qtd: number;
  ordenacao: NetworkOrder;
  filtros: NetworkFilters;
}

/** One hit of the network search. */
export interface NetworkHit {
  cod_registro: number;
  identificador_oai: string;
  titulo: string;
  subtitulo: string | null;
  autor: string | null;
  editora: string | null;
  local_publicacao: string | null;
  ano_publicacao: number | null;
  cod_tipo_obra: number | null;
  desc_tipo_obra: string | null;
  idioma: string | null;
  link_online: string | null;
  instituicao: { cod_instituicao: number; sigla: string; nome: string };
}

/** One network search as a single statement: the capped candidates after the filters, the total and the page (with each record's institution). */
export async function searchNetwork(db: Db, p: NetworkSearchParams): Promise<{ total: number; totalLimitado: boolean; resultados: NetworkHit[] }> {
  const cand = candidates(db, p.termos, filtersWhere(p.filtros));
  if (!cand) return { total: 0, totalLimitado: false, resultados: [] };
  const order = sql.raw(ORDER[p.ordenacao]);
  type Row = Omit<NetworkHit, "instituicao"> & { cod_instituicao: number; sigla: string; nome: string; total: number; pos: number | null };
  const { rows } = await sql<Row>`
    WITH cand AS MATERIALIZED (${cand}),
    page AS (
      SELECT cod_registro, identificador_oai, cod_instituicao, titulo, subtitulo, autor, editora, local_publicacao, ano_publicacao,
             cod_tipo_obra, idioma, link_online, row_number() OVER (ORDER BY ${order}) AS pos
      FROM (SELECT cand.*, lower(titulo) AS titulo_ord, lower(autor) AS autor_ord FROM cand) c
      ORDER BY ${order} LIMIT ${p.qtd} OFFSET ${(p.pagina - 1) * p.qtd}
    )
    SELECT page.*, i.sigla, i.nome, t.descricao AS desc_tipo_obra, n.total
    FROM (SELECT count(*) AS total FROM cand) n
    LEFT JOIN page ON 1 = 1
    LEFT JOIN rede_instituicao i ON i.cod_instituicao = page.cod_instituicao
    LEFT JOIN tipo_obra t ON t.cod_tipo_obra = page.cod_tipo_obra
    ORDER BY page.pos`.execute(db);
  const counted = Number(rows[0]?.total ?? 0);
  const resultados = rows
    .filter((r) => r.cod_registro != null)
    .map(({ total: _t, pos: _p, cod_instituicao, sigla, nome, ...hit }) => ({ ...hit, instituicao: { cod_instituicao, sigla, nome } }));
  return { total: Math.min(counted, CANDIDATE_CAP), totalLimitado: counted > CANDIDATE_CAP, resultados };
}

/** One facet value: `total` under every selected filter, `totalSemFiltro` ignoring its own type's selection. */
export interface NetworkFacetValue {
  tipo: NetworkFilterType;
  codigo: string;
  descricao: string;
  total: number;
  totalSemFiltro: number;
  selecionado: boolean;
}

/**
 * The network search's facets (Z institution first, then type, year and language) in ONE statement over the
 * capped hit set, as in ADR 060: one 0/1 flag per type, `total` = rows passing every flag, `totalSemFiltro`
 * = rows passing every flag but the value's own type's.
 */
export async function networkFacets(
  db: Db,
  p: Pick<NetworkSearchParams, "termos" | "filtros">,
  lang: "pt" | "es" | "en",
): Promise<{ totalLimitado: boolean; filtros: NetworkFacetValue[] }> {
  const cand = candidates(db, p.termos, sql``);
  if (!cand) return { totalLimitado: false, filtros: [] };
  const types = NETWORK_FILTER_TYPES;
  const flag = (t: NetworkFilterType) => sql.raw(`f_${t}`);
  const flags = types.map((t) => {
    const v = p.filtros[t];
    return v?.length ? sql`CASE WHEN ${filterCondition(t, v)} THEN 1 ELSE 0 END AS ${flag(t)}` : sql`1 AS ${flag(t)}`;
  });
  const all = sql.join(types.map(flag), sql` * `);
  const others = (t: NetworkFilterType) => sql.join(types.filter((x) => x !== t).map(flag), sql` * `);
  const value: Record<NetworkFilterType, RawBuilder<unknown>> = {
    Z: sql`CAST(c.cod_instituicao AS TEXT)`,
    T: sql`CAST(c.cod_tipo_obra AS TEXT)`,
    // A literal, not a parameter: PostgreSQL matches GROUP BY to the select list by text, and two parameters differ.
    Y: sql`coalesce(CAST(c.ano_publicacao AS TEXT), ${sql.lit(NO_YEAR)})`,
    I: sql`coalesce(c.idioma, 'und')`,
  };
  const parts = types.map(
    (t) => sql`SELECT ${sql.lit(t)} AS tipo, ${value[t]} AS codigo, sum(${all}) AS total, count(*) AS sem
               FROM c WHERE ${others(t)} = 1 ${t === "T" ? sql`AND c.cod_tipo_obra IS NOT NULL` : sql``} GROUP BY ${value[t]}`,
  );
  const { rows } = await sql<{ tipo: NetworkFilterType; codigo: string; total: number; sem: number; n: number }>`
    WITH cand AS MATERIALIZED (${cand}),
    c AS MATERIALIZED (
      SELECT r.cod_registro, r.cod_instituicao, r.cod_tipo_obra, r.ano_publicacao, r.idioma, ${sql.join(flags, sql`, `)} FROM cand r
    ),
    facets AS (${sql.join(parts, sql` UNION ALL `)})
    SELECT facets.*, (SELECT count(*) FROM cand) AS n FROM facets`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  const ids = (t: NetworkFilterType) => [...new Set(rows.filter((r) => r.tipo === t).map((r) => Number(r.codigo)))];
  const [insts, tipos] = await Promise.all([
    ids("Z").length
      ? db.selectFrom("rede_instituicao").select(["cod_instituicao as id", "nome"]).where("cod_instituicao", "in", ids("Z")).execute()
      : [],
    ids("T").length
      ? db.selectFrom("tipo_obra").select(["cod_tipo_obra as id", "descricao as nome"]).where("cod_tipo_obra", "in", ids("T")).execute()
      : [],
  ]);
  const names: Partial<Record<NetworkFilterType, Map<string, string>>> = {
    Z: new Map(insts.map((r) => [String(r.id), r.nome])),
    T: new Map(tipos.map((r) => [String(r.id), r.nome])),
  };
  const label = (t: NetworkFilterType, codigo: string) =>
    t === "Y" ? (codigo === NO_YEAR ? noYearLabel(lang) : codigo) : t === "I" ? languageLabel(codigo, lang) : (names[t]?.get(codigo) ?? codigo);
  const filtros: NetworkFacetValue[] = [];
  for (const t of types) {
    const mine = rows.filter((r) => r.tipo === t).map((r) => ({ codigo: r.codigo, total: Number(r.total), sem: Number(r.sem) }));
    mine.sort(
      t === "Y"
        ? (a, b) => (a.codigo === NO_YEAR ? 1 : b.codigo === NO_YEAR ? -1 : Number(b.codigo) - Number(a.codigo))
        : (a, b) => b.sem - a.sem || a.codigo.localeCompare(b.codigo),
    );
    const sel = p.filtros[t] ?? [];
    for (const r of mine.filter((x, i) => i < FACET_VALUES_MAX || sel.includes(x.codigo))) {
      filtros.push({
        tipo: t,
        codigo: r.codigo,
        descricao: label(t, r.codigo),
        total: r.total,
        totalSemFiltro: r.sem,
        selecionado: sel.includes(r.codigo),
      });
    }
  }
  return { totalLimitado: n > CANDIDATE_CAP, filtros };
}

/** A member institution with its number of records. */
export interface NetworkInstitution {
  cod_instituicao: number;
  sigla: string;
  nome: string;
  cidade: string | null;
  repositorio_oai: string;
  url_catalogo: string;
  local: boolean;
  registros: number;
}

/** The member institutions (the local one first, then by name) with their record counts, in one grouped query. */
export async function networkInstitutions(db: Db): Promise<NetworkInstitution[]> {
  const rows = await db
    .selectFrom("rede_instituicao as i")
    .leftJoin("rede_registro as r", "r.cod_instituicao", "i.cod_instituicao")
    .select(["i.cod_instituicao", "i.sigla", "i.nome", "i.cidade", "i.repositorio_oai", "i.url_catalogo", "i.local"])
    .select((eb) => eb.fn.count<number>("r.cod_registro").as("registros"))
    .groupBy(["i.cod_instituicao", "i.sigla", "i.nome", "i.cidade", "i.repositorio_oai", "i.url_catalogo", "i.local"])
    .orderBy("i.local", "desc")
    .orderBy("i.nome")
    .execute();
  return rows.map((r) => ({ ...r, local: r.local === 1, registros: Number(r.registros) }));
}

/** One network record with its institution and type name; undefined when the id does not exist. */
export async function networkRecord(db: Db, codRegistro: number) {
  return db
    .selectFrom("rede_registro as r")
    .innerJoin("rede_instituicao as i", "i.cod_instituicao", "r.cod_instituicao")
    .leftJoin("tipo_obra as t", "t.cod_tipo_obra", "r.cod_tipo_obra")
    .selectAll("r")
    .select(["i.sigla", "i.nome", "i.cidade", "i.repositorio_oai", "i.url_catalogo", "i.local", "t.descricao as desc_tipo_obra"])
    .where("r.cod_registro", "=", codRegistro)
    .executeTakeFirst();
}
