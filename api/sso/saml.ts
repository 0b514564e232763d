/**
 * The reference API as a SAML 2.0 service provider (ADR 160), with @node-saml/node-saml: AuthnRequests by the
 * HTTP-Redirect binding, responses by HTTP-POST; the assertion must be signed by the IdP's certificate, name
 * this SP as audience, be within its validity window (with the configured clock skew) and answer our request.
 */
import { DOMParser } from "@xmldom/xmldom";
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from "@node-saml/node-saml";
import type { SamlConfig } from "./config.ts";

const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";

export class SamlError extends Error {
  constructor(
    readonly reason: "invalid" | "unreachable",
    readonly cause?: unknown,
  ) {
    super(`saml: ${reason}`);
  }
}

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  certs: string[];
}

/** Reads the IdP's entity ID, HTTP-Redirect single sign-on address and signing certificates from its metadata. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  const entity = doc.getElementsByTagNameNS(MD, "EntityDescriptor")[0];
  const idp = doc.getElementsByTagNameNS(MD, "IDPSSODescriptor")[0];
  if (!entity || !idp) throw new Error("not SAML IdP metadata");
  const sso = Array.from(idp.getElementsByTagNameNS(MD, "SingleSignOnService")).find((e) => e.getAttribute("Binding") === REDIRECT);
  const certs = Array.from(idp.getElementsByTagNameNS(MD, "KeyDescriptor"))
    .filter((k) => (k.getAttribute("use") ?? "signing") === "signing")
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, "X509Certificate")).map((c) => (c.textContent ?? "").replace(/\s+/g, "")))
    .filter(Boolean);
  const entityId = entity.getAttribute("entityID");
  const ssoUrl = sso?.getAttribute("Location");
  if (!entityId || !ssoUrl || certs.length === 0) throw new Error("IdP metadata without entityID, HTTP-Redirect SSO service or signing certificate");
  return { entityId, ssoUrl, certs };
}

const metadataCache = new Map<string, Promise<IdpMetadata>>();

/** The IdP's metadata, fetched once per process; a failure is retried next time. */
export function idpMetadata(cfg: SamlConfig): Promise<IdpMetadata> {
  let hit = metadataCache.get(cfg.metadataUrl);
  if (!hit) {
    hit = fetch(cfg.metadataUrl, { signal: AbortSignal.timeout(5_000) })
      .then(async (r) => {
        if (!r.ok) throw new Error(`metadata answered ${r.status}`);
        return parseIdpMetadata(await r.text());
      });
    metadataCache.set(cfg.metadataUrl, hit);
    hit.catch(() => metadataCache.delete(cfg.metadataUrl));
  }
  return hit.catch((err: unknown) => {
    throw new SamlError("unreachable", err);
  });
}

function sp(cfg: SamlConfig, md: IdpMetadata, cacheProvider: CacheProvider): SAML {
  return new SAML({
    callbackUrl: cfg.callbackUrl,
    entryPoint: md.ssoUrl,
    issuer: cfg.spEntityId,
    audience: cfg.spEntityId,
    idpIssuer: md.entityId,
    idpCert: md.certs,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: cfg.clockSkewSeconds * 1000,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60_000,
    cacheProvider,
    identifierFormat: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
    disableRequestedAuthnContext: true,
  });
}

/** Builds the IdP link of a new AuthnRequest; returns it with the request's ID (which the answer must name). */
export async function loginRequest(cfg: SamlConfig): Promise<{ link: string; requestId: string }> {
  const md = await idpMetadata(cfg);
  let requestId = "";
  const capture: CacheProvider = {
    saveAsync: async (key, value) => {
      requestId = key;
      return { value, createdAt: Date.now() };
    },
    getAsync: async () => null,
    removeAsync: async () => null,
  };
  const link = await sp(cfg, md, capture).getAuthorizeUrlAsync("", undefined, {});
  if (!requestId) throw new Error("node-saml did not give the request an ID");
  return { link, requestId };
}

/**
 * Validates a base64 SAMLResponse (HTTP-POST binding) answering the request `requestId`; returns the profile.
 * Throws SamlError("invalid") for anything that does not verify.
 */
export async function validateResponse(cfg: SamlConfig, samlResponse: string, requestId: string): Promise<Profile> {
  const md = await idpMetadata(cfg);
  const only: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async (key) => (key === requestId ? new Date().toISOString() : null),
    removeAsync: async (key) => key,
  };
  try {
    const { profile, loggedOut } = await sp(cfg, md, only).validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile || loggedOut) throw new Error("no assertion");
    return profile;
  } catch (err) {
    throw new SamlError("invalid", err);
  }
}

const EMAIL_ATTRIBUTES = ["email", "mail", "urn:oid:0.9.2342.19200300.100.1.3"];

/** The e-mail the assertion gives: an e-mail attribute, else a NameID in emailAddress format (ADR 160). */
export function emailOf(profile: Profile): string | null {
  for (const name of EMAIL_ATTRIBUTES) {
    const v = (profile as Record<string, unknown>)[name];
    const value = Array.isArray(v) ? v[0] : v;
    if (typeof value === "string" && value.includes("@")) return value;
  }
  if (profile.nameIDFormat?.endsWith(":emailAddress") && profile.nameID?.includes("@")) return profile.nameID;
  return null;
}
