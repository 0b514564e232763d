/** Storage reads of /api/plano-ensino: the teaching plans, the form's options and each plan's bibliography with its copies and loans. */
import { sql } from "kysely";
import type { Db } from "./index.ts";

/** The options of the teaching-plan form: departments, disciplines and libraries some plan has, and the plans' years, semesters and periods. */
export async function planOptions(db: Db) {
  const [departamentos, disciplinas, bibliotecas, plans] = await Promise.all([
    db
      .selectFrom("departamento as d")
      .select(["d.cod_departamento as codigo", "d.nome as descricao"])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("disciplina as x")
            .innerJoin("plano_ensino as p", "p.cod_disciplina", "x.cod_disciplina")
            .select("p.cod_plano")
            .whereRef("x.cod_departamento", "=", "d.cod_departamento"),
        ),
      )
      .orderBy("d.nome")
      .execute(),
    db
      .selectFrom("disciplina as x")
      .select(["x.cod_disciplina as codigo", "x.nome as descricao", "x.cod_departamento"])
      .where((eb) => eb.exists(eb.selectFrom("plano_ensino as p").select("p.cod_plano").whereRef("p.cod_disciplina", "=", "x.cod_disciplina")))
      .orderBy("x.nome")
      .execute(),
    db
      .selectFrom("biblioteca as b")
      .select(["b.cod_biblioteca as codigo", "b.desc_biblioteca as descricao"])
      .where((eb) => eb.exists(eb.selectFrom("plano_ensino as p").select("p.cod_plano").whereRef("p.cod_biblioteca", "=", "b.cod_biblioteca")))
      .orderBy("b.desc_biblioteca")
      .execute(),
    db.selectFrom("plano_ensino").select(["ano", "semestre", "periodo"]).distinct().execute(),
  ]);
  return { departamentos, disciplinas, bibliotecas, plans };
}

export interface PlanFilter {
  professor?: number;
  departamento?: number;
  disciplina?: number;
  biblioteca?: number;
  ano?: number;
  semestre?: number;
  periodo?: number;
}

/**
 * The plans matching the filter (by discipline, newest first, at most `max`) with their bibliography (`titles`,
 * each title with its copies, available copies and loans) and how many plans match.
 */
export async function plansWithBibliography(db: Db, f: PlanFilter, max: number) {
  let base = db
    .selectFrom("plano_ensino as p")
    .innerJoin("disciplina as x", "x.cod_disciplina", "p.cod_disciplina")
    .innerJoin("departamento as d", "d.cod_departamento", "x.cod_departamento")
    .innerJoin("curso as k", "k.cod_curso", "p.cod_curso")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "p.cod_biblioteca");
  if (f.professor !== undefined) base = base.where("p.cod_professor", "=", f.professor);
  if (f.departamento !== undefined) base = base.where("x.cod_departamento", "=", f.departamento);
  if (f.disciplina !== undefined) base = base.where("p.cod_disciplina", "=", f.disciplina);
  if (f.biblioteca !== undefined) base = base.where("p.cod_biblioteca", "=", f.biblioteca);
  if (f.ano !== undefined) base = base.where("p.ano", "=", f.ano);
  if (f.semestre !== undefined) base = base.where("p.semestre", "=", f.semestre);
  if (f.periodo !== undefined) base = base.where("p.periodo", "=", f.periodo);

  const [count, plans] = await Promise.all([
    base.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
    base
      .select([
        "p.cod_plano",
        "p.ano",
        "p.semestre",
        "p.periodo",
        "p.vagas",
        "x.cod_disciplina",
        "x.codigo as sigla",
        "x.nome as disciplina",
        "d.cod_departamento",
        "d.nome as departamento",
        "k.cod_curso",
        "k.nome as curso",
        "b.cod_biblioteca",
        "b.desc_biblioteca",
      ])
      .orderBy("x.nome")
      .orderBy("p.ano", "desc")
      .orderBy("p.semestre", "desc")
      .orderBy("p.cod_plano")
      .limit(max)
      .execute(),
  ]);
  const ids = plans.map((p) => p.cod_plano);
  // One query for every plan's bibliography, with each title's copies, available copies and loans.
  const titles = ids.length
    ? await db
        .selectFrom("plano_bibliografia as pb")
        .innerJoin("acervo as a", "a.cod_acervo", "pb.cod_acervo")
        .leftJoin(
          (eb) =>
            eb
              .selectFrom("exemplar as e")
              .select([
                "e.cod_acervo",
                sql<number>`count(*)`.as("exemplares"),
                sql<number>`sum(CASE WHEN e.situacao = 'disponivel' THEN 1 ELSE 0 END)`.as("disponiveis"),
              ])
              .where("e.cod_acervo", "in", eb.selectFrom("plano_bibliografia").select("cod_acervo").where("cod_plano", "in", ids))
              .groupBy("e.cod_acervo")
              .as("c"),
          (j) => j.onRef("c.cod_acervo", "=", "a.cod_acervo"),
        )
        .leftJoin(
          (eb) =>
            eb
              .selectFrom("emprestimo as m")
              .innerJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
              .select([
                "e.cod_acervo",
                sql<number>`count(*)`.as("emprestimos"),
                sql<number>`sum(CASE WHEN m.data_devolucao IS NULL THEN 1 ELSE 0 END)`.as("emprestados"),
              ])
              .where("e.cod_acervo", "in", eb.selectFrom("plano_bibliografia").select("cod_acervo").where("cod_plano", "in", ids))
              .groupBy("e.cod_acervo")
              .as("m"),
          (j) => j.onRef("m.cod_acervo", "=", "a.cod_acervo"),
        )
        .select([
          "pb.cod_plano",
          "pb.tipo",
          "a.cod_acervo",
          "a.titulo",
          "a.autor",
          "a.ano_publicacao",
          "c.exemplares",
          "c.disponiveis",
          "m.emprestados",
          "m.emprestimos",
        ])
        .where("pb.cod_plano", "in", ids)
        .orderBy("pb.cod_plano")
        .orderBy("pb.ordem")
        .execute()
    : [];
  return { total: Number(count.n), plans, titles };
}
