/**
 * Demo circulation cases for the loans self-service (ADR 120): the renewal rules per category, and four
 * readers (`leitor`, `leitor2`, `leitor3`, `leitor4`, password demo1234) with the same cases, so the JS-on and
 * JS-off browser runs and the Lynx and w3m journeys each renew their own loans: a renewable loan (due in two days: the reminder job alerts it), one
 * reserved by another patron, one at its renewal limit, an overdue one, an hourly loan, returned loans
 * (one with a paid fine) and unread alerts.
 */
import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { alertText } from "../mail/alert-messages.ts";
import { syncSequences } from "../db/sequences.ts";
import { hashPassword } from "../lib/password.ts";
import { DEMO_EMPRESA } from "./institution.ts";
import { DEMO_PASSWORD } from "./patrons.ts";

export const CIRCULATION_READERS = [
  // heldBy: who holds the reader's second loan. Every category allows 3 holds and the holds spec places one
  // for the professor, so the professor holds only the first two readers' loans, and comunidade the others.
  { cod_pessoa: 60, login: "leitor", nome: "Marina Ribeiro Lopes", email: "marina.lopes@example.org", heldBy: 3 },
  { cod_pessoa: 61, login: "leitor2", nome: "Tiago Ferreira Nunes", email: "tiago.nunes@example.org", heldBy: 3 },
  // The text-browser journeys renew too: one reader for Lynx, one for w3m (ADR 151).
  { cod_pessoa: 58, login: "leitor3", nome: "Rita Moraes Siqueira", email: "rita.siqueira@example.org", heldBy: 6 },
  { cod_pessoa: 59, login: "leitor4", nome: "Igor Batista Farias", email: "igor.farias@example.org", heldBy: 6 },
] as const;

const DAY = 86_400_000;

/** Renewal rules per category: a renewal adds the category's loan period; professors may renew overdue loans. */
export async function seedRenewalRules(db: Db): Promise<void> {
  await db
    .updateTable("categoria")
    .set({ renovacao_dias: sql`prazo_dias` })
    .execute();
  await db.updateTable("categoria").set({ renova_atrasado: 1, limite_renovacoes: 5, limite_debito: 50 }).where("professor", "=", 1).execute();
}

/** Seeds the readers and their cases (once: skipped when `leitor` exists). */
export async function seedCirculation(
  db: Db,
  { now = Date.now(), log = (_m: string) => {} }: { now?: number; log?: (m: string) => void } = {},
): Promise<void> {
  if (await db.selectFrom("login").select("cod_login").where("usuario", "=", "leitor").executeTakeFirst()) return;
  await seedRenewalRules(db);
  const iso = (offsetDays: number) => new Date(now + offsetDays * DAY).toISOString();
  const perReader = 8;
  const copies = await db
    .selectFrom("exemplar as e")
    .select(["e.cod_exemplar", "e.cod_acervo", "e.cod_biblioteca"])
    .where("e.situacao", "=", "disponivel")
    .where("e.tipo_emprestimo", "<>", "consulta_local")
    // Titles nobody has on loan or on hold now, so each case is exactly the one described.
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM emprestimo m JOIN exemplar x ON x.cod_exemplar = m.cod_exemplar WHERE x.cod_acervo = e.cod_acervo AND m.data_devolucao IS NULL)`,
    )
    .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM reserva r WHERE r.cod_acervo = e.cod_acervo AND r.situacao IN ('ativa', 'disponivel'))`)
    .orderBy("e.cod_exemplar")
    .limit(perReader * CIRCULATION_READERS.length * 3)
    .execute();
  const seen = new Set<number>();
  const pool = copies.filter((c) => (seen.has(c.cod_acervo) ? false : (seen.add(c.cod_acervo), true)));
  if (pool.length < perReader * CIRCULATION_READERS.length) {
    log(`only ${pool.length} copies available: the circulation demo was not seeded`);
    return;
  }
  await db.transaction().execute(async (trx) => {
    for (const [n, r] of CIRCULATION_READERS.entries()) {
      const { hash, salt } = hashPassword(DEMO_PASSWORD);
      await trx
        .insertInto("pessoa")
        .values({
          cod_pessoa: r.cod_pessoa,
          cod_empresa: DEMO_EMPRESA,
          cod_categoria: "01",
          nome_pessoa: r.nome,
          email: r.email,
          recebe_email: 1,
          documento: `20240006${n}0`,
        })
        .execute();
      await trx.insertInto("login").values({ cod_pessoa: r.cod_pessoa, usuario: r.login, senha_hash: hash, senha_salt: salt, base: "UFD" }).execute();
      const mine = pool.slice(n * perReader, (n + 1) * perReader);
      const lend = async (i: number, o: { lent: number; due: number; renovacoes?: number; tipo?: string; returned?: number }) => {
        const c = mine[i];
        const row = await trx
          .insertInto("emprestimo")
          .values({
            cod_exemplar: c.cod_exemplar,
            cod_pessoa: r.cod_pessoa,
            cod_biblioteca: c.cod_biblioteca,
            tipo: o.tipo ?? "emprestado",
            data_emprestimo: iso(-o.lent),
            data_devolucao_prevista: o.tipo === "horario" ? new Date(now + 3 * 3_600_000).toISOString() : iso(o.due),
            renovacoes: o.renovacoes ?? 0,
            data_devolucao: o.returned == null ? null : iso(-o.returned),
          })
          .returning("cod_emprestimo")
          .executeTakeFirstOrThrow();
        if (o.returned == null)
          await trx.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_exemplar", "=", c.cod_exemplar).execute();
        return row.cod_emprestimo;
      };
      await lend(0, { lent: 12, due: 2 }); // renewable, due in two days
      await lend(1, { lent: 6, due: 8 }); // reserved by another patron (below)
      await lend(2, { lent: 30, due: 5, renovacoes: 3 }); // at its renewal limit (3 for undergraduates)
      await lend(3, { lent: 20, due: -3 }); // overdue; undergraduates may not renew overdue loans
      await lend(4, { lent: 0, due: 0, tipo: "horario" }); // hourly
      await lend(5, { lent: 60, due: -46, returned: 47 });
      const late = await lend(6, { lent: 90, due: -76, returned: 72 });
      await lend(7, { lent: 200, due: -186, returned: 190 });
      await trx
        .insertInto("debito")
        .values({
          cod_pessoa: r.cod_pessoa,
          cod_emprestimo: late,
          cod_biblioteca: mine[6].cod_biblioteca,
          valor_multa: 6,
          valor_pago: 6,
          data_pagamento: iso(-70),
          tipo_servico: "Empréstimo",
          motivo: "Devolução com 4 dias de atraso",
        })
        .execute();
      // Another patron (heldBy) holds the title of the second loan.
      await trx
        .insertInto("reserva")
        .values({
          cod_acervo: mine[1].cod_acervo,
          cod_pessoa: r.heldBy,
          cod_biblioteca: mine[1].cod_biblioteca,
          posicao: 1,
          situacao: "ativa",
          data_reserva: iso(-1),
        })
        .execute();
      const titles = await trx
        .selectFrom("acervo")
        .select(["cod_acervo", "titulo"])
        .where("cod_acervo", "in", [mine[1].cod_acervo, mine[6].cod_acervo])
        .execute();
      const titleOf = (cod: number) => titles.find((t) => t.cod_acervo === cod)?.titulo ?? "";
      await trx
        .insertInto("alerta")
        .values([
          {
            cod_pessoa: r.cod_pessoa,
            tipo: "solicitacao_situacao",
            chave: `demo:${r.login}:1`,
            lido: 0,
            created_at: iso(-1),
            dados: JSON.stringify({ titulo: titleOf(mine[1].cod_acervo), cod_acervo: mine[1].cod_acervo, situacao: "disponivel" }),
            mensagem: alertText("pt", "solicitacao_situacao", { titulo: titleOf(mine[1].cod_acervo), situacao: "disponivel" }),
          },
          {
            cod_pessoa: r.cod_pessoa,
            tipo: "mensagem",
            chave: `demo:${r.login}:2`,
            lido: 0,
            created_at: iso(-2),
            dados: "{}",
            mensagem: "A biblioteca funcionará em horário reduzido durante o recesso.",
          },
          {
            cod_pessoa: r.cod_pessoa,
            tipo: "lista_espera_disponivel",
            chave: `demo:${r.login}:3`,
            lido: 1,
            created_at: iso(-9),
            dados: JSON.stringify({ titulo: titleOf(mine[6].cod_acervo), cod_acervo: mine[6].cod_acervo }),
            mensagem: alertText("pt", "lista_espera_disponivel", { titulo: titleOf(mine[6].cod_acervo) }),
          },
        ])
        .execute();
    }
    // The main demo patron gets alerts too (one unread), so the alerts screen shows something on first login.
    if (await trx.selectFrom("pessoa").select("cod_pessoa").where("cod_pessoa", "=", 1).executeTakeFirst()) {
      await trx
        .insertInto("alerta")
        .values([
          {
            cod_pessoa: 1,
            tipo: "mensagem",
            chave: "demo:demo:1",
            lido: 0,
            created_at: iso(-1),
            dados: "{}",
            mensagem: "A biblioteca funcionará em horário reduzido durante o recesso.",
          },
          {
            cod_pessoa: 1,
            tipo: "mensagem",
            chave: "demo:demo:2",
            lido: 1,
            created_at: iso(-20),
            dados: "{}",
            mensagem: "Bem-vinda ao Meu Pergamum: aqui você renova empréstimos e acompanha reservas.",
          },
        ])
        .execute();
    }
  });
  await syncSequences(db);
  log("seeded the circulation demo readers (leitor, leitor2)");
}
