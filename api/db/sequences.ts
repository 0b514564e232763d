import { sql } from "kysely";
import { dialectOf, type Db } from "./index.ts";

const IDENTITY_COLUMNS: Array<[string, string]> = [
  ["instituicao", "cod_empresa"],
  ["campus", "cod_campus"],
  ["biblioteca", "cod_biblioteca"],
  ["atividade", "cod_atividade"],
  ["pessoa", "cod_pessoa"],
  ["login", "cod_login"],
  ["tipo_obra", "cod_tipo_obra"],
  ["acervo", "cod_acervo"],
  ["acervo_link", "cod_link"],
  ["exemplar", "cod_exemplar"],
  ["autoridade", "cod_autoridade"],
  ["emprestimo", "cod_emprestimo"],
  ["reserva", "cod_reserva"],
  ["debito", "cod_debito"],
  ["solicitacao_emprestimo", "cod_solicitacao"],
  ["comentario", "cod_comentario"],
  ["sugestao_aquisicao", "cod_sugestao"],
  ["alerta", "id"],
  ["email_saida", "id"],
  ["renovacao", "id"],
  ["token_emprestimo", "id"],
];

/**
 * PostgreSQL only: moves each identity sequence past the largest id, after rows were inserted
 * with explicit ids (the demo seed), so later inserts do not collide. No-op on SQLite.
 */
export async function syncSequences(db: Db): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  for (const [table, column] of IDENTITY_COLUMNS) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), coalesce((SELECT max(${sql.ref(column)}) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}
