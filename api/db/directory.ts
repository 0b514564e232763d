/**
 * Storage for the institution's directory (spec §7 Consulta: campuses, libraries, courses, disciplines,
 * professors, departments) and for the other calls of ADR 180. Queries only.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import type { Db } from "./index.ts";

/** A page of a directory list. */
export interface Page<T> {
  total: number;
  pagina: number;
  qtd: number;
  resultados: T[];
}

export const PAGE_SIZE = 20;

/** `lower(column) LIKE %text%`: a case-insensitive "contains" that SQLite and PostgreSQL both run. */
function contains(column: string, text: string): Expression<SqlBool> {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`lower(${sql.ref(column)}) LIKE ${`%${escaped}%`} ESCAPE '\\'`;
}

async function paged<T>(
  count: () => Promise<{ n: number | string | bigint } | undefined>,
  rows: (offset: number) => Promise<T[]>,
  pagina: number,
): Promise<Page<T>> {
  const total = Number((await count())?.n ?? 0);
  return { total, pagina, qtd: PAGE_SIZE, resultados: await rows((pagina - 1) * PAGE_SIZE) };
}

export interface ListQuery {
  search_text?: string;
  page: number;
  codCampus?: number;
}

function librariesQuery(db: Db, q: ListQuery) {
  let b = db.selectFrom("biblioteca as b").innerJoin("campus as k", "k.cod_campus", "b.cod_campus");
  if (q.search_text)
    b = b.where((eb) =>
      eb.or([contains("b.desc_biblioteca", q.search_text!), contains("b.sigla", q.search_text!), contains("k.nome_campus", q.search_text!)]),
    );
  if (q.codCampus) b = b.where("b.cod_campus", "=", q.codCampus);
  return b;
}

const LIBRARY_COLUMNS = [
  "b.cod_biblioteca",
  "b.desc_biblioteca",
  "b.sigla",
  "b.cod_campus",
  "k.nome_campus",
  "b.email",
  "b.telefone",
  "b.endereco",
  "b.horarios",
] as const;

/** Libraries with their campus, contacts and opening hours (JSON text), by name. */
export function listLibraries(db: Db, q: ListQuery) {
  return paged(
    () =>
      librariesQuery(db, q)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst(),
    (offset) => librariesQuery(db, q).select(LIBRARY_COLUMNS).orderBy("b.desc_biblioteca").limit(PAGE_SIZE).offset(offset).execute(),
    q.page,
  );
}

export function getLibrary(db: Db, cod: number) {
  return db
    .selectFrom("biblioteca as b")
    .innerJoin("campus as k", "k.cod_campus", "b.cod_campus")
    .select(LIBRARY_COLUMNS)
    .where("b.cod_biblioteca", "=", cod)
    .executeTakeFirst();
}

function campusQuery(db: Db, q: ListQuery) {
  let b = db.selectFrom("campus as k");
  if (q.search_text) b = b.where(contains("k.nome_campus", q.search_text));
  if (q.codCampus) b = b.where("k.cod_campus", "=", q.codCampus);
  return b;
}

/** Campuses with how many libraries each has. */
export function listCampuses(db: Db, q: ListQuery) {
  return paged(
    () =>
      campusQuery(db, q)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst(),
    (offset) =>
      campusQuery(db, q)
        .select([
          "k.cod_campus",
          "k.nome_campus",
          (eb) =>
            eb
              .selectFrom("biblioteca as b")
              .whereRef("b.cod_campus", "=", "k.cod_campus")
              .select((e) => e.fn.countAll().as("c"))
              .as("bibliotecas"),
        ])
        .orderBy("k.nome_campus")
        .limit(PAGE_SIZE)
        .offset(offset)
        .execute(),
    q.page,
  );
}

export function getCampus(db: Db, cod: number) {
  return db
    .selectFrom("campus as k")
    .select([
      "k.cod_campus",
      "k.nome_campus",
      (eb) =>
        eb
          .selectFrom("biblioteca as b")
          .whereRef("b.cod_campus", "=", "k.cod_campus")
          .select((e) => e.fn.countAll().as("c"))
          .as("bibliotecas"),
    ])
    .where("k.cod_campus", "=", cod)
    .executeTakeFirst();
}

function coursesQuery(db: Db, q: ListQuery) {
  let b = db.selectFrom("curso as c").innerJoin("departamento as d", "d.cod_departamento", "c.cod_departamento");
  if (q.search_text) b = b.where(contains("c.nome", q.search_text));
  return b;
}

const COURSE_COLUMNS = ["c.cod_curso as codigo", "c.nome as descricao", "d.cod_departamento", "d.nome as departamento"] as const;

/** Courses with their department. */
export function listCourses(db: Db, q: ListQuery) {
  return paged(
    () =>
      coursesQuery(db, q)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst(),
    (offset) => coursesQuery(db, q).select(COURSE_COLUMNS).orderBy("c.nome").limit(PAGE_SIZE).offset(offset).execute(),
    q.page,
  );
}

export function getCourse(db: Db, cod: number) {
  return db
    .selectFrom("curso as c")
    .innerJoin("departamento as d", "d.cod_departamento", "c.cod_departamento")
    .select(COURSE_COLUMNS)
    .where("c.cod_curso", "=", cod)
    .executeTakeFirst();
}

function disciplinesQuery(db: Db, q: ListQuery) {
  let b = db.selectFrom("disciplina as s").innerJoin("departamento as d", "d.cod_departamento", "s.cod_departamento");
  if (q.search_text) b = b.where((eb) => eb.or([contains("s.nome", q.search_text!), contains("s.codigo", q.search_text!)]));
  return b;
}

const DISCIPLINE_COLUMNS = [
  "s.cod_disciplina as codigo",
  "s.codigo as sigla",
  "s.nome as descricao",
  "d.cod_departamento",
  "d.nome as departamento",
] as const;

/** Disciplines (subjects taught) with their department. */
export function listDisciplines(db: Db, q: ListQuery) {
  return paged(
    () =>
      disciplinesQuery(db, q)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst(),
    (offset) => disciplinesQuery(db, q).select(DISCIPLINE_COLUMNS).orderBy("s.nome").limit(PAGE_SIZE).offset(offset).execute(),
    q.page,
  );
}

export function getDiscipline(db: Db, cod: number) {
  return db
    .selectFrom("disciplina as s")
    .innerJoin("departamento as d", "d.cod_departamento", "s.cod_departamento")
    .select(DISCIPLINE_COLUMNS)
    .where("s.cod_disciplina", "=", cod)
    .executeTakeFirst();
}

function professorsQuery(db: Db, q: ListQuery) {
  let b = db.selectFrom("pessoa as p").innerJoin("categoria as k", "k.cod_categoria", "p.cod_categoria").where("k.professor", "=", 1);
  if (q.search_text) b = b.where(contains("p.nome_pessoa", q.search_text));
  return b;
}

/** Professors: only their code and name (what a picker needs; nothing else about the person). */
export function listProfessors(db: Db, q: ListQuery) {
  return paged(
    () =>
      professorsQuery(db, q)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst(),
    (offset) =>
      professorsQuery(db, q)
        .select(["p.cod_pessoa as codigo", "p.nome_pessoa as descricao"])
        .orderBy("p.nome_pessoa")
        .limit(PAGE_SIZE)
        .offset(offset)
        .execute(),
    q.page,
  );
}

export function getProfessor(db: Db, cod: number) {
  return professorsQuery(db, { page: 1 })
    .select(["p.cod_pessoa as codigo", "p.nome_pessoa as descricao"])
    .where("p.cod_pessoa", "=", cod)
    .executeTakeFirst();
}

/** Departments, by name, optionally those whose name contains the text. */
export function listDepartments(db: Db, searchText?: string) {
  let b = db.selectFrom("departamento as d").select(["d.cod_departamento as codigo", "d.nome as descricao"]);
  if (searchText) b = b.where(contains("d.nome", searchText));
  return b.orderBy("d.nome").execute();
}

/** Target standards whose code or title contains the text (first 50). */
export function searchTargetProducts(db: Db, term: string) {
  return db
    .selectFrom("produto_target as t")
    .select(["t.cod_produto", "t.codigo", "t.titulo", "t.ano"])
    .where((eb) => eb.or([contains("t.codigo", term), contains("t.titulo", term)]))
    .orderBy("t.codigo")
    .limit(50)
    .execute();
}

export function getTargetProduct(db: Db, cod: number) {
  return db.selectFrom("produto_target").select(["cod_produto", "codigo", "titulo", "ano"]).where("cod_produto", "=", cod).executeTakeFirst();
}

/** Whether a library with this code exists. */
export async function libraryExists(db: Db, cod: number): Promise<boolean> {
  return (await db.selectFrom("biblioteca").select("cod_biblioteca").where("cod_biblioteca", "=", cod).executeTakeFirst()) !== undefined;
}

/** The libraries (of one campus, or all) with their campus, by campus then library name. */
export function librariesWithCampus(db: Db, codCampus?: number) {
  let q = db
    .selectFrom("biblioteca as b")
    .innerJoin("campus as k", "k.cod_campus", "b.cod_campus")
    .select(["b.cod_biblioteca", "b.desc_biblioteca", "b.sigla", "b.cod_campus", "k.nome_campus"]);
  if (codCampus) q = q.where("b.cod_campus", "=", codCampus);
  return q.orderBy("k.nome_campus").orderBy("b.desc_biblioteca").execute();
}

/** Every campus, by name. */
export function campusesByName(db: Db) {
  return db.selectFrom("campus").select(["cod_campus", "nome_campus"]).orderBy("nome_campus").execute();
}
