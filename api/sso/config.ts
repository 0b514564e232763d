/**
 * Single sign-on configuration (ADR 160): read from the environment once, when the API starts, and refused
 * with a readable message when incomplete. Nothing configured means no SSO: the password login only.
 */
import { z } from "zod";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** http:// is accepted only for a provider on this machine (the local demo providers of `npm run idp`). */
const httpsOrLoopback = (value: string) => {
  const url = new URL(value);
  return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname));
};

const SsoEnvSchema = z
  .object({
    /** The portal's public address (callbacks: /oauth-response, /saml-response; the post-logout return). */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_ISSUER: z.url().refine(httpsOrLoopback, "must be https:// (http:// only for 127.0.0.1 or localhost)").optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_SCOPE: z.string().min(1).default("openid email profile"),
    /** The IdP's metadata (entity ID, single sign-on address, signing certificate), fetched on first use. */
    SAML_IDP_METADATA_URL: z.url().refine(httpsOrLoopback, "must be https:// (http:// only for 127.0.0.1 or localhost)").optional(),
    /** The service provider's entity ID (the audience the assertions must name); default PUBLIC_URL + "/saml". */
    SAML_SP_ENTITY_ID: z.string().min(1).optional(),
    /** Where a patron who signed in through SAML goes on logout (the IdP's logout page). */
    SAML_LOGOUT_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Clock skew accepted on ID token and assertion times, in seconds. */
    SSO_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
  })
  .superRefine((env, ctx) => {
    if (env.OIDC_ISSUER) {
      for (const key of ["OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "PUBLIC_URL"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when OIDC_ISSUER is set" });
      }
    }
    if (env.SAML_IDP_METADATA_URL && !env.PUBLIC_URL) {
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "is required when SAML_IDP_METADATA_URL is set" });
    }
  });

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  clockSkewSeconds: number;
}

export interface SamlConfig {
  metadataUrl: string;
  spEntityId: string;
  callbackUrl: string;
  logoutUrl: string | null;
  clockSkewSeconds: number;
}

export interface SsoConfig {
  oidc: OidcConfig | null;
  saml: SamlConfig | null;
}

/** Reads the SSO settings from `env`; throws one readable error listing every bad value. */
export function readSsoConfig(env: Record<string, string | undefined>): SsoConfig {
  const parsed = SsoEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid single sign-on configuration: ${lines}`);
  }
  const e = parsed.data;
  const base = e.PUBLIC_URL?.replace(/\/+$/, "") ?? "";
  return {
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET!,
          scope: e.OIDC_SCOPE,
          redirectUri: `${base}/oauth-response`,
          postLogoutRedirectUri: `${base}/`,
          clockSkewSeconds: e.SSO_CLOCK_SKEW_SECONDS,
        }
      : null,
    saml: e.SAML_IDP_METADATA_URL
      ? {
          metadataUrl: e.SAML_IDP_METADATA_URL,
          spEntityId: e.SAML_SP_ENTITY_ID ?? `${base}/saml`,
          callbackUrl: `${base}/saml-response`,
          logoutUrl: e.SAML_LOGOUT_URL ?? null,
          clockSkewSeconds: e.SSO_CLOCK_SKEW_SECONDS,
        }
      : null,
  };
}
