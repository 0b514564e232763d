import type { Kysely } from "kysely";

/**
 * The mail outbox (ADR 197): `email_saida` becomes the queue the background sender delivers from.
 * - `mensagem`: the whole message as JSON (recipients, subject, text, HTML, attachments in base64), written in
 *   the same transaction as what caused it; `destinatarios`, `assunto` and `corpo` stay for reading.
 * - `situacao`: `pendente` (waiting for the SMTP server), `enviado` (delivered, or written to the file outbox
 *   when no SMTP server is configured), `falhou` (given up after the last retry).
 * - `tentativas`, `proxima_tentativa` (ISO-8601), `ultimo_erro`, `enviado_em`, `message_id` (the same on every
 *   retry, so a receiver can drop a duplicate of a message whose delivery was answered too late).
 * Rows from before this migration were the file outbox's copies: `enviado`.
 *
 * `tarefa_exclusiva`: one row per background task that must run in one process at a time whatever the workers
 * and machines: who holds it (`dono`) and until when (`ate`, ISO-8601), taken and renewed by a conditional UPDATE.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("email_saida").addColumn("mensagem", "text").execute();
  await db.schema
    .alterTable("email_saida")
    .addColumn("situacao", "text", (c) => c.notNull().defaultTo("enviado"))
    .execute();
  await db.schema
    .alterTable("email_saida")
    .addColumn("tentativas", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("email_saida").addColumn("proxima_tentativa", "text").execute();
  await db.schema.alterTable("email_saida").addColumn("ultimo_erro", "text").execute();
  await db.schema.alterTable("email_saida").addColumn("enviado_em", "text").execute();
  await db.schema.alterTable("email_saida").addColumn("message_id", "text").execute();
  await db.schema.createIndex("email_saida_pendente").on("email_saida").columns(["situacao", "proxima_tentativa"]).execute();
  await db.schema
    .createTable("tarefa_exclusiva")
    .addColumn("nome", "text", (c) => c.primaryKey())
    .addColumn("dono", "text")
    .addColumn("ate", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tarefa_exclusiva").ifExists().execute();
  await db.schema.dropIndex("email_saida_pendente").ifExists().execute();
  for (const c of ["message_id", "enviado_em", "ultimo_erro", "proxima_tentativa", "tentativas", "situacao", "mensagem"]) {
    await db.schema.alterTable("email_saida").dropColumn(c).execute();
  }
}
