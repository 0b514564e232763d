import type { Kysely } from "kysely";

/**
 * Single sign-on flows in progress (ADR 160): one row per `GET /oidc/authorize` or `GET /saml/login`, keyed by
 * the hash of the nonce the portal keeps. A flow is used once (`usado_em`) and lives ten minutes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sso_fluxo")
    .addColumn("nonce_hash", "text", (c) => c.primaryKey())
    .addColumn("tipo", "text", (c) => c.notNull())
    // OIDC: the state and the PKCE code verifier sent with the authorization request.
    .addColumn("estado", "text")
    .addColumn("verificador", "text")
    // SAML: the ID of the AuthnRequest, which the response's InResponseTo must name.
    .addColumn("pedido_saml", "text")
    .addColumn("criado_em", "text", (c) => c.notNull())
    .addColumn("usado_em", "text")
    .execute();
  await db.schema.createIndex("sso_fluxo_criado").on("sso_fluxo").column("criado_em").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sso_fluxo").ifExists().execute();
}
