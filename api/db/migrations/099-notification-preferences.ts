import crypto from "node:crypto";
import type { Kysely } from "kysely";

/**
 * Notification preferences per event and channel, alerts on saved searches and signed one-click unsubscribe
 * links (ADR 248):
 * - `preferencia_notificacao`: one row per patron and event the patron changed (absent: the default, e-mail as
 *   `pessoa.recebe_email`, in-app on); `dias` is the due-soon event's days before the due day.
 * - `pesquisa_salva.alerta` (diario | semanal | null) and `alerta_desde`, the moment up to which new titles
 *   were already checked.
 * - `alerta.visivel`: 0 for an event the patron wants by e-mail only (the row still makes the event once-only).
 * - `chave_assinatura`: the secret the unsubscribe tokens are signed with, made once here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("preferencia_notificacao")
    .addColumn("cod_pessoa", "integer", (c) => c.notNull().references("pessoa.cod_pessoa").onDelete("cascade"))
    .addColumn("evento", "text", (c) => c.notNull())
    .addColumn("email", "integer", (c) => c.notNull())
    .addColumn("app", "integer", (c) => c.notNull())
    .addColumn("dias", "integer")
    .addPrimaryKeyConstraint("preferencia_notificacao_pk", ["cod_pessoa", "evento"])
    .execute();
  await db.schema.alterTable("pesquisa_salva").addColumn("alerta", "text").execute();
  await db.schema.alterTable("pesquisa_salva").addColumn("alerta_desde", "text").execute();
  await db.schema
    .alterTable("alerta")
    .addColumn("visivel", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("chave_assinatura")
    .addColumn("nome", "text", (c) => c.primaryKey())
    .addColumn("valor", "text", (c) => c.notNull())
    .execute();
  await db
    .insertInto("chave_assinatura")
    .values({ nome: "descadastro", valor: crypto.randomBytes(32).toString("base64url") })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("chave_assinatura").execute();
  await db.schema.alterTable("alerta").dropColumn("visivel").execute();
  await db.schema.alterTable("pesquisa_salva").dropColumn("alerta_desde").execute();
  await db.schema.alterTable("pesquisa_salva").dropColumn("alerta").execute();
  await db.schema.dropTable("preferencia_notificacao").execute();
}
