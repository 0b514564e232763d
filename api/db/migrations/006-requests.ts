import { sql, type Kysely } from "kysely";

const ACTIVE = sql<boolean>`situacao IN ('ativa', 'disponivel')`;

/**
 * Patron requests (holds, loan requests, comments, suggestions): the database enforces the hold queue.
 * - One position per title among active holds, so concurrent holds get unique positions (ADR 090);
 * - one active hold per patron and title;
 * - lookups by patron and by title for the limits and the comment list.
 * Partial indexes work the same on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("reserva_fila_unica").on("reserva").columns(["cod_acervo", "posicao"]).unique().where(ACTIVE).execute();
  await db.schema.createIndex("reserva_pessoa_titulo").on("reserva").columns(["cod_acervo", "cod_pessoa"]).unique().where(ACTIVE).execute();
  await db.schema.createIndex("solicitacao_emprestimo_pessoa").on("solicitacao_emprestimo").columns(["cod_pessoa", "situacao"]).execute();
  await db.schema.createIndex("comentario_acervo").on("comentario").columns(["cod_acervo", "situacao"]).execute();
  await db.schema.createIndex("comentario_pessoa").on("comentario").columns(["cod_pessoa", "situacao"]).execute();
  await db.schema.createIndex("sugestao_aquisicao_pessoa").on("sugestao_aquisicao").column("cod_pessoa").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    "sugestao_aquisicao_pessoa",
    "comentario_pessoa",
    "comentario_acervo",
    "solicitacao_emprestimo_pessoa",
    "reserva_pessoa_titulo",
    "reserva_fila_unica",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
