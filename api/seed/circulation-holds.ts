import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { DEMO_PIX_KEY, pixCode } from "../domain/gru.ts";
import { hashPassword } from "../lib/password.ts";
import { DEMO_EMPRESA } from "./institution.ts";
import { DEMO_PASSWORD } from "./patrons.ts";
import { WAITING_LIST_TITLES } from "./waiting-list.ts";

/** The demo login for holds, loan requests, debits with a GRU/PIX slip, the permanent basket and saved searches. */
export const CIRCULATION_LOGINS = [
  {
    login: "leitora",
    nome: "Marina Duarte Rocha",
    categoria: "03 Aluno de pós-graduação",
    tem: "CPF, 1 reserva disponível para retirada, 1 reserva suspensa, 3 débitos (GRU/PIX), 1 débito pago por GRU, 5 solicitações de empréstimo, cesta permanente, 1 pesquisa salva",
  },
] as const;

const DAY = 86_400_000;

/**
 * Seeds `leitora` (once: keyed by the login): a hold ready for pickup, a suspended hold behind `demo`'s, debits at
 * two libraries (she has a CPF, so a GRU can be issued; `demo` has none), loan requests in every status, a waiting
 * list entry, a permanent basket and a saved search. Runs after the other demo seeds; changes none of their data.
 */
export async function seedCirculationHolds(
  db: Db,
  { now = Date.now(), log = (_m: string) => {} }: { now?: number; log?: (m: string) => void } = {},
): Promise<void> {
  if (await db.selectFrom("login").select("cod_login").where("usuario", "=", "leitora").executeTakeFirst()) return;
  const iso = (days: number) => new Date(now + days * DAY).toISOString();
  // The title `demo` holds (lent to `professor`): the suspended hold queues behind demo's.
  const heldByDemo = await db
    .selectFrom("reserva")
    .select(["cod_acervo", "cod_biblioteca"])
    .where("cod_pessoa", "=", 1)
    .where("situacao", "=", "ativa")
    .orderBy("cod_reserva")
    .executeTakeFirst();
  const free = await db
    .selectFrom("exemplar as e")
    .select(["e.cod_exemplar", "e.cod_acervo", "e.cod_biblioteca"])
    .where("e.situacao", "=", "disponivel")
    .where("e.tipo_emprestimo", "<>", "consulta_local")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("reserva as r").select("r.cod_reserva").whereRef("r.cod_acervo", "=", "e.cod_acervo"))),
    )
    .orderBy(sql`e.cod_exemplar DESC`)
    .limit(12)
    .execute();
  const seen = new Set<number>();
  const pool = free.filter((c) => (seen.has(c.cod_acervo) ? false : (seen.add(c.cod_acervo), true)));
  if (!heldByDemo || pool.length < 9) {
    log("not enough demo data: the holds and debits demo (leitora) was not seeded");
    return;
  }
  await db.transaction().execute(async (trx) => {
    const { hash, salt } = hashPassword(DEMO_PASSWORD);
    const p = await trx
      .insertInto("pessoa")
      .values({
        cod_empresa: DEMO_EMPRESA,
        cod_categoria: "03",
        nome_pessoa: CIRCULATION_LOGINS[0].nome,
        email: "marina.rocha@example.org",
        documento: "2022000606",
        cpf: "12345678909",
        telefone: "(61) 98888-0000",
        dados_pessoais: JSON.stringify({ nacionalidade: "Brasileira", cidade: "Brasília", uf: "DF" }),
      })
      .returning("cod_pessoa")
      .executeTakeFirstOrThrow();
    const who = p.cod_pessoa;
    await trx.insertInto("login").values({ cod_pessoa: who, usuario: "leitora", senha_hash: hash, senha_salt: salt, base: "UFD" }).execute();

    // Ready for pickup: the copy is set aside at the library until data_liberacao.
    const ready = pool[0];
    await trx.updateTable("exemplar").set({ situacao: "reservado" }).where("cod_exemplar", "=", ready.cod_exemplar).execute();
    const next = await trx
      .selectFrom("reserva")
      .select(sql<number>`coalesce(max(posicao), 0)`.as("p"))
      .where("cod_acervo", "=", heldByDemo.cod_acervo)
      .where("situacao", "in", ["ativa", "disponivel"])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("reserva")
      .values([
        {
          cod_acervo: ready.cod_acervo,
          cod_pessoa: who,
          cod_biblioteca: ready.cod_biblioteca,
          posicao: 1,
          situacao: "disponivel",
          data_reserva: iso(-8),
          data_liberacao: iso(3),
          observacao: "Retirar no balcão de empréstimo.",
          localizacao: "Balcão de empréstimo, térreo",
          suspensa_ate: null,
        },
        {
          cod_acervo: heldByDemo.cod_acervo,
          cod_pessoa: who,
          cod_biblioteca: heldByDemo.cod_biblioteca,
          posicao: Number(next.p) + 1,
          situacao: "ativa",
          data_reserva: iso(-1),
          data_liberacao: null,
          observacao: null,
          localizacao: null,
          suspensa_ate: iso(20).slice(0, 10),
        },
      ])
      .execute();
    // Two late returns at library 1: the first one's fine is still owed, the second was paid with a GRU.
    const returned = async (copy: (typeof pool)[number], lent: number, late: number) =>
      (
        await trx
          .insertInto("emprestimo")
          .values({
            cod_exemplar: copy.cod_exemplar,
            cod_pessoa: who,
            cod_biblioteca: 1,
            data_emprestimo: iso(lent),
            data_devolucao_prevista: iso(lent + 14),
            data_devolucao: iso(lent + 14 + late),
          })
          .returning("cod_emprestimo")
          .executeTakeFirstOrThrow()
      ).cod_emprestimo;
    const lateOwed = await returned(pool[6], -30, 2);
    const latePaid = await returned(pool[7], -60, 4);
    const paidDebit = await trx
      .insertInto("debito")
      .values({
        cod_pessoa: who,
        cod_emprestimo: latePaid,
        cod_biblioteca: 1,
        valor_multa: 2,
        valor_pago: 2,
        data_pagamento: iso(-38),
        tipo_servico: "Empréstimo",
        motivo: "Devolução com 4 dias de atraso",
        created_at: iso(-42),
      })
      .returning("cod_debito")
      .executeTakeFirstOrThrow();
    const referencia = `${iso(-40).slice(0, 10).replace(/-/g, "")}000042`;
    await trx
      .insertInto("gru")
      .values({
        cod_pessoa: who,
        cod_biblioteca: 1,
        valor: 2,
        debitos: JSON.stringify([paidDebit.cod_debito]),
        numero_referencia: referencia,
        vencimento: iso(-35).slice(0, 10),
        pix: pixCode({ chave: DEMO_PIX_KEY, beneficiario: "UFD", cidade: "Brasilia", valor: 2, referencia }),
        situacao: "paga",
        data_pagamento: iso(-38),
        created_at: iso(-40),
      })
      .execute();
    // Debits at two libraries: a GRU pays those of one library.
    await trx
      .insertInto("debito")
      .values([
        {
          cod_pessoa: who,
          cod_emprestimo: lateOwed,
          cod_biblioteca: 1,
          valor_multa: 3,
          desconto: 0,
          tipo_servico: "Empréstimo",
          motivo: "Devolução com 2 dias de atraso",
        },
        {
          cod_pessoa: who,
          cod_biblioteca: 1,
          valor_multa: 12.5,
          desconto: 2.5,
          tipo_servico: "Reposição",
          motivo: "Etiqueta de código de barras danificada",
        },
        { cod_pessoa: who, cod_biblioteca: 2, valor_multa: 1.5, desconto: 0, tipo_servico: "Empréstimo", motivo: "Devolução com 1 dia de atraso" },
      ])
      .execute();
    // Loan requests in each status, one per title.
    const statuses = ["aguardando", "disponivel", "transito", "finalizada", "nao_finalizada"] as const;
    await trx
      .insertInto("solicitacao_emprestimo")
      .values(
        statuses.map((situacao, i) => ({
          cod_acervo: pool[1 + i].cod_acervo,
          cod_pessoa: who,
          biblioteca_origem: pool[1 + i].cod_biblioteca,
          biblioteca_recebimento: 1,
          telefone: "(61) 98888-0000",
          email: "marina.rocha@example.org",
          cod_local_recebimento: 1,
          situacao,
          created_at: iso(-3 - i * 9),
          recebimento_textual: i === 0 ? "Deixar na secretaria do Programa de Pós-graduação, sala 204" : null,
        })),
      )
      .execute();
    // The permanent basket is the patron's default list (ADR 246).
    const basket = await trx
      .insertInto("lista")
      .values({ cod_pessoa: who, nome: "Cesta permanente", padrao: 1 })
      .returning("cod_lista")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("lista_item")
      .values(pool.slice(6, 9).map((c, i) => ({ cod_lista: basket.cod_lista, cod_acervo: c.cod_acervo, created_at: iso(-30 + i * 10) })))
      .execute();
    await trx
      .insertInto("pesquisa_salva")
      .values({ cod_pessoa: who, nome: "História do Brasil", consulta: "termo=hist%C3%B3ria+do+brasil" })
      .execute();
    const waiting = await trx.selectFrom("acervo").select("cod_acervo").where("titulo", "=", WAITING_LIST_TITLES[0].titulo).executeTakeFirst();
    if (waiting) await trx.insertInto("lista_espera").values({ cod_acervo: waiting.cod_acervo, cod_pessoa: who }).execute();
  });
  log("seeded leitora: holds (ready, suspended), debits for a GRU/PIX slip, a paid slip, loan requests, permanent basket, a saved search");
}
