import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { syncSequences } from "../db/sequences.ts";
import { hashPassword } from "../lib/password.ts";
import { DEMO_EMPRESA } from "./institution.ts";

/** Password of every demo login. */
export const DEMO_PASSWORD = "demo1234";

/** The demo logins, as the README lists them (kept in step by a test). */
export const DEMO_LOGINS = [
  { login: "demo", nome: "Ana Beatriz Souza", categoria: "01 Aluno de graduação", tem: "3 empréstimos (1 em atraso), 1 reserva, 1 débito em aberto" },
  {
    login: "bloqueado",
    nome: "Carlos Eduardo Lima",
    categoria: "01 Aluno de graduação",
    tem: "bloqueado pela biblioteca (o login é recusado pelo portal)",
  },
  { login: "professor", nome: "Helena Martins Costa", categoria: "12 Professor", tem: "2 empréstimos" },
  { login: "posgrad", nome: "Rafael Oliveira Santos", categoria: "03 Aluno de pós-graduação", tem: "1 empréstimo, 1 reserva" },
  { login: "funcionario", nome: "Juliana Pereira Alves", categoria: "07 Funcionário", tem: "1 empréstimo" },
  {
    login: "comunidade",
    nome: "Beatriz Nogueira Campos",
    categoria: "05 Membro da comunidade",
    tem: "nada emprestado: para experimentar a recuperação de senha",
  },
  {
    login: "comunidade2",
    nome: "Tiago Ferreira Lopes",
    categoria: "05 Membro da comunidade",
    tem: "nada emprestado: para experimentar a recuperação de senha",
  },
] as const;

const PEOPLE = [
  {
    cod_pessoa: 1,
    login: "demo",
    nome: "Ana Beatriz Souza",
    cat: "01",
    email: "ana.souza@example.org",
    doc: "2021000101",
    bloqueado: 0,
    motivo: null,
  },
  {
    cod_pessoa: 2,
    login: "bloqueado",
    nome: "Carlos Eduardo Lima",
    cat: "01",
    email: "carlos.lima@example.org",
    doc: "2020000202",
    bloqueado: 1,
    motivo: "Material em atraso há mais de 60 dias",
  },
  {
    cod_pessoa: 3,
    login: "professor",
    nome: "Helena Martins Costa",
    cat: "12",
    email: "helena.costa@example.org",
    doc: "1000303",
    bloqueado: 0,
    motivo: null,
  },
  {
    cod_pessoa: 4,
    login: "posgrad",
    nome: "Rafael Oliveira Santos",
    cat: "03",
    email: "rafael.santos@example.org",
    doc: "2023000404",
    bloqueado: 0,
    motivo: null,
  },
  {
    cod_pessoa: 5,
    login: "funcionario",
    nome: "Juliana Pereira Alves",
    cat: "07",
    email: "juliana.alves@example.org",
    doc: "5000505",
    bloqueado: 0,
    motivo: null,
  },
  // Patrons with nothing on loan, whose passwords the recovery tests (and newcomers) may change.
  {
    cod_pessoa: 6,
    login: "comunidade",
    nome: "Beatriz Nogueira Campos",
    cat: "05",
    email: "beatriz.campos@example.org",
    doc: "2024000606",
    bloqueado: 0,
    motivo: null,
  },
  {
    cod_pessoa: 7,
    login: "comunidade2",
    nome: "Tiago Ferreira Lopes",
    cat: "05",
    email: "tiago.lopes@example.org",
    doc: "2024000707",
    bloqueado: 0,
    motivo: null,
  },
];

const DAY = 86_400_000;

/**
 * Makes sure at least `n` copies exist to lend: imported catalogues without item fields get
 * one demo copy per title (barcodes DEMO-000001…), in the first three libraries in turn.
 */
async function ensureCopies(db: Db, n: number, log: (m: string) => void) {
  const { count } = await db
    .selectFrom("exemplar")
    .select(sql<number>`count(*)`.as("count"))
    .where("situacao", "=", "disponivel")
    .executeTakeFirstOrThrow();
  if (Number(count) >= n) return;
  const titles = await db
    .selectFrom("acervo")
    .select("cod_acervo")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("exemplar").select("cod_exemplar").whereRef("exemplar.cod_acervo", "=", "acervo.cod_acervo"))),
    )
    .orderBy("cod_acervo")
    .limit(n)
    .execute();
  if (titles.length === 0) return;
  const libs = (await db.selectFrom("biblioteca").select("cod_biblioteca").orderBy("cod_biblioteca").limit(3).execute()).map((l) => l.cod_biblioteca);
  if (!libs.length) throw new Error("the demo patrons need at least one library to lend from");
  await db
    .insertInto("exemplar")
    .values(
      titles.map((t, i) => ({
        cod_acervo: t.cod_acervo,
        cod_biblioteca: libs[i % libs.length],
        codigo_barras: `DEMO-${String(t.cod_acervo).padStart(6, "0")}`,
        localizacao: "Estante geral",
      })),
    )
    .execute();
  log(`created ${titles.length} demo copies for titles imported without item data`);
}

/**
 * Seeds the demo patrons (all with password `demo1234`) and their loans, holds and debits on the
 * first imported copies (by cod_exemplar, preferring titles with a single copy so holds make sense).
 * Dates are relative to `now`. Copies lent out are marked `emprestado`.
 */
export async function seedPatrons(
  db: Db,
  { now = Date.now(), log = (_m: string) => {} }: { now?: number; log?: (m: string) => void } = {},
): Promise<void> {
  const iso = (offsetDays: number) => new Date(now + offsetDays * DAY).toISOString();
  await ensureCopies(db, 12, log);

  await db.transaction().execute(async (trx) => {
    for (const p of PEOPLE) {
      const { hash, salt } = hashPassword(DEMO_PASSWORD);
      await trx
        .insertInto("pessoa")
        .values({
          cod_pessoa: p.cod_pessoa,
          cod_empresa: DEMO_EMPRESA,
          cod_categoria: p.cat,
          nome_pessoa: p.nome,
          email: p.email,
          documento: p.doc,
          bloqueado: p.bloqueado,
          motivo_bloqueio: p.motivo,
          telefone: "(61) 99999-0000",
          dados_pessoais: JSON.stringify({ nacionalidade: "Brasileira", cidade: "Brasília", uf: "DF" }),
        })
        .execute();
      await trx.insertInto("login").values({ cod_pessoa: p.cod_pessoa, usuario: p.login, senha_hash: hash, senha_salt: salt, base: "UFD" }).execute();
    }

    // Single-copy titles first: a hold on one of them is then a hold on a fully lent title.
    const copies = await trx
      .selectFrom("exemplar as e")
      .select(["e.cod_exemplar", "e.cod_acervo", "e.cod_biblioteca"])
      .where("e.situacao", "=", "disponivel")
      .where("e.tipo_emprestimo", "<>", "consulta_local")
      .orderBy(sql`(SELECT count(*) FROM exemplar x WHERE x.cod_acervo = e.cod_acervo)`)
      .orderBy("e.cod_exemplar")
      .limit(12)
      .execute();
    // One copy per title, so no patron borrows two copies of the same work.
    const seen = new Set<number>();
    const pool = copies.filter((c) => (seen.has(c.cod_acervo) ? false : (seen.add(c.cod_acervo), true)));
    if (pool.length < 8) {
      log(`only ${pool.length} copies available: demo loans, holds and debits were not seeded`);
      return;
    }
    const lend = async (
      cod_pessoa: number,
      copy: (typeof pool)[number],
      lentDaysAgo: number,
      dueInDays: number,
      renovacoes = 0,
      returnedDaysAgo?: number,
    ) => {
      const row = await trx
        .insertInto("emprestimo")
        .values({
          cod_exemplar: copy.cod_exemplar,
          cod_pessoa,
          cod_biblioteca: copy.cod_biblioteca,
          data_emprestimo: iso(-lentDaysAgo),
          data_devolucao_prevista: iso(dueInDays),
          renovacoes,
          data_devolucao: returnedDaysAgo == null ? null : iso(-returnedDaysAgo),
        })
        .returning("cod_emprestimo")
        .executeTakeFirstOrThrow();
      if (returnedDaysAgo == null)
        await trx.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_exemplar", "=", copy.cod_exemplar).execute();
      return row.cod_emprestimo;
    };

    // demo: three loans (the first overdue by 6 days), a past late return with an unpaid fine.
    await lend(1, pool[0], 20, -6, 1);
    await lend(1, pool[1], 9, 5);
    await lend(1, pool[2], 4, 10);
    const late = await lend(1, pool[7], 40, -26, 0, 23);
    await trx
      .insertInto("debito")
      .values({
        cod_pessoa: 1,
        cod_emprestimo: late,
        cod_biblioteca: pool[7].cod_biblioteca,
        valor_multa: 4.5,
        tipo_servico: "Empréstimo",
        motivo: "Devolução com 3 dias de atraso",
      })
      .execute();
    // professor, posgrad, funcionario: loans of their own.
    await lend(3, pool[3], 12, 18, 1);
    await lend(3, pool[4], 2, 28);
    await lend(4, pool[5], 7, 14);
    await lend(5, pool[6], 3, 18);
    // Holds on titles lent to someone else: demo waits for the professor's book, posgrad for demo's.
    await trx
      .insertInto("reserva")
      .values([
        {
          cod_acervo: pool[3].cod_acervo,
          cod_pessoa: 1,
          cod_biblioteca: pool[3].cod_biblioteca,
          posicao: 1,
          situacao: "ativa",
          data_reserva: iso(-2),
        },
        {
          cod_acervo: pool[1].cod_acervo,
          cod_pessoa: 4,
          cod_biblioteca: pool[1].cod_biblioteca,
          posicao: 1,
          situacao: "ativa",
          data_reserva: iso(-1),
        },
      ])
      .execute();
  });
  // The patrons were inserted with their own ids: PostgreSQL's sequences must move past them.
  await syncSequences(db);
}
