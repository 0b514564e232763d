/**
 * The rest of the LGPD art. 18 bundle (api/db/account-profile.ts `patronRecords` has the circulation part):
 * every other table that holds a row about the person, each as a section. Credentials (password hashes,
 * token hashes, recovery codes, the loan token) are left out of the rows: the bundle says that they exist
 * and when, never their secret. A new table with a cod_pessoa or cod_login column must be added here; the
 * test beside the route (api/routes/meus-dados.test.ts) reads the schema and fails until it is.
 */
import { sql } from "kysely";
import type { Db } from "./index.ts";

type Section = { table: string; columns: readonly string[]; by: "cod_pessoa" | "cod_login"; order: string; json?: readonly string[] };

/** Section name → where it comes from. Identifiers are constants of this file, values are bound parameters. */
export const PERSON_SECTIONS = {
  logins: { table: "login", columns: ["cod_login", "usuario", "base", "tentativas_falhas", "bloqueado_ate"], by: "cod_pessoa", order: "cod_login" },
  senhas_anteriores: { table: "senha_historico", columns: ["cod_login", "created_at"], by: "cod_login", order: "created_at" },
  recuperacoes_senha: {
    table: "recuperacao_senha",
    columns: ["id", "cod_login", "tentativas", "expires_at", "encerrado_em", "created_at"],
    by: "cod_login",
    order: "id",
  },
  sessoes_login: { table: "sessao_login", columns: ["familia", "cod_login"], by: "cod_login", order: "familia" },
  sessoes: {
    table: "oauth_token",
    columns: ["tipo", "client_id", "familia", "created_at", "expires_at", "rotated_at", "revoked_at"],
    by: "cod_pessoa",
    order: "created_at",
  },
  renovacoes: {
    table: "renovacao",
    columns: ["id", "cod_emprestimo", "data_devolucao_anterior", "data_devolucao_nova", "created_at"],
    by: "cod_pessoa",
    order: "id",
  },
  calendario: { table: "calendario_feed", columns: ["created_at"], by: "cod_pessoa", order: "created_at" },
  tokens_emprestimo: { table: "token_emprestimo", columns: ["id", "valido_ate", "created_at"], by: "cod_pessoa", order: "id" },
  tokens_redirecionamento: { table: "token_redireciona", columns: ["created_at", "expires_at"], by: "cod_pessoa", order: "created_at" },
  base_externa: { table: "pessoa_redirect", columns: ["base", "updated_at"], by: "cod_pessoa", order: "updated_at" },
  acessos_links: {
    table: "acesso_link",
    columns: ["cod_acesso", "cod_link", "navegador", "dispositivo", "sistema", "created_at"],
    by: "cod_pessoa",
    order: "cod_acesso",
  },
  estatisticas_acesso: {
    table: "estatistica_acesso",
    columns: ["id", "cod_acervo", "cod_link", "origem", "created_at"],
    by: "cod_pessoa",
    order: "id",
  },
  grus: {
    table: "gru",
    columns: ["cod_gru", "cod_biblioteca", "valor", "debitos", "numero_referencia", "vencimento", "pix", "situacao", "data_pagamento", "created_at"],
    by: "cod_pessoa",
    order: "cod_gru",
    json: ["debitos"],
  },
  pesquisas_salvas: { table: "pesquisa_salva", columns: ["id", "nome", "consulta", "alerta", "created_at"], by: "cod_pessoa", order: "id" },
  listas_entregues: {
    table: "armazem",
    columns: ["cod_armazem", "cod_biblioteca", "acervos", "created_at"],
    by: "cod_pessoa",
    order: "cod_armazem",
    json: ["acervos"],
  },
  solicitacoes_biblioteca: {
    table: "solicitacao_biblioteca",
    columns: ["cod_solicitacao", "tipo", "subtipo", "dados", "situacao", "resposta", "data_resposta", "created_at"],
    by: "cod_pessoa",
    order: "cod_solicitacao",
    json: ["dados"],
  },
  perfil_interesse: { table: "perfil_interesse", columns: ["validade", "updated_at"], by: "cod_pessoa", order: "updated_at" },
  perfil_interesse_itens: {
    table: "perfil_interesse_item",
    columns: ["cod_item", "tipo_dsi", "cod_tipo_area", "codigo", "descricao", "created_at"],
    by: "cod_pessoa",
    order: "cod_item",
  },
  perfil_interesse_periodicos: {
    table: "perfil_interesse_periodico",
    columns: ["cod_acervo", "tipos", "created_at"],
    by: "cod_pessoa",
    order: "cod_acervo",
  },
  perfil_interesse_tipos_obra: { table: "perfil_interesse_tipo_obra", columns: ["cod_tipo_obra"], by: "cod_pessoa", order: "cod_tipo_obra" },
  perfil_interesse_envios: { table: "perfil_interesse_envio", columns: ["cod_acervo", "created_at"], by: "cod_pessoa", order: "created_at" },
  declaracoes_nada_consta: {
    table: "nada_consta",
    columns: ["cod_declaracao", "codigo", "nome_pessoa", "documento", "categoria", "emitida_em"],
    by: "cod_pessoa",
    order: "cod_declaracao",
  },
  preferencias_notificacao: { table: "preferencia_notificacao", columns: ["evento", "email", "app", "dias"], by: "cod_pessoa", order: "evento" },
  alteracoes_email: {
    table: "alteracao_email",
    columns: ["id", "email_novo", "situacao", "expira_em", "usado_em", "created_at"],
    by: "cod_pessoa",
    order: "id",
  },
  afastamentos: {
    table: "afastamento",
    columns: ["cod_afastamento", "motivo", "data_inicio", "data_fim", "observacao"],
    by: "cod_pessoa",
    order: "cod_afastamento",
  },
} as const satisfies Record<string, Section>;

export type PersonSection = keyof typeof PERSON_SECTIONS;

function parseJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

async function sectionRows(db: Db, s: Section, codPessoa: number) {
  const cols = sql.join(s.columns.map((c) => sql.ref(c)));
  const owner =
    s.by === "cod_pessoa"
      ? sql`${sql.ref("cod_pessoa")} = ${codPessoa}`
      : sql`${sql.ref("cod_login")} IN (SELECT l.cod_login FROM login l WHERE l.cod_pessoa = ${codPessoa})`;
  const { rows } = await sql<Record<string, unknown>>`SELECT ${cols} FROM ${sql.table(s.table)} WHERE ${owner} ORDER BY ${sql.ref(s.order)}`.execute(
    db,
  );
  if (!s.json) return rows;
  return rows.map((r) => ({ ...r, ...Object.fromEntries(s.json!.map((c) => [c, parseJson(r[c])])) }));
}

/** The person's registration record beyond the personal data (document, blocks, expiry, unlinking). */
export function registrationRecord(db: Db, codPessoa: number) {
  return db
    .selectFrom("pessoa")
    .select([
      "documento",
      "cpf",
      "recebe_email",
      "guarda_historico",
      "bloqueado",
      "motivo_bloqueio",
      "validade_cadastro",
      "desvinculado_em",
      "created_at",
    ])
    .where("cod_pessoa", "=", codPessoa)
    .executeTakeFirstOrThrow();
}

/** Every section of PERSON_SECTIONS for the person, in its order. */
export async function personSections(db: Db, codPessoa: number): Promise<Record<PersonSection, Record<string, unknown>[]>> {
  const entries = await Promise.all(Object.entries(PERSON_SECTIONS).map(async ([name, s]) => [name, await sectionRows(db, s, codPessoa)] as const));
  return Object.fromEntries(entries) as Record<PersonSection, Record<string, unknown>[]>;
}
