/**
 * `npm run idp`: starts the local demo identity providers (ADR 161) on 127.0.0.1 — an OpenID Connect provider
 * and a SAML IdP — and prints the settings to start Estante with. Test-only: keys are generated at each start,
 * the client secret and the identities' passwords are public.
 *
 * Env: IDP_HOST (127.0.0.1), OIDC_IDP_PORT (3001), SAML_IDP_PORT (3002), PORTAL_URL (http://localhost:3000),
 * OIDC_CLIENT_ID (estante), OIDC_CLIENT_SECRET (estante-demo-secret).
 */
import { DEMO_IDENTITIES, IDP_PASSWORD } from "./idp/identities.ts";
import { startOidcProvider } from "./idp/oidc-provider.ts";
import { startSamlIdp } from "./idp/saml-idp.ts";

const host = process.env.IDP_HOST ?? "127.0.0.1";
const portalUrl = (process.env.PORTAL_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const clientId = process.env.OIDC_CLIENT_ID ?? "estante";
const clientSecret = process.env.OIDC_CLIENT_SECRET ?? "estante-demo-secret";

const oidc = await startOidcProvider({ host, port: Number(process.env.OIDC_IDP_PORT ?? 3001), portalUrl, clientId, clientSecret });
const saml = await startSamlIdp({ host, port: Number(process.env.SAML_IDP_PORT ?? 3002), portalUrl, spEntityId: process.env.SAML_SP_ENTITY_ID });

console.log(`[idp] OpenID Connect provider: ${oidc.issuer}`);
console.log(`[idp] SAML IdP metadata: ${saml.metadataUrl}`);
console.log(`[idp] identities (password ${IDP_PASSWORD}): ${DEMO_IDENTITIES.map((i) => `${i.username} <${i.email}>`).join(", ")}`);
console.log("[idp] start Estante with:");
console.log(
  `  PUBLIC_URL=${portalUrl} OIDC_ISSUER=${oidc.issuer} OIDC_CLIENT_ID=${clientId} OIDC_CLIENT_SECRET=${clientSecret} SAML_IDP_METADATA_URL=${saml.metadataUrl} SAML_LOGOUT_URL=${saml.logoutUrl} npm start`,
);

const stop = async () => {
  await Promise.all([oidc.close(), saml.close()]);
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
