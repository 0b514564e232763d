/**
 * Storage for the patron's own records in "Meu Pergamum": personal data, password, the data bundle
 * (LGPD art. 18), the loan-history choice, their comments and purchase suggestions. Queries only; the
 * rules live in api/domain/personal-data.ts and api/domain/password-rules.ts.
 */
import { sql } from "kysely";
import type { Db } from "./index.ts";
import { listsForExport } from "./lists.ts";

/** The person behind a patron token, with the login the patron signed in with (first by code). */
export async function getPerson(db: Db, codPessoa: number) {
  return db
    .selectFrom("pessoa as p")
    .innerJoin("categoria as k", "k.cod_categoria", "p.cod_categoria")
    .select([
      "p.cod_pessoa",
      "p.nome_pessoa",
      "p.email",
      "p.telefone",
      "p.documento",
      "p.cpf",
      "p.dados_pessoais",
      "p.recebe_email",
      "p.guarda_historico",
      "p.created_at",
      "k.descricao as categoria",
    ])
    .where("p.cod_pessoa", "=", codPessoa)
    .executeTakeFirst();
}

/** The person's logins, first one first. */
export function getLogins(db: Db, codPessoa: number) {
  return db
    .selectFrom("login")
    .select(["cod_login", "usuario", "base", "senha_hash", "senha_salt"])
    .where("cod_pessoa", "=", codPessoa)
    .orderBy("cod_login")
    .execute();
}

/** The display name of the person who owns a login, or undefined. */
export async function nameOfLogin(db: Db, usuario: string) {
  return db
    .selectFrom("login as l")
    .innerJoin("pessoa as p", "p.cod_pessoa", "l.cod_pessoa")
    .select(["p.cod_pessoa", "p.nome_pessoa"])
    .where("l.usuario", "=", usuario)
    .executeTakeFirst();
}

/** Writes the personal-data JSON, the CPF column, the receive-e-mails flag and, when given, the phone. */
export async function savePersonalData(
  db: Db,
  codPessoa: number,
  dados: Record<string, unknown>,
  cpf: string | null,
  recebeEmail: boolean,
  telefone?: string | null,
) {
  await db
    .updateTable("pessoa")
    .set({ dados_pessoais: JSON.stringify(dados), cpf, recebe_email: recebeEmail ? 1 : 0, ...(telefone === undefined ? {} : { telefone }) })
    .where("cod_pessoa", "=", codPessoa)
    .execute();
}

const loanColumns = [
  "m.cod_emprestimo",
  "a.cod_acervo",
  "a.titulo",
  "a.autor",
  "b.desc_biblioteca as biblioteca",
  "m.tipo",
  "m.data_emprestimo",
  "m.data_devolucao_prevista",
  "m.data_devolucao",
  "m.renovacoes",
] as const;

function loans(db: Db, codPessoa: number) {
  return db
    .selectFrom("emprestimo as m")
    .innerJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
    .innerJoin("acervo as a", "a.cod_acervo", "e.cod_acervo")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "m.cod_biblioteca")
    .select([...loanColumns])
    .where("m.cod_pessoa", "=", codPessoa);
}

/** Everything the library holds about the person, by section (the LGPD art. 18 bundle). */
export async function patronRecords(db: Db, codPessoa: number) {
  const [emprestimos, historico, reservas, debitos, solicitacoes, comentarios, sugestoes, alertas, cesta, espera, listas] = await Promise.all([
    loans(db, codPessoa).where("m.data_devolucao", "is", null).orderBy("m.data_emprestimo").execute(),
    loans(db, codPessoa).where("m.data_devolucao", "is not", null).orderBy("m.data_emprestimo").execute(),
    db
      .selectFrom("reserva as r")
      .innerJoin("acervo as a", "a.cod_acervo", "r.cod_acervo")
      .innerJoin("biblioteca as b", "b.cod_biblioteca", "r.cod_biblioteca")
      .select([
        "r.cod_reserva",
        "a.cod_acervo",
        "a.titulo",
        "b.desc_biblioteca as biblioteca",
        "r.posicao",
        "r.situacao",
        "r.data_reserva",
        "r.data_liberacao",
        "r.data_cancelamento",
      ])
      .where("r.cod_pessoa", "=", codPessoa)
      .orderBy("r.data_reserva")
      .execute(),
    db
      .selectFrom("debito")
      .select(["cod_debito", "cod_emprestimo", "valor_multa", "desconto", "valor_pago", "data_pagamento", "tipo_servico", "motivo", "created_at"])
      .where("cod_pessoa", "=", codPessoa)
      .orderBy("cod_debito")
      .execute(),
    db
      .selectFrom("solicitacao_emprestimo as s")
      .innerJoin("acervo as a", "a.cod_acervo", "s.cod_acervo")
      .select([
        "s.cod_solicitacao",
        "a.cod_acervo",
        "a.titulo",
        "s.situacao",
        "s.telefone",
        "s.email",
        "s.domicilio",
        "s.pessoa_autorizada",
        "s.created_at",
      ])
      .where("s.cod_pessoa", "=", codPessoa)
      .orderBy("s.cod_solicitacao")
      .execute(),
    myComments(db, codPessoa),
    db
      .selectFrom("sugestao_aquisicao")
      .select(["cod_sugestao", "titulo", "autor", "editor", "edicao", "isbn_issn", "situacao", "created_at"])
      .where("cod_pessoa", "=", codPessoa)
      .orderBy("cod_sugestao")
      .execute(),
    db.selectFrom("alerta").select(["id", "mensagem", "lido", "created_at"]).where("cod_pessoa", "=", codPessoa).orderBy("id").execute(),
    // The permanent basket is the default list (ADR 246); every list, with its items and notes, is in `listas`.
    db
      .selectFrom("lista_item as c")
      .innerJoin("lista as l", "l.cod_lista", "c.cod_lista")
      .innerJoin("acervo as a", "a.cod_acervo", "c.cod_acervo")
      .select(["a.cod_acervo", "a.titulo", "c.created_at"])
      .where("l.cod_pessoa", "=", codPessoa)
      .where("l.padrao", "=", 1)
      .orderBy("c.created_at")
      .execute(),
    db
      .selectFrom("lista_espera as w")
      .innerJoin("acervo as a", "a.cod_acervo", "w.cod_acervo")
      .select(["w.id", "a.cod_acervo", "a.titulo", "w.situacao", "w.created_at"])
      .where("w.cod_pessoa", "=", codPessoa)
      .orderBy("w.id")
      .execute(),
    listsForExport(db, codPessoa),
  ]);
  return {
    emprestimos,
    historico,
    reservas,
    debitos,
    solicitacoes,
    comentarios,
    sugestoes,
    alertas,
    cesta_permanente: cesta,
    lista_espera: espera,
    listas,
  };
}

/**
 * Deletes the person's returned loans (their loan history). A returned loan that a debit still points at
 * stays: the debit is a financial record and needs it (ADR 140).
 */
export async function deleteLoanHistory(db: Db, codPessoa: number): Promise<number> {
  const res = await db
    .deleteFrom("emprestimo")
    .where("cod_pessoa", "=", codPessoa)
    .where("data_devolucao", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("debito as d").select("d.cod_debito").whereRef("d.cod_emprestimo", "=", "emprestimo.cod_emprestimo"))),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Sets the loan-history choice; turning it off deletes the history in the same transaction. */
export async function setHistoryChoice(db: Db, codPessoa: number, keep: boolean): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("pessoa")
      .set({ guarda_historico: keep ? 1 : 0 })
      .where("cod_pessoa", "=", codPessoa)
      .execute();
    return keep ? 0 : deleteLoanHistory(trx, codPessoa);
  });
}

/** The person's comments, newest first, with their title and moderation status. */
export function myComments(db: Db, codPessoa: number, codAcervo?: number) {
  let q = db
    .selectFrom("comentario as c")
    .leftJoin("acervo as a", "a.cod_acervo", "c.cod_acervo")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "c.cod_biblioteca")
    .select(["c.cod_comentario", "c.cod_acervo", "a.titulo", "b.desc_biblioteca as biblioteca", "c.texto", "c.situacao", "c.data_envio"])
    .where("c.cod_pessoa", "=", codPessoa);
  if (codAcervo != null) q = q.where("c.cod_acervo", "=", codAcervo);
  return q.orderBy("c.data_envio", "desc").orderBy("c.cod_comentario", "desc").execute();
}

/** The titles the person commented on, with how many comments each. */
export function myCommentedTitles(db: Db, codPessoa: number) {
  return db
    .selectFrom("comentario as c")
    .innerJoin("acervo as a", "a.cod_acervo", "c.cod_acervo")
    .select(["a.cod_acervo", "a.titulo", "a.autor", sql<number>`count(*)`.as("total"), sql<string>`max(c.data_envio)`.as("ultimo_envio")])
    .where("c.cod_pessoa", "=", codPessoa)
    .groupBy(["a.cod_acervo", "a.titulo", "a.autor"])
    .orderBy(sql`max(c.data_envio)`, "desc")
    .execute();
}

/** Deletes one of the person's comments; false when it is not theirs or does not exist. */
export async function deleteMyComment(db: Db, codPessoa: number, codComentario: number): Promise<boolean> {
  const res = await db.deleteFrom("comentario").where("cod_comentario", "=", codComentario).where("cod_pessoa", "=", codPessoa).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** The person's purchase suggestions in a date range (created_at, inclusive days) and status. */
export function mySuggestions(db: Db, codPessoa: number, f: { dataIni?: string; dataFim?: string; situacao?: string }) {
  let q = db
    .selectFrom("sugestao_aquisicao as s")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "s.cod_biblioteca")
    .leftJoin("plano_ensino as pe", "pe.cod_plano", "s.cod_plano")
    .leftJoin("disciplina as d", "d.cod_disciplina", "pe.cod_disciplina")
    .select([
      "s.cod_sugestao",
      "s.titulo",
      "s.autor",
      "s.edicao",
      "s.editor",
      "s.isbn_issn",
      "s.periodico",
      "s.outras_inf",
      "b.desc_biblioteca as biblioteca",
      "s.situacao",
      "s.created_at",
    ])
    .select(["d.nome as disciplina", "s.tipo_bibliografia", "s.exemplares", "s.justificativa"])
    .where("s.cod_pessoa", "=", codPessoa);
  // created_at is an ISO text (or CURRENT_TIMESTAMP text); comparing its first 10 characters works in both dialects.
  if (f.dataIni) q = q.where(sql`substr(s.created_at, 1, 10)`, ">=", f.dataIni);
  if (f.dataFim) q = q.where(sql`substr(s.created_at, 1, 10)`, "<=", f.dataFim);
  if (f.situacao) q = q.where("s.situacao", "=", f.situacao);
  return q.orderBy("s.created_at", "desc").orderBy("s.cod_sugestao", "desc").execute();
}
