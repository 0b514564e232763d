/**
 * Demo data for the patron's profile screens (ADR 140): the institution's settings for them (editable
 * personal-data fields, password rules, institutional events), demo's personal data, comments in each
 * moderation status and purchase suggestions in several statuses, and two extra patrons whose profile,
 * password and loan history the browser tests change (one per JavaScript mode, so runs never share state).
 * Adds rows only: the counts the other seeds' tests rely on stay as they were.
 */
import type { Db } from "../db/index.ts";
import { parseJsonObject } from "../lib/http.ts";
import { hashPassword } from "../lib/password.ts";
import { DEMO_EMPRESA } from "./institution.ts";
import { DEMO_PASSWORD } from "./patrons.ts";

/** Patrons the profile tests may change (password demo1234 until a test changes it). */
export const PROFILE_TEST_LOGINS = [
  { login: "perfil1", nome: "Marcos Vinícius Rocha", email: "marcos.rocha@example.org" },
  { login: "perfil2", nome: "Luísa Fernandes Prado", email: "luisa.prado@example.org" },
] as const;

/**
 * Patrons the contact-details tests change (phone, e-mail; ADR 236): one per JavaScript mode for the browser
 * tests, one for the accessibility audit, nothing else of theirs.
 */
export const CONTACT_TEST_LOGINS = [
  { login: "contato1", nome: "Renata Duarte Moreira", email: "renata.moreira@example.org", telefone: "(61) 3201-1000" },
  { login: "contato2", nome: "Paulo Henrique Teles", email: "paulo.teles@example.org", telefone: "(61) 3201-2000" },
  { login: "contato3", nome: "Sílvia Prates Arantes", email: "silvia.arantes@example.org", telefone: "(61) 3201-3000" },
] as const;

/**
 * Patrons the list tests change (ADR 246): one per JavaScript mode for the browser tests, one for the
 * accessibility audit; nothing else of theirs.
 */
export const LIST_TEST_LOGINS = [
  { login: "listas1", nome: "Marta Lins Figueiredo", email: "marta.figueiredo@example.org", telefone: "(61) 3202-1000" },
  { login: "listas2", nome: "Otávio Reis Bastos", email: "otavio.bastos@example.org", telefone: "(61) 3202-2000" },
  { login: "listas3", nome: "Lúcia Amaral Pinto", email: "lucia.pinto@example.org", telefone: "(61) 3202-3000" },
] as const;

/**
 * Patrons the notification tests change (issue 29: notice choices, unsubscribe, the loan-history choice, saved
 * searches' alerts): one per JavaScript mode for the browser tests, one for the accessibility audit. Each has
 * returned loans and two saved searches, one of them alerting daily.
 */
export const NOTIFY_TEST_LOGINS = [
  { login: "avisos1", nome: "Helena Bastos Queiroz", email: "helena.queiroz@example.org" },
  { login: "avisos2", nome: "Otávio Siqueira Lins", email: "otavio.lins@example.org" },
  { login: "avisos3", nome: "Denise Araújo Falcão", email: "denise.falcao@example.org" },
] as const;

/**
 * Patrons whose loan history the history tests delete from (issue 29): one per JavaScript mode for the browser
 * tests, one for the accessibility audit. Each has three returned loans and nothing else.
 */
export const HISTORY_TEST_LOGINS = [
  { login: "historico1", nome: "Vera Lúcia Amaral", email: "vera.amaral@example.org" },
  { login: "historico2", nome: "Caio Brandão Nery", email: "caio.nery@example.org" },
  { login: "historico3", nome: "Lívia Tavares Maia", email: "livia.maia@example.org" },
] as const;

/** Institution parameters the profile screens read (merged into instituicao.parametros). */
export const PROFILE_PARAMETROS = {
  // The registry owns identity fields; the patron keeps address, contact preferences and the rest current.
  dados_pessoais_editaveis: [
    "logradouro",
    "complemento",
    "cep",
    "bairro",
    "cidade",
    "cpf",
    "sexo",
    "escolaridade",
    "localizacao",
    "profissao",
    "estado_civil",
    "recebe_email",
  ],
  eventos_institucionais: [
    {
      titulo: "Semana do Livro e da Biblioteca",
      data_inicio: "2026-10-23",
      data_fim: "2026-10-29",
      local: "Biblioteca Central – Hall de entrada",
      descricao: "Exposição de obras raras, oficinas de encadernação e troca de livros.",
      traducoes: {
        en: {
          titulo: "Book and Library Week",
          descricao: "Rare books exhibition, bookbinding workshops and a book swap.",
          local: "Central Library – Entrance hall",
        },
        es: {
          titulo: "Semana del Libro y de la Biblioteca",
          descricao: "Exposición de obras raras, talleres de encuadernación e intercambio de libros.",
          local: "Biblioteca Central – Vestíbulo",
        },
      },
    },
    {
      titulo: "Oficina: como usar o Meu Pergamum",
      data_inicio: "2026-12-02",
      data_fim: "2026-12-02",
      local: "Biblioteca do Campus Norte – Sala 2",
      descricao: "Renovação, reservas, sugestões de compra e privacidade dos seus dados, em uma hora.",
      traducoes: {
        en: {
          titulo: "Workshop: using Meu Pergamum",
          descricao: "Renewals, holds, purchase suggestions and the privacy of your data, in one hour.",
          local: "North Campus Library – Room 2",
        },
        es: {
          titulo: "Taller: cómo usar Meu Pergamum",
          descricao: "Renovaciones, reservas, sugerencias de compra y la privacidad de sus datos, en una hora.",
          local: "Biblioteca del Campus Norte – Sala 2",
        },
      },
    },
  ],
};

const DAY = 86_400_000;

/** Seeds the profile demo data; safe to call once on a new database after seedPatrons. */
export async function seedAccountProfile(
  db: Db,
  { now = Date.now(), log = (_m: string) => {} }: { now?: number; log?: (m: string) => void } = {},
): Promise<void> {
  const iso = (offsetDays: number) => new Date(now + offsetDays * DAY).toISOString();
  await db.transaction().execute(async (trx) => {
    const inst = await trx.selectFrom("instituicao").select(["cod_empresa", "parametros"]).where("cod_empresa", "=", DEMO_EMPRESA).executeTakeFirst();
    if (!inst) return;
    await trx
      .updateTable("instituicao")
      .set({ parametros: JSON.stringify({ ...parseJsonObject(inst.parametros), ...PROFILE_PARAMETROS }) })
      .where("cod_empresa", "=", DEMO_EMPRESA)
      .execute();

    const address = {
      logradouro: "SQN 208, Bloco C, apto 301",
      complemento: "Asa Norte",
      cep: "70853-030",
      bairro: "Asa Norte",
      cidade: "Brasília",
      identidade: "1234567 SSP/DF",
      nacionalidade: "Brasileira",
      sexo: "feminino",
      data_nascimento: "2003-05-14",
      escolaridade: "medio",
      localizacao: "Faculdade de Comunicação",
      profissao: "Estudante",
      estado_civil: "solteiro",
    };
    // No CPF for demo: the debits screen shows the spec §8 "no tax number registered" case with it (leitora has one).
    await trx
      .updateTable("pessoa")
      .set({ dados_pessoais: JSON.stringify({ ...address, uf: "DF" }) })
      .where("cod_pessoa", "=", 1)
      .execute();

    const cat = await trx.selectFrom("pessoa").select("cod_categoria").where("cod_pessoa", "=", 1).executeTakeFirst();
    const ids: number[] = [];
    for (const p of PROFILE_TEST_LOGINS) {
      const row = await trx
        .insertInto("pessoa")
        .values({
          cod_empresa: DEMO_EMPRESA,
          cod_categoria: cat?.cod_categoria ?? "01",
          nome_pessoa: p.nome,
          email: p.email,
          telefone: "(61) 98888-0000",
          dados_pessoais: JSON.stringify({ ...address, sexo: "masculino", identidade: "7654321 SSP/DF" }),
        })
        .returning("cod_pessoa")
        .executeTakeFirstOrThrow();
      ids.push(row.cod_pessoa);
      const { hash, salt } = hashPassword(DEMO_PASSWORD);
      await trx
        .insertInto("login")
        .values({ cod_pessoa: row.cod_pessoa, usuario: p.login, senha_hash: hash, senha_salt: salt, base: "UFD" })
        .execute();
    }

    // A loan history (returned loans) for demo and the test patrons, on the first copies.
    const copies = await trx
      .selectFrom("exemplar")
      .select(["cod_exemplar", "cod_acervo", "cod_biblioteca"])
      .orderBy("cod_exemplar")
      .limit(3)
      .execute();
    for (const cod_pessoa of [1, ...ids]) {
      for (const [i, copy] of copies.entries()) {
        await trx
          .insertInto("emprestimo")
          .values({
            cod_exemplar: copy.cod_exemplar,
            cod_pessoa,
            cod_biblioteca: copy.cod_biblioteca,
            data_emprestimo: iso(-120 + i * 20),
            data_devolucao_prevista: iso(-106 + i * 20),
            data_devolucao: iso(-108 + i * 20),
          })
          .execute();
      }
    }

    if (copies.length > 0) {
      // demo's comments in the two settled statuses (pending ones would count towards the comment limit).
      await trx
        .insertInto("comentario")
        .values([
          {
            cod_acervo: copies[0].cod_acervo,
            cod_pessoa: 1,
            cod_biblioteca: 1,
            texto: "Muito útil para a disciplina de introdução; recomendo a leitura do segundo capítulo.",
            situacao: "aprovado",
            data_envio: iso(-30),
          },
          {
            cod_acervo: copies[0].cod_acervo,
            cod_pessoa: 1,
            cod_biblioteca: 1,
            texto: "Alguém sabe se há edição mais nova?",
            situacao: "rejeitado",
            data_envio: iso(-20),
          },
          ...ids.map((cod_pessoa) => ({
            cod_acervo: copies[0].cod_acervo,
            cod_pessoa,
            cod_biblioteca: 1,
            texto: "Comentário de teste aguardando aprovação.",
            situacao: "aguardando",
            data_envio: iso(-1),
          })),
        ])
        .execute();
    }

    await trx
      .insertInto("sugestao_aquisicao")
      .values([
        {
          cod_pessoa: 1,
          cod_campus: 1,
          cod_biblioteca: 1,
          titulo: "Design acessível para a web",
          autor: "Silva, M.",
          editor: "Editora Exemplo",
          situacao: "pre_sugestao",
          created_at: iso(-3),
        },
        {
          cod_pessoa: 1,
          cod_campus: 1,
          cod_biblioteca: 1,
          titulo: "Introdução à biblioteconomia",
          autor: "Souza, R.",
          editor: "Editora Acadêmica",
          situacao: "em_cotacao",
          created_at: iso(-40),
        },
        {
          cod_pessoa: 1,
          cod_campus: 1,
          cod_biblioteca: 2,
          titulo: "Anatomia humana básica",
          editor: "Saúde Editorial",
          situacao: "atendida",
          created_at: iso(-90),
        },
        {
          cod_pessoa: 1,
          cod_campus: 2,
          cod_biblioteca: 3,
          titulo: "História do Brasil colonial",
          editor: "Editora Histórica",
          situacao: "esgotada",
          created_at: iso(-200),
        },
      ])
      .execute();
  });
  log("seeded the profile demo data: personal data, comments, suggestions and the perfil1/perfil2 test patrons");
}

/**
 * Seeds the contact-details and list test patrons (CONTACT_TEST_LOGINS, LIST_TEST_LOGINS); called after every other demo seed, so the patrons
 * the other seeds insert keep the ids they had.
 */
export async function seedContactTestPatrons(db: Db, { log = (_m: string) => {} }: { log?: (m: string) => void } = {}): Promise<void> {
  const cat = await db.selectFrom("pessoa").select("cod_categoria").where("cod_pessoa", "=", 1).executeTakeFirst();
  await db.transaction().execute(async (trx) => {
    for (const p of [...CONTACT_TEST_LOGINS, ...LIST_TEST_LOGINS]) {
      const row = await trx
        .insertInto("pessoa")
        .values({ cod_empresa: DEMO_EMPRESA, cod_categoria: cat?.cod_categoria ?? "01", nome_pessoa: p.nome, email: p.email, telefone: p.telefone })
        .returning("cod_pessoa")
        .executeTakeFirstOrThrow();
      const { hash, salt } = hashPassword(DEMO_PASSWORD);
      await trx
        .insertInto("login")
        .values({ cod_pessoa: row.cod_pessoa, usuario: p.login, senha_hash: hash, senha_salt: salt, base: "UFD" })
        .execute();
    }
  });
  log("seeded the contato1-3 (contact details) and listas1-3 (lists) test patrons");
  await seedNotifyTestPatrons(db, cat?.cod_categoria ?? "01");
  log("seeded the avisos1, avisos2 and avisos3 test patrons (notifications)");
  await seedHistoryTestPatrons(db, cat?.cod_categoria ?? "01");
  log("seeded the historico1, historico2 and historico3 test patrons (deleting from the loan history)");
}

/** The history test patrons (HISTORY_TEST_LOGINS): three returned loans each, on the first three copies. */
async function seedHistoryTestPatrons(db: Db, categoria: string): Promise<void> {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  await db.transaction().execute(async (trx) => {
    const copies = await trx.selectFrom("exemplar").select(["cod_exemplar", "cod_biblioteca"]).orderBy("cod_exemplar").limit(3).execute();
    for (const p of HISTORY_TEST_LOGINS) {
      const row = await trx
        .insertInto("pessoa")
        .values({ cod_empresa: DEMO_EMPRESA, cod_categoria: categoria, nome_pessoa: p.nome, email: p.email })
        .returning("cod_pessoa")
        .executeTakeFirstOrThrow();
      const { hash, salt } = hashPassword(DEMO_PASSWORD);
      await trx
        .insertInto("login")
        .values({ cod_pessoa: row.cod_pessoa, usuario: p.login, senha_hash: hash, senha_salt: salt, base: "UFD" })
        .execute();
      for (const [i, copy] of copies.entries()) {
        await trx
          .insertInto("emprestimo")
          .values({
            cod_exemplar: copy.cod_exemplar,
            cod_pessoa: row.cod_pessoa,
            cod_biblioteca: copy.cod_biblioteca,
            data_emprestimo: day(-100 + i * 20),
            data_devolucao_prevista: day(-86 + i * 20),
            data_devolucao: day(-88 + i * 20),
          })
          .execute();
      }
    }
  });
}

/** The notification test patrons (NOTIFY_TEST_LOGINS): two returned loans and two saved searches each. */
async function seedNotifyTestPatrons(db: Db, categoria: string): Promise<void> {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  await db.transaction().execute(async (trx) => {
    const copies = await trx.selectFrom("exemplar").select(["cod_exemplar", "cod_biblioteca"]).orderBy("cod_exemplar").limit(2).execute();
    for (const p of NOTIFY_TEST_LOGINS) {
      const row = await trx
        .insertInto("pessoa")
        .values({ cod_empresa: DEMO_EMPRESA, cod_categoria: categoria, nome_pessoa: p.nome, email: p.email })
        .returning("cod_pessoa")
        .executeTakeFirstOrThrow();
      const { hash, salt } = hashPassword(DEMO_PASSWORD);
      await trx
        .insertInto("login")
        .values({ cod_pessoa: row.cod_pessoa, usuario: p.login, senha_hash: hash, senha_salt: salt, base: "UFD" })
        .execute();
      for (const [i, copy] of copies.entries()) {
        await trx
          .insertInto("emprestimo")
          .values({
            cod_exemplar: copy.cod_exemplar,
            cod_pessoa: row.cod_pessoa,
            cod_biblioteca: copy.cod_biblioteca,
            data_emprestimo: day(-90 + i * 20),
            data_devolucao_prevista: day(-76 + i * 20),
            data_devolucao: day(-78 + i * 20),
          })
          .execute();
      }
      const since = new Date().toISOString();
      await trx
        .insertInto("pesquisa_salva")
        .values([
          { cod_pessoa: row.cod_pessoa, nome: "Astronomia", consulta: "termo=astronomia&tipo=livre", alerta: "diario", alerta_desde: since },
          { cod_pessoa: row.cod_pessoa, nome: "Poesia brasileira", consulta: "termo=poesia&tipo=livre", alerta: null, alerta_desde: null },
        ])
        .execute();
    }
  });
}
