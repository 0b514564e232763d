import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../index.ts";

/**
 * The whole domain of spec §3: institutions, campuses, libraries, titles, copies, authorities,
 * persons with categories and logins, activities and permissions, loans, holds, debits, and the
 * patron requests later issues fill in. Portable across SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = (col: any) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`);
  // SQLite's INTEGER PRIMARY KEY numbers rows itself; PostgreSQL needs an identity column.
  const pg = dialectOf(db) === "postgres";
  const pk = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());

  await db.schema
    .createTable("instituicao")
    .addColumn("cod_empresa", "integer", pk)
    .addColumn("sigla", "text", (c) => c.notNull())
    .addColumn("nome", "text", (c) => c.notNull())
    .addColumn("tema", "text", (c) => c.notNull().defaultTo("neo"))
    .addColumn("endereco_web", "text")
    // JSON object with the remaining spec §3 institution parameters (login, support message, LGPD link…).
    .addColumn("parametros", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("rede", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("campus")
    .addColumn("cod_campus", "integer", pk)
    .addColumn("cod_empresa", "integer", (c) => c.notNull().references("instituicao.cod_empresa"))
    .addColumn("nome_campus", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("biblioteca")
    .addColumn("cod_biblioteca", "integer", pk)
    .addColumn("cod_campus", "integer", (c) => c.notNull().references("campus.cod_campus"))
    .addColumn("desc_biblioteca", "text", (c) => c.notNull())
    .addColumn("sigla", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("telefone", "text")
    .addColumn("endereco", "text")
    // JSON: opening hours by weekday (1 = Monday … 7 = Sunday).
    .addColumn("horarios", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();

  await db.schema
    .createTable("atividade")
    .addColumn("cod_atividade", "integer", pk)
    .addColumn("cod_modulo", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("descricao", "text", (c) => c.notNull())
    // 1 when the activity is on in the public page configuration (anonymous visitors).
    .addColumn("publica", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("categoria")
    .addColumn("cod_categoria", "text", (c) => c.primaryKey())
    .addColumn("descricao", "text", (c) => c.notNull())
    .addColumn("professor", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("limite_emprestimos", "integer", (c) => c.notNull().defaultTo(5))
    .addColumn("limite_reservas", "integer", (c) => c.notNull().defaultTo(3))
    .addColumn("limite_solicitacoes", "integer", (c) => c.notNull().defaultTo(3))
    .addColumn("limite_comentarios", "integer", (c) => c.notNull().defaultTo(5))
    .addColumn("prazo_dias", "integer", (c) => c.notNull().defaultTo(14))
    .addColumn("limite_renovacoes", "integer", (c) => c.notNull().defaultTo(3))
    .execute();

  await db.schema
    .createTable("categoria_atividade")
    .addColumn("cod_categoria", "text", (c) => c.notNull().references("categoria.cod_categoria"))
    .addColumn("cod_atividade", "integer", (c) => c.notNull().references("atividade.cod_atividade"))
    .addPrimaryKeyConstraint("categoria_atividade_pk", ["cod_categoria", "cod_atividade"])
    .execute();

  await db.schema
    .createTable("pessoa")
    .addColumn("cod_pessoa", "integer", pk)
    .addColumn("cod_empresa", "integer", (c) => c.notNull().references("instituicao.cod_empresa"))
    .addColumn("cod_categoria", "text", (c) => c.notNull().references("categoria.cod_categoria"))
    .addColumn("nome_pessoa", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("telefone", "text")
    .addColumn("documento", "text")
    .addColumn("cpf", "text")
    // JSON with the spec §3 personal data (address, nationality, gender, birth date…).
    .addColumn("dados_pessoais", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("recebe_email", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("bloqueado", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("motivo_bloqueio", "text")
    .addColumn("created_at", "text", ts)
    .execute();

  await db.schema
    .createTable("login")
    .addColumn("cod_login", "integer", pk)
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("usuario", "text", (c) => c.notNull().unique())
    // scrypt hash and salt, hex encoded.
    .addColumn("senha_hash", "text", (c) => c.notNull())
    .addColumn("senha_salt", "text", (c) => c.notNull())
    .addColumn("tentativas_falhas", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bloqueado_ate", "text")
    .addColumn("base", "text")
    .execute();

  await db.schema
    .createTable("senha_historico")
    .addColumn("cod_login", "integer", (c) => c.notNull().references("login.cod_login"))
    .addColumn("senha_hash", "text", (c) => c.notNull())
    .addColumn("senha_salt", "text", (c) => c.notNull())
    .addColumn("created_at", "text", ts)
    .execute();

  await db.schema
    .createTable("oauth_token")
    // SHA-256 of the opaque token; the token itself is never stored.
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("tipo", "text", (c) => c.notNull()) // access | refresh
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("cod_pessoa", "integer", (c) => c.references("pessoa.cod_pessoa"))
    .addColumn("familia", "text", (c) => c.notNull()) // one login = one family of rotated tokens
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("rotated_at", "text")
    .addColumn("created_at", "text", ts)
    .execute();
  await db.schema.createIndex("oauth_token_familia").on("oauth_token").column("familia").execute();

  await db.schema
    .createTable("tipo_obra")
    .addColumn("cod_tipo_obra", "integer", pk)
    .addColumn("descricao", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("acervo")
    .addColumn("cod_acervo", "integer", pk)
    .addColumn("cod_empresa", "integer", (c) => c.notNull().references("instituicao.cod_empresa"))
    // Stable key of the source record (003 + 001, else a content hash) so re-imports update.
    .addColumn("chave_origem", "text", (c) => c.notNull().unique())
    .addColumn("cod_tipo_obra", "integer", (c) => c.notNull().references("tipo_obra.cod_tipo_obra"))
    .addColumn("titulo", "text", (c) => c.notNull())
    .addColumn("subtitulo", "text")
    .addColumn("autor", "text")
    .addColumn("editora", "text")
    .addColumn("local_publicacao", "text")
    .addColumn("ano_publicacao", "integer")
    .addColumn("edicao", "text")
    .addColumn("descricao_fisica", "text")
    .addColumn("classificacao", "text")
    .addColumn("chamada", "text")
    .addColumn("idioma", "text")
    .addColumn("isbn", "text")
    .addColumn("issn", "text")
    .addColumn("serie", "text")
    // JSON arrays: subjects, secondary authors, notes.
    .addColumn("assuntos", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("autores_secundarios", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("notas", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("link_capa", "text")
    .addColumn("acesso_remoto", "text") // 'cr' = online
    .addColumn("possui_acessibilidade", "text", (c) => c.notNull().defaultTo("N")) // 'S' = yes
    // The whole record as MARC-in-JSON, for the MARC, Dublin Core and reference views.
    .addColumn("marc", "text", (c) => c.notNull())
    .addColumn("created_at", "text", ts)
    .addColumn("updated_at", "text", ts)
    .execute();
  await db.schema.createIndex("acervo_ano").on("acervo").column("ano_publicacao").execute();
  await db.schema.createIndex("acervo_tipo").on("acervo").column("cod_tipo_obra").execute();
  await db.schema.createIndex("acervo_created").on("acervo").column("created_at").execute();

  await db.schema
    .createTable("acervo_link")
    .addColumn("cod_link", "integer", pk)
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("descricao", "text")
    .addColumn("restrito", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("acessibilidade", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("acervo_link_acervo").on("acervo_link").column("cod_acervo").execute();

  await db.schema
    .createTable("exemplar")
    .addColumn("cod_exemplar", "integer", pk)
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    .addColumn("cod_biblioteca", "integer", (c) => c.notNull().references("biblioteca.cod_biblioteca"))
    .addColumn("codigo_barras", "text", (c) => c.notNull().unique())
    .addColumn("localizacao", "text")
    .addColumn("chamada", "text")
    // normal | consulta_local | especial (hourly) | diario
    .addColumn("tipo_emprestimo", "text", (c) => c.notNull().defaultTo("normal"))
    // disponivel | emprestado | reservado | quarentena | transito | indisponivel
    .addColumn("situacao", "text", (c) => c.notNull().defaultTo("disponivel"))
    .addColumn("volume", "text")
    .addColumn("tomo", "text")
    .addColumn("parte", "text")
    .addColumn("material_adicional", "text")
    .addColumn("permite_reserva", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("exemplar_acervo").on("exemplar").column("cod_acervo").execute();

  await db.schema
    .createTable("autoridade")
    .addColumn("cod_autoridade", "integer", pk)
    .addColumn("chave_origem", "text", (c) => c.notNull().unique())
    // 1 people, 2 institutions, 3 events, 4 uniform title, 5 subjects, 6 geographic subjects,
    // 7 genre/form, 8 chronological term, 9 subdivisions
    .addColumn("tipo", "integer", (c) => c.notNull())
    .addColumn("cabecalho", "text", (c) => c.notNull())
    .addColumn("cabecalho_normalizado", "text", (c) => c.notNull())
    .addColumn("ver", "text", (c) => c.notNull().defaultTo("[]")) // JSON: 4XX see-from headings
    .addColumn("ver_tambem", "text", (c) => c.notNull().defaultTo("[]")) // JSON: 5XX see-also headings
    .addColumn("notas", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("marc", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", ts)
    .execute();
  await db.schema.createIndex("autoridade_norm").on("autoridade").column("cabecalho_normalizado").execute();

  await db.schema
    .createTable("acervo_autoridade")
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    .addColumn("cod_autoridade", "integer", (c) => c.notNull().references("autoridade.cod_autoridade").onDelete("cascade"))
    .addPrimaryKeyConstraint("acervo_autoridade_pk", ["cod_acervo", "cod_autoridade"])
    .execute();
  await db.schema.createIndex("acervo_autoridade_aut").on("acervo_autoridade").column("cod_autoridade").execute();

  await db.schema
    .createTable("emprestimo")
    .addColumn("cod_emprestimo", "integer", pk)
    .addColumn("cod_exemplar", "integer", (c) => c.notNull().references("exemplar.cod_exemplar"))
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("cod_biblioteca", "integer", (c) => c.notNull().references("biblioteca.cod_biblioteca"))
    // emprestado | quarentena | horario | diario | reservado | transito
    .addColumn("tipo", "text", (c) => c.notNull().defaultTo("emprestado"))
    .addColumn("data_emprestimo", "text", (c) => c.notNull())
    .addColumn("data_devolucao_prevista", "text", (c) => c.notNull())
    .addColumn("data_devolucao", "text")
    .addColumn("renovacoes", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("emprestimo_pessoa").on("emprestimo").columns(["cod_pessoa", "data_devolucao"]).execute();

  await db.schema
    .createTable("reserva")
    .addColumn("cod_reserva", "integer", pk)
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo"))
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("cod_biblioteca", "integer", (c) => c.notNull().references("biblioteca.cod_biblioteca"))
    .addColumn("volume", "text")
    .addColumn("tomo", "text")
    .addColumn("parte", "text")
    .addColumn("material_adicional", "text")
    .addColumn("localizacao", "text")
    .addColumn("posicao", "integer", (c) => c.notNull())
    // ativa | disponivel | atendida | cancelada
    .addColumn("situacao", "text", (c) => c.notNull().defaultTo("ativa"))
    .addColumn("data_reserva", "text", (c) => c.notNull())
    .addColumn("data_liberacao", "text")
    .addColumn("data_cancelamento", "text")
    .addColumn("observacao", "text")
    // Idempotency key of the submitting form, so a double submit creates one hold.
    .addColumn("chave_envio", "text", (c) => c.unique())
    .execute();
  await db.schema.createIndex("reserva_pessoa").on("reserva").column("cod_pessoa").execute();

  await db.schema
    .createTable("debito")
    .addColumn("cod_debito", "integer", pk)
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("cod_emprestimo", "integer", (c) => c.references("emprestimo.cod_emprestimo"))
    .addColumn("cod_biblioteca", "integer", (c) => c.references("biblioteca.cod_biblioteca"))
    .addColumn("valor_multa", "numeric", (c) => c.notNull())
    .addColumn("desconto", "numeric", (c) => c.notNull().defaultTo(0))
    .addColumn("valor_pago", "numeric", (c) => c.notNull().defaultTo(0))
    .addColumn("data_pagamento", "text")
    .addColumn("tipo_servico", "text", (c) => c.notNull())
    .addColumn("motivo", "text", (c) => c.notNull())
    .addColumn("created_at", "text", ts)
    .execute();
  await db.schema.createIndex("debito_pessoa").on("debito").column("cod_pessoa").execute();

  await db.schema
    .createTable("solicitacao_emprestimo")
    .addColumn("cod_solicitacao", "integer", pk)
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo"))
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("biblioteca_origem", "integer", (c) => c.notNull().references("biblioteca.cod_biblioteca"))
    .addColumn("biblioteca_recebimento", "integer", (c) => c.notNull().references("biblioteca.cod_biblioteca"))
    .addColumn("volume", "text")
    .addColumn("tomo", "text")
    .addColumn("parte", "text")
    .addColumn("material_adicional", "text")
    .addColumn("telefone", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("cod_local_recebimento", "integer", (c) => c.notNull())
    .addColumn("pessoa_autorizada", "text")
    .addColumn("domicilio", "text")
    .addColumn("recebimento_textual", "text")
    // aguardando | finalizada | nao_finalizada | disponivel | transito
    .addColumn("situacao", "text", (c) => c.notNull().defaultTo("aguardando"))
    .addColumn("chave_envio", "text", (c) => c.unique())
    .addColumn("created_at", "text", ts)
    .execute();

  await db.schema
    .createTable("comentario")
    .addColumn("cod_comentario", "integer", pk)
    .addColumn("cod_acervo", "integer", (c) => c.references("acervo.cod_acervo"))
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("cod_biblioteca", "integer", (c) => c.notNull().references("biblioteca.cod_biblioteca"))
    .addColumn("texto", "text", (c) => c.notNull())
    // aguardando | aprovado | rejeitado
    .addColumn("situacao", "text", (c) => c.notNull().defaultTo("aguardando"))
    .addColumn("data_envio", "text", ts)
    .execute();

  await db.schema
    .createTable("sugestao_aquisicao")
    .addColumn("cod_sugestao", "integer", pk)
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("cod_campus", "integer", (c) => c.references("campus.cod_campus"))
    .addColumn("cod_biblioteca", "integer", (c) => c.notNull().references("biblioteca.cod_biblioteca"))
    .addColumn("autor", "text")
    .addColumn("titulo", "text", (c) => c.notNull())
    .addColumn("edicao", "text")
    .addColumn("editor", "text", (c) => c.notNull())
    .addColumn("isbn_issn", "text")
    .addColumn("periodico", "text")
    .addColumn("outras_inf", "text")
    .addColumn("situacao", "text", (c) => c.notNull().defaultTo("pre_sugestao"))
    .addColumn("created_at", "text", ts)
    .execute();

  await db.schema
    .createTable("alerta")
    .addColumn("id", "integer", pk)
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("mensagem", "text", (c) => c.notNull())
    .addColumn("lido", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", ts)
    .execute();

  await db.schema
    .createTable("cesta_permanente")
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa"))
    .addColumn("cod_acervo", "integer", (c) => c.notNull().references("acervo.cod_acervo").onDelete("cascade"))
    .addColumn("created_at", "text", ts)
    .addPrimaryKeyConstraint("cesta_permanente_pk", ["cod_pessoa", "cod_acervo"])
    .execute();

  await db.schema
    .createTable("email_saida")
    .addColumn("id", "integer", pk)
    .addColumn("destinatarios", "text", (c) => c.notNull())
    .addColumn("assunto", "text", (c) => c.notNull())
    .addColumn("corpo", "text", (c) => c.notNull())
    .addColumn("created_at", "text", ts)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "email_saida",
    "cesta_permanente",
    "alerta",
    "sugestao_aquisicao",
    "comentario",
    "solicitacao_emprestimo",
    "debito",
    "reserva",
    "emprestimo",
    "acervo_autoridade",
    "autoridade",
    "exemplar",
    "acervo_link",
    "acervo",
    "tipo_obra",
    "oauth_token",
    "senha_historico",
    "login",
    "pessoa",
    "categoria_atividade",
    "categoria",
    "atividade",
    "biblioteca",
    "campus",
    "instituicao",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
