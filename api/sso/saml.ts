/**
 * The reference API as a SAML 2.0 service provider (ADRs 160, 162), with @node-saml/node-saml: AuthnRequests
 * signed with Estante's key by the HTTP-Redirect binding, responses by HTTP-POST; the Response or its Assertion
 * must be signed by the IdP's key, name this SP as audience, be within its validity window (with the configured
 * clock skew) and answer our request. The IdP's LogoutRequests (HTTP-Redirect, signed) end the session.
 */
import crypto from "node:crypto";
import { DOMParser, XMLSerializer, type Element } from "@xmldom/xmldom";
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from "@node-saml/node-saml";
import type { SamlConfig } from "./config.ts";
import { spKeyPair } from "./keys.ts";
import { ssoLog } from "./log.ts";

const MD = "urn:oasis:names:tc:SAML:2.0:metadata";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const DSIG11 = "http://www.w3.org/2009/xmldsig11#";
const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
/** Metadata that names no validity is fetched again after a day (a federation's usual cacheDuration). */
const DEFAULT_METADATA_TTL_MS = 86_400_000;
/** A signature failure fetches the metadata again at most this often (an attacker's bad posts cannot hammer the IdP). */
const REFRESH_ON_FAILURE_EVERY_MS = 30_000;

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
  /** The IdP's HTTP-Redirect single logout address, if it has one. */
  sloUrl: string | null;
  /** Signing keys: base64 certificates, or PEM public keys (a bare key in the metadata). */
  certs: string[];
  /** When to fetch it again (validUntil / cacheDuration, else a day). */
  expiresAt: number;
  fetchedAt: number;
}

/** An ISO 8601 duration (xs:duration, as in cacheDuration="PT6H") in milliseconds; null when unreadable. */
export function durationMs(value: string): number | null {
  const m = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value.trim());
  if (!m || value.trim() === "P" || value.trim().endsWith("T")) return null;
  const [y, mo, w, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  return ((((y * 365 + mo * 30 + w * 7 + d) * 24 + h) * 60 + mi) * 60 + s) * 1000;
}

const childrenNS = (el: Element, ns: string, name: string) => Array.from(el.getElementsByTagNameNS(ns, name));

/** A KeyInfo's key: its certificate (base64), else a bare RSA key (KeyValue) or SPKI (DEREncodedKeyValue) as PEM. */
function keyOf(keyInfo: Element): string | null {
  const cert = childrenNS(keyInfo, DS, "X509Certificate")[0]?.textContent?.replace(/\s+/g, "");
  if (cert) return cert;
  const rsa = childrenNS(keyInfo, DS, "RSAKeyValue")[0];
  if (rsa) {
    const part = (name: string) => Buffer.from((childrenNS(rsa, DS, name)[0]?.textContent ?? "").replace(/\s+/g, ""), "base64").toString("base64url");
    const key = crypto.createPublicKey({ key: { kty: "RSA", n: part("Modulus"), e: part("Exponent") }, format: "jwk" });
    return key.export({ type: "spki", format: "pem" }).toString();
  }
  const der = childrenNS(keyInfo, DSIG11, "DEREncodedKeyValue")[0]?.textContent?.replace(/\s+/g, "");
  if (der)
    return crypto
      .createPublicKey({ key: Buffer.from(der, "base64"), format: "der", type: "spki" })
      .export({ type: "spki", format: "pem" })
      .toString();
  return null;
}

/**
 * Reads the IdP's entity ID, single sign-on and logout addresses, signing keys and validity from its metadata.
 * An aggregate (a federation's EntitiesDescriptor) needs `entityId` to say which IdP is the institution's.
 * Throws an Error whose message says exactly what is missing (logged for the IT department).
 */
export function parseIdpMetadata(xml: string, entityId: string | null = null, now = Date.now()): IdpMetadata {
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  const idps = childrenNS(doc.documentElement!, MD, "EntityDescriptor")
    .concat(doc.documentElement?.namespaceURI === MD && doc.documentElement.localName === "EntityDescriptor" ? [doc.documentElement] : [])
    .filter((e, i, all) => all.indexOf(e) === i && childrenNS(e, MD, "IDPSSODescriptor").length > 0);
  if (idps.length === 0) throw new Error("the metadata describes no SAML IdP (no IDPSSODescriptor)");
  let entity: Element;
  if (entityId) {
    const found = idps.find((e) => e.getAttribute("entityID") === entityId);
    if (!found) throw new Error(`the metadata has no IdP with entityID ${entityId} (SAML_IDP_ENTITY_ID); it lists ${idps.length}`);
    entity = found;
  } else if (idps.length > 1) {
    throw new Error(`the metadata is an aggregate of ${idps.length} IdPs: set SAML_IDP_ENTITY_ID to the institution's entityID`);
  } else {
    entity = idps[0];
  }
  const idp = childrenNS(entity, MD, "IDPSSODescriptor")[0];
  const service = (name: string) =>
    childrenNS(idp, MD, name)
      .find((e) => e.getAttribute("Binding") === REDIRECT)
      ?.getAttribute("Location") || null;
  const keyInfos = childrenNS(idp, MD, "KeyDescriptor")
    .filter((k) => (k.getAttribute("use") || "signing") === "signing")
    .flatMap((k) => childrenNS(k, DS, "KeyInfo"));
  const certs = keyInfos.map(keyOf).filter((k): k is string => Boolean(k));
  const id = entity.getAttribute("entityID");
  const ssoUrl = service("SingleSignOnService");
  if (!id) throw new Error("the IdP's EntityDescriptor has no entityID");
  if (!ssoUrl) throw new Error("the IdP's metadata has no SingleSignOnService with the HTTP-Redirect binding");
  if (certs.length === 0) {
    throw new Error(
      keyInfos.length
        ? "the IdP's signing KeyInfo holds neither an X509Certificate nor an RSA KeyValue / DEREncodedKeyValue"
        : 'the IdP\'s metadata has no signing key (KeyDescriptor use="signing" or without use)',
    );
  }
  // The earliest of validUntil and now + cacheDuration on the entity or the aggregate around it.
  let expiresAt = now + DEFAULT_METADATA_TTL_MS;
  for (let el: Element | null = entity; el; el = el.parentNode && (el.parentNode as Element).getAttribute ? (el.parentNode as Element) : null) {
    const until = Date.parse(el.getAttribute("validUntil") ?? "");
    if (Number.isFinite(until)) expiresAt = Math.min(expiresAt, until);
    const cache = durationMs(el.getAttribute("cacheDuration") ?? "");
    if (cache !== null) expiresAt = Math.min(expiresAt, now + cache);
  }
  return { entityId: id, ssoUrl, sloUrl: service("SingleLogoutService"), certs, expiresAt, fetchedAt: now };
}

interface CacheEntry {
  md: IdpMetadata | null;
  pending: Promise<IdpMetadata> | null;
  /** When a signature failure last fetched it again. */
  forcedAt: number;
}
const metadataCache = new Map<string, CacheEntry>();

async function fetchMetadata(cfg: SamlConfig): Promise<IdpMetadata> {
  const get = () => fetch(cfg.metadataUrl, { signal: AbortSignal.timeout(5_000) });
  // Once more on a network error: a kept-alive connection the server has just closed fails the first try.
  const r = await get().catch((err: unknown) => (err instanceof TypeError ? get() : Promise.reject(err)));
  if (!r.ok) throw new Error(`the metadata address answered HTTP ${r.status}`);
  return parseIdpMetadata(await r.text(), cfg.idpEntityId);
}

/**
 * The IdP's metadata, kept until its validUntil / cacheDuration (else a day), or fetched again now when `refresh`
 * (at most every 30 s, so that forged responses cannot make Estante hammer the IdP).
 * A failed refresh keeps the metadata in hand (logged); a first fetch that fails is retried next time.
 */
export async function idpMetadata(cfg: SamlConfig, opts: { refresh?: boolean } = {}): Promise<IdpMetadata> {
  // `refresh` (after a signature failure) fetches again at most every REFRESH_ON_FAILURE_EVERY_MS.
  const key = `${cfg.metadataUrl}|${cfg.idpEntityId ?? ""}`;
  let entry = metadataCache.get(key);
  if (!entry) metadataCache.set(key, (entry = { md: null, pending: null, forcedAt: 0 }));
  if (entry.md && Date.now() < entry.md.expiresAt) {
    if (!opts.refresh || Date.now() - entry.forcedAt < REFRESH_ON_FAILURE_EVERY_MS) return entry.md;
    entry.forcedAt = Date.now();
  }
  const e = entry;
  if (!e.pending) {
    e.pending = fetchMetadata(cfg).finally(() => {
      e.pending = null;
    });
  }
  try {
    e.md = await e.pending;
    return e.md;
  } catch (err) {
    ssoLog("saml", "metadata", `could not read the IdP metadata at ${cfg.metadataUrl}: ${err instanceof Error ? err.message : String(err)}`);
    if (e.md) return e.md;
    throw new SamlError("unreachable", err);
  }
}

function sp(cfg: SamlConfig, md: IdpMetadata, cacheProvider: CacheProvider): SAML {
  const keys = spKeyPair(cfg.spKeys, cfg.spEntityId);
  return new SAML({
    callbackUrl: cfg.callbackUrl,
    entryPoint: md.ssoUrl,
    logoutUrl: md.sloUrl ?? md.ssoUrl,
    logoutCallbackUrl: cfg.logoutServiceUrl,
    issuer: cfg.spEntityId,
    audience: cfg.spEntityId,
    idpIssuer: md.entityId,
    idpCert: md.certs,
    // A signed Response or a signed Assertion (Shibboleth signs only the Response by default); neither is refused.
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    privateKey: keys.key,
    publicCert: keys.cert,
    decryptionPvk: keys.key,
    signatureAlgorithm: "sha256",
    digestAlgorithm: "sha256",
    acceptedClockSkewMs: cfg.clockSkewSeconds * 1000,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60_000,
    cacheProvider,
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
}

const noCache: CacheProvider = { saveAsync: async () => null, getAsync: async () => null, removeAsync: async () => null };

/**
 * Estante's SP metadata (entity ID, assertion consumer service, single logout service, signing and encryption
 * certificate), for the IdP administrator; it does not need the IdP to be reachable.
 */
export function spMetadata(cfg: SamlConfig): string {
  const keys = spKeyPair(cfg.spKeys, cfg.spEntityId);
  const placeholder: IdpMetadata = { entityId: "", ssoUrl: cfg.callbackUrl, sloUrl: null, certs: [keys.cert], expiresAt: 0, fetchedAt: 0 };
  const xml = sp(cfg, placeholder, noCache).generateServiceProviderMetadata(keys.cert, keys.cert);
  // node-saml declares its logout service with HTTP-POST; Estante's takes the HTTP-Redirect binding.
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  for (const slo of childrenNS(doc.documentElement!, MD, "SingleLogoutService")) slo.setAttribute("Binding", REDIRECT);
  return new XMLSerializer().serializeToString(doc);
}

/** Builds the IdP link of a new signed AuthnRequest; returns it with the request's ID (which the answer must name). */
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

const causeOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Validates a base64 SAMLResponse (HTTP-POST binding) answering the request `requestId`; returns the profile.
 * A signature that does not verify fetches the IdP metadata again (its key may have rolled over) and is
 * checked once more. Throws SamlError("invalid") for anything that does not verify, after logging why.
 */
export async function validateResponse(cfg: SamlConfig, samlResponse: string, requestId: string): Promise<Profile> {
  const only: CacheProvider = {
    saveAsync: async () => null,
    getAsync: async (key) => (key === requestId ? new Date().toISOString() : null),
    removeAsync: async (key) => key,
  };
  const attempt = async (md: IdpMetadata) => {
    const { profile, loggedOut } = await sp(cfg, md, only).validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile || loggedOut) throw new Error("the response carries no assertion");
    return profile;
  };
  let md = await idpMetadata(cfg);
  try {
    return await attempt(md);
  } catch (first) {
    let err = first;
    if (/signature/i.test(causeOf(err))) {
      const fresh = await idpMetadata(cfg, { refresh: true });
      if (fresh.certs.join() !== md.certs.join()) {
        md = fresh;
        ssoLog("saml", "metadata", "the IdP's signing key changed; using its new metadata");
        try {
          return await attempt(md);
        } catch (again) {
          err = again;
        }
      }
    }
    ssoLog("saml", "response", causeOf(err));
    throw new SamlError("invalid", err);
  }
}

/**
 * Handles a LogoutRequest the IdP sent by the HTTP-Redirect binding (`query`: the raw query string): it must be
 * signed by the IdP's key. Returns the IdP link of our LogoutResponse. Throws SamlError("invalid") otherwise.
 */
export async function logoutRequest(cfg: SamlConfig, query: string): Promise<{ link: string }> {
  const raw = query.startsWith("?") ? query.slice(1) : query;
  const params = Object.fromEntries(new URLSearchParams(raw));
  const md = await idpMetadata(cfg);
  try {
    if (!params.SAMLRequest) throw new Error("no SAMLRequest in the logout request");
    if (!params.Signature || !params.SigAlg) throw new Error("the IdP's LogoutRequest is not signed (HTTP-Redirect Signature and SigAlg)");
    const saml = sp(cfg, md, noCache);
    const { profile, loggedOut } = await saml.validateRedirectAsync(params, raw);
    if (!profile || !loggedOut) throw new Error("not a LogoutRequest");
    return { link: await saml.getLogoutResponseUrlAsync(profile, params.RelayState ?? "", {}, true) };
  } catch (err) {
    ssoLog("saml", "logout", causeOf(err));
    throw new SamlError("invalid", err);
  }
}

const EMAIL_ATTRIBUTES = ["email", "mail", "urn:oid:0.9.2342.19200300.100.1.3"];

const valuesOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string" && x.trim() !== "").map((x) => x.trim());

/**
 * Every value that may identify the patron (ADR 162): the configured attribute's values; by default every
 * e-mail attribute value, then an emailAddress NameID.
 */
export function identitiesOf(profile: Profile, attribute: string | null = null): string[] {
  const p = profile as Record<string, unknown>;
  const attrs = (p.attributes ?? {}) as Record<string, unknown>;
  if (attribute) return [...new Set([...valuesOf(p[attribute]), ...valuesOf(attrs[attribute])])];
  const found = EMAIL_ATTRIBUTES.flatMap((name) => [...valuesOf(p[name]), ...valuesOf(attrs[name])]).filter((v) => v.includes("@"));
  if (profile.nameIDFormat?.endsWith(":emailAddress") && profile.nameID?.includes("@")) found.push(profile.nameID);
  return [...new Set(found)];
}
