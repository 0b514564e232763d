/** Storage reads of the /api/acervo group: one title, its links, authorities, copies and loans, and the collection's totals. */
import { sql } from "kysely";
import type { Db } from "./index.ts";
import { prepared } from "./prepared.ts";

/** The reads of a title page, by key: built and compiled once (ADR 210, fifth pass). */
const TITLE_ROW = prepared((db, p: { id: number }) =>
  db
    .selectFrom("acervo")
    .leftJoin("tipo_obra", "tipo_obra.cod_tipo_obra", "acervo.cod_tipo_obra")
    .innerJoin("instituicao", "instituicao.cod_empresa", "acervo.cod_empresa")
    .selectAll("acervo")
    .select(["tipo_obra.descricao as desc_tipo_obra", "instituicao.nome as desc_empresa"])
    .where("acervo.cod_acervo", "=", p.id),
);
const TITLE_LINKS = prepared((db, p: { id: number }) =>
  db
    .selectFrom("acervo_link")
    .select(["cod_link", "url", "descricao", "restrito", "acessibilidade"])
    .where("cod_acervo", "=", p.id)
    .orderBy("cod_link"),
);
const TITLE_AUTHORITIES = prepared((db, p: { id: number }) =>
  db
    .selectFrom("acervo_autoridade")
    .innerJoin("autoridade", "autoridade.cod_autoridade", "acervo_autoridade.cod_autoridade")
    .select(["autoridade.cod_autoridade", "autoridade.tipo", "autoridade.cabecalho"])
    .where("acervo_autoridade.cod_acervo", "=", p.id)
    .orderBy("autoridade.tipo")
    .orderBy("autoridade.cabecalho"),
);
const TITLE_MARC = prepared((db, p: { id: number }) => db.selectFrom("acervo").select(["cod_acervo", "marc"]).where("cod_acervo", "=", p.id));
/** A title's copies, with the due date of those on loan. */
const copiesQuery = (db: Db) =>
  db
    .selectFrom("exemplar as e")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "e.cod_biblioteca")
    .leftJoin("emprestimo as m", (j) => j.onRef("m.cod_exemplar", "=", "e.cod_exemplar").on("m.data_devolucao", "is", null))
    .select([
      "e.cod_exemplar",
      "e.codigo_barras",
      "b.cod_biblioteca",
      "b.desc_biblioteca",
      "e.localizacao",
      "e.chamada",
      "e.tipo_emprestimo",
      "e.situacao",
      "m.data_devolucao_prevista",
      "e.volume",
      "e.tomo",
      "e.parte",
      "e.material_adicional",
      "e.permite_reserva",
    ])
    .orderBy("b.cod_biblioteca")
    .orderBy("e.cod_exemplar");
const COPIES = prepared((db, p: { id: number }) => copiesQuery(db).where("e.cod_acervo", "=", p.id));
const LIBRARY_COPIES = prepared((db, p: { id: number; codUnidade: number }) =>
  copiesQuery(db).where("e.cod_acervo", "=", p.id).where("e.cod_biblioteca", "=", p.codUnidade),
);
const COPY_COUNTS = prepared((db, p: { id: number }) =>
  db
    .selectFrom("exemplar")
    .select([
      sql<number>`count(*)`.as("exemplares"),
      sql<number>`coalesce(sum(CASE WHEN situacao = 'disponivel' THEN 1 ELSE 0 END), 0)`.as("disponiveis"),
      sql<number>`coalesce(sum(CASE WHEN permite_reserva = 1 THEN 1 ELSE 0 END), 0)`.as("reservaveis"),
      sql<number>`coalesce(sum(CASE WHEN situacao = 'disponivel' AND tipo_emprestimo <> 'consulta_local' THEN 1 ELSE 0 END), 0)`.as("emprestaveis"),
    ])
    .where("cod_acervo", "=", p.id),
);
const ACTIVITY_PUBLIC = prepared((db, p: { cod: number }) => db.selectFrom("atividade").select("publica").where("cod_atividade", "=", p.cod));

/** The title's row with its work type's and institution's names; undefined when there is no such title. */
export const titleRow = (db: Db, id: number) => TITLE_ROW.first(db, { id });

/** The title's online links, in the order they were catalogued. */
export const titleLinks = (db: Db, id: number) => TITLE_LINKS.all(db, { id });

/** The title's authorities (names, subjects), by type then heading. */
export const titleAuthorities = (db: Db, id: number) => TITLE_AUTHORITIES.all(db, { id });

/** The MARC record of each of the titles (unknown ids are left out). */
export const titlesMarc = (db: Db, ids: number[]) =>
  ids.length === 1
    ? TITLE_MARC.all(db, { id: ids[0] })
    : db.selectFrom("acervo").select(["cod_acervo", "marc"]).where("cod_acervo", "in", ids).execute();

/** The title's copies (of one library with `codUnidade`), with the due date of those on loan. */
export const titleCopies = (db: Db, id: number, codUnidade?: number) =>
  codUnidade ? LIBRARY_COPIES.all(db, { id, codUnidade }) : COPIES.all(db, { id });

/** How many copies the title has: all, available, holdable and lendable. */
export const copyCounts = async (db: Db, id: number) => (await COPY_COUNTS.first(db, { id }))!;

/** Whether an activity (e.g. 13, comments) is open to the public; undefined when it is not configured. */
export const activityPublic = (db: Db, cod: number) => ACTIVITY_PUBLIC.first(db, { cod });

/** The title's id and work type; undefined when there is no such title. */
export const titleKind = (db: Db, id: number) =>
  db.selectFrom("acervo").select(["cod_acervo", "cod_tipo_obra"]).where("cod_acervo", "=", id).executeTakeFirst();

/** The title's loans per year, oldest first (`ano` as text). */
export const loansPerYear = (db: Db, id: number) => {
  const year = sql<string>`substr(m.data_emprestimo, 1, 4)`;
  return db
    .selectFrom("emprestimo as m")
    .innerJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
    .select([year.as("ano"), sql<number>`count(*)`.as("emprestimos")])
    .where("e.cod_acervo", "=", id)
    .groupBy(year)
    .orderBy(year)
    .execute();
};

/** The title's loans per month of one year (only the months with loans; `mes` as text). */
export const loansPerMonth = (db: Db, id: number, ano: number) => {
  const month = sql<string>`substr(m.data_emprestimo, 6, 2)`;
  return db
    .selectFrom("emprestimo as m")
    .innerJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
    .select([month.as("mes"), sql<number>`count(*)`.as("emprestimos")])
    .where("e.cod_acervo", "=", id)
    .where(sql<string>`substr(m.data_emprestimo, 1, 4)`, "=", String(ano))
    .groupBy(month)
    .execute();
};

/** The libraries that hold copies of the title, with how many and how many are available. */
export const titleLibraries = (db: Db, id: number) =>
  db
    .selectFrom("exemplar as e")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "e.cod_biblioteca")
    .innerJoin("campus as k", "k.cod_campus", "b.cod_campus")
    .select([
      "b.cod_biblioteca",
      "b.desc_biblioteca",
      "b.sigla",
      "k.nome_campus",
      (eb) => eb.fn.countAll().as("exemplares"),
      sql<number>`sum(case when e.situacao = 'disponivel' then 1 else 0 end)`.as("disponiveis"),
    ])
    .where("e.cod_acervo", "=", id)
    .groupBy(["b.cod_biblioteca", "b.desc_biblioteca", "b.sigla", "k.nome_campus"])
    .orderBy("b.desc_biblioteca")
    .execute();

/** Titles and copies by work type, of titles added between the dates (YYYY-MM-DD, inclusive), in one library or all. */
export const collectionTotals = (db: Db, f: { dataIni?: string; dataFim?: string; biblioteca?: number }) => {
  const { dataIni, dataFim, biblioteca } = f;
  let q = db
    .selectFrom("acervo as a")
    .innerJoin("tipo_obra as t", "t.cod_tipo_obra", "a.cod_tipo_obra")
    .leftJoin("exemplar as e", (j) => {
      const on = j.onRef("e.cod_acervo", "=", "a.cod_acervo");
      return biblioteca ? on.on("e.cod_biblioteca", "=", biblioteca) : on;
    });
  if (dataIni) q = q.where(sql<string>`substr(a.created_at, 1, 10)`, ">=", dataIni);
  if (dataFim) q = q.where(sql<string>`substr(a.created_at, 1, 10)`, "<=", dataFim);
  if (biblioteca) q = q.where("e.cod_exemplar", "is not", null);
  return q
    .select([
      "t.cod_tipo_obra",
      "t.descricao",
      sql<number>`count(distinct a.cod_acervo)`.as("titulos"),
      sql<number>`count(e.cod_exemplar)`.as("exemplares"),
    ])
    .groupBy(["t.cod_tipo_obra", "t.descricao"])
    .orderBy("t.descricao")
    .execute();
};

/** The title's MARC record (JSON text); undefined when there is no such title. */
export const titleMarc = (db: Db, id: number) => db.selectFrom("acervo").select("marc").where("cod_acervo", "=", id).executeTakeFirst();

/** Every contents entry of the title, of the book (cod_fasciculo null) and of its issues: latest issue first, in order. */
export const contentsEntries = (db: Db, id: number) =>
  db
    .selectFrom("sumario as s")
    .leftJoin("fasciculo as f", "f.cod_fasciculo", "s.cod_fasciculo")
    .select(["s.cod_fasciculo", "s.titulo", "s.autor", "s.pagina", "f.ano", "f.volume", "f.numero", "f.periodo"])
    .where("s.cod_acervo", "=", id)
    .orderBy("f.ano", "desc")
    .orderBy("s.cod_fasciculo", "desc")
    .orderBy("s.ordem")
    .execute();

/** Whether the title exists. */
export const titleExists = async (db: Db, codAcervo: number) =>
  (await db.selectFrom("acervo").select("cod_acervo").where("cod_acervo", "=", codAcervo).executeTakeFirst()) !== undefined;

/** What a citation export needs of each title (unknown ids left out, in no particular order). One query. */
export const exportRows = (db: Db, ids: number[]) =>
  db
    .selectFrom("acervo")
    .leftJoin("tipo_obra", "tipo_obra.cod_tipo_obra", "acervo.cod_tipo_obra")
    .select([
      "acervo.cod_acervo",
      "acervo.titulo",
      "acervo.subtitulo",
      "acervo.autor",
      "acervo.autores_secundarios",
      "acervo.assuntos",
      "acervo.edicao",
      "acervo.local_publicacao",
      "acervo.editora",
      "acervo.ano_publicacao",
      "acervo.isbn",
      "acervo.issn",
      "acervo.serie",
      "acervo.chamada",
      "acervo.idioma",
      "acervo.marc",
      "tipo_obra.descricao as desc_tipo_obra",
    ])
    .where("acervo.cod_acervo", "in", ids)
    .execute();

/**
 * The columns of a title's brief record (the search's hit shape, less its copy counts), read from `acervo as a`
 * joined to `tipo_obra as t`: the brief titles here and the browse index's titles (api/search/browse.ts).
 */
export const BRIEF_TITLE_COLUMNS = [
  "a.cod_acervo",
  "a.titulo",
  "a.subtitulo",
  "a.autor",
  "a.editora",
  "a.local_publicacao",
  "a.ano_publicacao",
  "a.edicao",
  "a.cod_tipo_obra",
  "t.descricao as desc_tipo_obra",
  "a.idioma",
  "a.isbn",
  "a.chamada",
  "a.link_capa",
  "a.acesso_remoto",
  "a.possui_acessibilidade",
] as const;

/** The titles' brief records with how many copies each has and how many are available (unknown ids left out). One query. */
export const briefTitles = (db: Db, ids: number[]) =>
  db
    .selectFrom("acervo as a")
    .leftJoin("tipo_obra as t", "t.cod_tipo_obra", "a.cod_tipo_obra")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("exemplar")
          .select([
            "cod_acervo",
            sql<number>`count(*)`.as("exemplares"),
            sql<number>`sum(CASE WHEN situacao = 'disponivel' THEN 1 ELSE 0 END)`.as("disponiveis"),
          ])
          .where("cod_acervo", "in", ids)
          .groupBy("cod_acervo")
          .as("e"),
      (j) => j.onRef("e.cod_acervo", "=", "a.cod_acervo"),
    )
    .select([...BRIEF_TITLE_COLUMNS, "e.exemplares", "e.disponiveis"])
    .where("a.cod_acervo", "in", ids)
    .execute();

/** Its copies' shelves, the teaching plans citing it, its derived filter values: built and compiled once (ADR 210). */
const SHELVES = prepared((db, p: { id: number }) =>
  db
    .selectFrom("exemplar as e")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "e.cod_biblioteca")
    .leftJoin("localizacao_fechada as f", (j) => j.onRef("f.cod_biblioteca", "=", "e.cod_biblioteca").onRef("f.localizacao", "=", "e.localizacao"))
    .select(["b.cod_biblioteca", "b.desc_biblioteca", "e.localizacao", "e.chamada", "f.localizacao as fechada"])
    .where("e.cod_acervo", "=", p.id)
    .where((w) => w.or([w("e.localizacao", "is not", null), w("e.chamada", "is not", null)]))
    .distinct()
    .orderBy("b.cod_biblioteca")
    .orderBy("e.localizacao")
    .orderBy("e.chamada"),
);
const PLANS = prepared((db, p: { id: number }) =>
  db
    .selectFrom("plano_bibliografia as pb")
    .innerJoin("plano_ensino as p", "p.cod_plano", "pb.cod_plano")
    .innerJoin("curso as c", "c.cod_curso", "p.cod_curso")
    .innerJoin("disciplina as d", "d.cod_disciplina", "p.cod_disciplina")
    .select(["c.cod_curso", "c.nome as curso", "d.cod_disciplina", "d.codigo as codigo_disciplina", "d.nome as disciplina"])
    .where("pb.cod_acervo", "=", p.id)
    .distinct()
    .orderBy("c.nome")
    .orderBy("d.nome"),
);
const VALUES = prepared((db, p: { id: number }) =>
  db
    .selectFrom("acervo_faceta as af")
    .innerJoin("faceta_valor as v", "v.cod_valor", "af.cod_valor")
    .select(["v.tipo", "v.codigo", "v.descricao"])
    .where("af.cod_acervo", "=", p.id)
    .orderBy("v.tipo")
    .orderBy("v.descricao"),
);

/** The shelves of the title's copies (library, location, call number; `fechada` set when the location is in closed stacks). */
export const titleShelves = (db: Db, id: number) => SHELVES.all(db, { id });

/** The courses and disciplines whose teaching plans cite the title, by course then discipline. */
export const titleTeachingPlans = (db: Db, id: number) => PLANS.all(db, { id });

/** The title's values of the derived search filters (ADR 068), by filter type then description. */
export const titleDerivedFilterValues = (db: Db, id: number) => VALUES.all(db, { id });
