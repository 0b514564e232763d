import { sql } from "kysely";
import type { Db } from "../db/index.ts";

/** A demo discipline and the words (LIKE patterns, all required) of the catalogue titles its plans cite. */
interface DemoDiscipline {
  codigo: string;
  nome: string;
  patterns: string[];
  /** Library that keeps the plan's bibliography, and period of the course. */
  biblioteca: number;
  periodo: number;
  vagas: number;
  /** Taught by the demo professor (the `professor` login): their plans show in the private area (ADR 193). */
  own?: boolean;
}

const DEMO: Array<{ departamento: string; curso: string; disciplinas: DemoDiscipline[] }> = [
  {
    departamento: "Departamento de Direito",
    curso: "Direito",
    disciplinas: [
      { own: true, codigo: "DIR0101", nome: "Direito Constitucional I", patterns: ["%constitui%"], biblioteca: 1, periodo: 2, vagas: 60 },
      { own: true, codigo: "DIR0312", nome: "Direito Ambiental", patterns: ["%ambient%"], biblioteca: 1, periodo: 7, vagas: 40 },
      { own: true, codigo: "DIR0420", nome: "Direito e Tecnologia", patterns: ["%law and legislation%"], biblioteca: 1, periodo: 9, vagas: 30 },
    ],
  },
  {
    departamento: "Departamento de Ciência da Computação",
    curso: "Ciência da Computação",
    disciplinas: [{ codigo: "CIC0105", nome: "Software Livre e Código Aberto", patterns: ["%open source%"], biblioteca: 3, periodo: 5, vagas: 45 }],
  },
  {
    departamento: "Departamento de Música",
    curso: "Música",
    disciplinas: [{ codigo: "MUS0140", nome: "História do Jazz", patterns: ["%jazz%"], biblioteca: 1, periodo: 3, vagas: 35 }],
  },
  {
    departamento: "Departamento de História",
    curso: "História",
    disciplinas: [
      { codigo: "HIS0120", nome: "História do Brasil República", patterns: ["%brasil%", "%hist_ria%"], biblioteca: 1, periodo: 4, vagas: 50 },
    ],
  },
  {
    departamento: "Faculdade de Educação",
    curso: "Pedagogia",
    disciplinas: [
      { codigo: "EDU0101", nome: "Política Educacional Brasileira", patterns: ["%educa%", "%brasil%"], biblioteca: 3, periodo: 1, vagas: 50 },
    ],
  },
];

/** Titles cited per plan: the first BASIC are the basic bibliography, the next ones complementary. */
const BASIC = 3;
const COMPLEMENTARY = 3;

/**
 * Demo teaching plans (ADR 067): departments, courses, disciplines and, for each discipline, a plan this
 * year (1st semester) and last year (2nd semester) citing catalogue titles found by words of their title
 * and subjects (never by fixed ids, so any demo catalogue works). A discipline with no matching title
 * gets no plan.
 */
export async function seedTeachingPlans(
  db: Db,
  { now = Date.now(), log = (_m: string) => {} }: { now?: number; log?: (m: string) => void } = {},
): Promise<void> {
  const year = new Date(now).getUTCFullYear();
  let plans = 0;
  // The first professor of the demo patrons (the `professor` login) teaches the disciplines marked own.
  const professor = await db
    .selectFrom("pessoa as p")
    .innerJoin("categoria as k", "k.cod_categoria", "p.cod_categoria")
    .select("p.cod_pessoa")
    .where("k.professor", "=", 1)
    .orderBy("p.cod_pessoa")
    .executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    for (const d of DEMO) {
      const dep = await trx.insertInto("departamento").values({ nome: d.departamento }).returning("cod_departamento").executeTakeFirstOrThrow();
      const curso = await trx
        .insertInto("curso")
        .values({ nome: d.curso, cod_departamento: dep.cod_departamento })
        .returning("cod_curso")
        .executeTakeFirstOrThrow();
      for (const x of d.disciplinas) {
        const disc = await trx
          .insertInto("disciplina")
          .values({ codigo: x.codigo, nome: x.nome, cod_departamento: dep.cod_departamento })
          .returning("cod_disciplina")
          .executeTakeFirstOrThrow();
        const text = sql`lower(a.titulo || ' ' || coalesce(a.subtitulo, '') || ' ' || a.assuntos)`;
        const titles = await trx
          .selectFrom("acervo as a")
          .select("a.cod_acervo")
          .where(
            sql<boolean>`${sql.join(
              x.patterns.map((p) => sql`${text} LIKE ${p}`),
              sql` AND `,
            )}`,
          )
          // Titles with copies first: a plan cites what the library holds.
          .orderBy(sql`(SELECT count(*) FROM exemplar e WHERE e.cod_acervo = a.cod_acervo)`, "desc")
          .orderBy("a.cod_acervo")
          .limit(BASIC + COMPLEMENTARY)
          .execute();
        if (titles.length === 0) continue;
        for (const [ano, semestre] of [
          [year, 1],
          [year - 1, 2],
        ] as const) {
          const plano = await trx
            .insertInto("plano_ensino")
            .values({
              cod_disciplina: disc.cod_disciplina,
              cod_curso: curso.cod_curso,
              cod_biblioteca: x.biblioteca,
              ano,
              semestre,
              periodo: x.periodo,
              vagas: x.vagas,
              cod_professor: x.own ? (professor?.cod_pessoa ?? null) : null,
            })
            .returning("cod_plano")
            .executeTakeFirstOrThrow();
          plans++;
          await trx
            .insertInto("plano_bibliografia")
            .values(
              titles.map((t, i) => ({
                cod_plano: plano.cod_plano,
                cod_acervo: t.cod_acervo,
                tipo: i < BASIC ? ("B" as const) : ("C" as const),
                ordem: i + 1,
              })),
            )
            .execute();
        }
      }
    }
  });
  log(`seeded ${plans} demo teaching plans`);
}
