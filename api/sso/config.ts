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
    /**
     * How Estante authenticates to the token endpoint: client_secret_basic or client_secret_post. Default: the
     * first of the two the provider's discovery document advertises (basic when it advertises none).
     */
    OIDC_TOKEN_AUTH_METHOD: z.enum(["client_secret_basic", "client_secret_post"]).optional(),
    /** The claim that holds the patron's e-mail (ID token, else UserInfo). */
    OIDC_EMAIL_CLAIM: z.string().min(1).max(200).default("email"),
    /** The IdP's metadata (entity ID, single sign-on address, signing certificate), fetched on first use. */
    SAML_IDP_METADATA_URL: z.url().refine(httpsOrLoopback, "must be https:// (http:// only for 127.0.0.1 or localhost)").optional(),
    /** The IdP's entity ID within a federation's aggregate metadata (several IdPs in one file). */
    SAML_IDP_ENTITY_ID: z.string().min(1).optional(),
    /**
     * The assertion attribute (name or OID) that identifies the patron, e.g. eduPersonPrincipalName; every
     * value is tried. Default: the e-mail attributes (mail, email, urn:oid:0.9.2342.19200300.100.1.3).
     */
    SAML_USER_ATTRIBUTE: z.string().min(1).max(200).optional(),
    /** The patron field SAML_USER_ATTRIBUTE's values are compared with: email (default) or cpf (digits only). */
    SAML_USER_FIELD: z.enum(["email", "cpf"]).default("email"),
    /** Estante's own SAML key and certificate (PEM files); both or neither. Default: generated into DATA_DIR. */
    SAML_SP_KEY_FILE: z.string().min(1).optional(),
    SAML_SP_CERT_FILE: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default("data"),
    /** The service provider's entity ID (the audience the assertions must name); default PUBLIC_URL + "/saml". */
    SAML_SP_ENTITY_ID: z.string().min(1).optional(),
    /** Where a patron who signed in through SAML goes on logout (the IdP's logout page). */
    SAML_LOGOUT_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Clock skew accepted on ID token and assertion times, in seconds (federations expect a few minutes). */
    SSO_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).max(600).default(180),
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
    if (Boolean(env.SAML_SP_KEY_FILE) !== Boolean(env.SAML_SP_CERT_FILE)) {
      ctx.addIssue({
        code: "custom",
        path: [env.SAML_SP_KEY_FILE ? "SAML_SP_CERT_FILE" : "SAML_SP_KEY_FILE"],
        message: "SAML_SP_KEY_FILE and SAML_SP_CERT_FILE go together",
      });
    }
  });

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Null: chosen from the provider's discovery document. */
  tokenAuthMethod: "client_secret_basic" | "client_secret_post" | null;
  emailClaim: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  clockSkewSeconds: number;
}

export interface SamlConfig {
  metadataUrl: string;
  /** The IdP to use within an aggregate; null: the file's only (or first) IdP. */
  idpEntityId: string | null;
  /** The attribute that identifies the patron; null: the e-mail attributes. */
  userAttribute: string | null;
  userField: "email" | "cpf";
  /** Estante's key pair: configured files, or generated once into `dir`. */
  spKeys: { keyFile: string; certFile: string } | { dir: string };
  spEntityId: string;
  callbackUrl: string;
  /** Where the IdP sends LogoutRequests (HTTP-Redirect) and Estante's LogoutResponses go back from. */
  logoutServiceUrl: string;
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
          tokenAuthMethod: e.OIDC_TOKEN_AUTH_METHOD ?? null,
          emailClaim: e.OIDC_EMAIL_CLAIM,
          redirectUri: `${base}/oauth-response`,
          postLogoutRedirectUri: `${base}/`,
          clockSkewSeconds: e.SSO_CLOCK_SKEW_SECONDS,
        }
      : null,
    saml: e.SAML_IDP_METADATA_URL
      ? {
          metadataUrl: e.SAML_IDP_METADATA_URL,
          idpEntityId: e.SAML_IDP_ENTITY_ID ?? null,
          userAttribute: e.SAML_USER_ATTRIBUTE ?? null,
          userField: e.SAML_USER_FIELD,
          spKeys: e.SAML_SP_KEY_FILE && e.SAML_SP_CERT_FILE ? { keyFile: e.SAML_SP_KEY_FILE, certFile: e.SAML_SP_CERT_FILE } : { dir: e.DATA_DIR },
          spEntityId: e.SAML_SP_ENTITY_ID ?? `${base}/saml`,
          callbackUrl: `${base}/saml-response`,
          logoutServiceUrl: `${base}/saml/logout`,
          logoutUrl: e.SAML_LOGOUT_URL ?? null,
          clockSkewSeconds: e.SSO_CLOCK_SKEW_SECONDS,
        }
      : null,
  };
}
