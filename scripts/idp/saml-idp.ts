/**
 * A local SAML 2.0 identity provider for trying and testing single sign-on (ADR 161): samlify as IdentityProvider,
 * with a key and self-signed certificate generated at start (nothing secret is committed), an accessible login
 * page checking the demo identities, and an HTTP-POST answer to the portal's /saml-response.
 */
import crypto from "node:crypto";
import http from "node:http";
import * as samlify from "samlify";
import { selfSignedCert } from "../../api/sso/keys.ts";
import { checkIdentity, esc, page, readForm } from "./identities.ts";

export { selfSignedCert };

// The demo IdP parses only the AuthnRequests of the local portal; the SP's own checks are what is under test.
samlify.setSchemaValidator({ validate: async () => "skipped" });

export interface SamlIdpOptions {
  host: string;
  port: number;
  /** The portal's public address: its assertion consumer service is `${portalUrl}/saml-response`. */
  portalUrl: string;
  /** The service provider's entity ID (SAML_SP_ENTITY_ID; default `${portalUrl}/saml`). */
  spEntityId?: string;
  /**
   * Behave like LemonLDAP::NG's default: refuse an AuthnRequest that is not signed with the key of the SP's
   * metadata (which `spMetadata` gives, as an administrator registers it).
   */
  wantAuthnRequestsSigned?: boolean;
  spMetadata?: () => Promise<string>;
  /** How the metadata gives the signing key: a certificate (default) or a bare RSA public key (KeyValue). */
  keyInMetadata?: "certificate" | "bare-key";
  /** Serve the metadata as a federation's aggregate: another IdP first, then this one. */
  aggregate?: boolean;
  /** The metadata's cacheDuration (e.g. PT1S). */
  cacheDuration?: string;
}

/** What a test login response carries and how it is signed. */
export interface ResponseOptions {
  signWith?: "idp" | "stranger";
  /** What carries the signature: the assertion (default), the Response only (Shibboleth's default), or nothing. */
  sign?: "assertion" | "response" | "none";
  /** Attributes (name → values) in an AttributeStatement; the NameID is then transient, not the e-mail. */
  attributes?: Record<string, string[]>;
}

export interface RunningIdp {
  metadataUrl: string;
  logoutUrl: string;
  /** Builds a signed login response for `email` answering `requestId` (tests). */
  signedResponse(email: string, requestId: string, opts?: ResponseOptions): Promise<string>;
  /** Replaces the IdP's signing key and certificate (a key rollover); the metadata serves the new one. */
  rotateKey(): void;
  /** The query string of a signed LogoutRequest (HTTP-Redirect) for `email`, addressed to the SP's logout service. */
  logoutRequest(email: string, opts?: { signed?: boolean }): Promise<string>;
  entityId: string;
  close(): Promise<void>;
}

const { binding } = samlify.Constants.namespace;
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

function idpEntity(base: string, keys: { key: string; cert: string }, wantAuthnRequestsSigned = false) {
  return samlify.IdentityProvider({
    entityID: `${base}/metadata`,
    privateKey: keys.key,
    signingCert: keys.cert,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: binding.redirect, Location: `${base}/sso` }],
    singleLogoutService: [{ Binding: binding.redirect, Location: `${base}/logout` }],
    wantAuthnRequestsSigned,
    isAssertionEncrypted: false,
  });
}

function spEntity(portal: string, entityId: string, assertionSigned = true, logoutRequestSigned = true) {
  return samlify.ServiceProvider({
    entityID: entityId,
    assertionConsumerService: [{ Binding: binding.post, Location: `${portal}/saml-response` }],
    singleLogoutService: [{ Binding: binding.redirect, Location: `${portal}/saml/logout` }],
    wantAssertionsSigned: assertionSigned,
    wantLogoutRequestSigned: logoutRequestSigned,
    authnRequestsSigned: false,
  });
}

/** The metadata with each certificate replaced by its bare RSA public key (ds:KeyValue), as some IdPs publish. */
function withBareKey(xml: string, certPem: string): string {
  const jwk = new crypto.X509Certificate(certPem).publicKey.export({ format: "jwk" });
  const b64 = (v: string | undefined) => Buffer.from(v ?? "", "base64url").toString("base64");
  const keyValue = `<ds:KeyValue xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:RSAKeyValue><ds:Modulus>${b64(jwk.n)}</ds:Modulus><ds:Exponent>${b64(jwk.e)}</ds:Exponent></ds:RSAKeyValue></ds:KeyValue>`;
  return xml.replace(/<(\w+:)?X509Data>[\s\S]*?<\/(\w+:)?X509Data>/g, keyValue);
}

/** The metadata inside a federation's aggregate, after another IdP's entry. */
function inAggregate(xml: string, cacheDuration?: string): string {
  const inner = xml.replace(/^<\?xml[^>]*>\s*/, "");
  const other = idpEntity("https://idp.other-university.example", selfSignedCert("Another university"))
    .getMetadata()
    .replace(/^<\?xml[^>]*>\s*/, "");
  return `<?xml version="1.0"?><md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" Name="federation"${cacheDuration ? ` cacheDuration="${cacheDuration}"` : ""}>${other}${inner}</md:EntitiesDescriptor>`;
}

const xmlEsc = (v: string) => v.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function loginPage(samlRequest: string, relayState: string, username: string, error: string | null): string {
  return page(
    `${error ? "Erro: " : ""}Entrar — IdP SAML de demonstração`,
    `<h1>Login institucional (IdP SAML de demonstração)</h1>
<p>Entre com uma identidade de demonstração para voltar ao Estante.</p>
${error ? `<p class="error" role="alert" id="erro">${esc(error)}</p>` : ""}
<form method="post" action="/sso">
<input type="hidden" name="SAMLRequest" value="${esc(samlRequest)}"><input type="hidden" name="RelayState" value="${esc(relayState)}">
<label for="username">Usuário ou e-mail</label><input id="username" name="username" autocomplete="username" required value="${esc(username)}"${error ? ' aria-describedby="erro"' : ""}>
<label for="password">Senha</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Entrar</button>
</form>`,
  );
}

/** The HTTP-POST binding's page: a form to the portal, sent at once with JavaScript, by a button without. */
function postPage(action: string, samlResponse: string, relayState: string): string {
  return page(
    "Voltando ao Estante — IdP SAML de demonstração",
    `<h1>Voltando ao Estante</h1>
<form method="post" action="${esc(action)}" id="saml-post">
<input type="hidden" name="SAMLResponse" value="${esc(samlResponse)}">${relayState ? `<input type="hidden" name="RelayState" value="${esc(relayState)}">` : ""}
<p>Se nada acontecer, use o botão.</p><button type="submit">Continuar para o Estante</button>
</form><script>document.getElementById("saml-post").submit()</script>`,
  );
}

/** Starts the IdP on host:port; resolves once it listens. */
export async function startSamlIdp(opts: SamlIdpOptions): Promise<RunningIdp> {
  const base = `http://${opts.host}:${opts.port}`;
  const portal = opts.portalUrl.replace(/\/+$/, "");
  const spId = opts.spEntityId ?? `${portal}/saml`;
  let keys = selfSignedCert("Estante demo SAML IdP (test only)");
  let idp = idpEntity(base, keys);
  const sp = spEntity(portal, spId);
  /** The SP as the administrator registered it from its metadata (signed AuthnRequests checked with its key). */
  const registeredSp = async () =>
    opts.spMetadata ? samlify.ServiceProvider({ metadata: await opts.spMetadata(), wantLogoutRequestSigned: true }) : sp;
  const checking = () => (opts.wantAuthnRequestsSigned ? idpEntity(base, keys, true) : idp);

  const respond = async (email: string, requestId: string, o: ResponseOptions = {}) => {
    const signer = o.signWith === "stranger" ? idpEntity(base, selfSignedCert("Someone else")) : idp;
    const target = o.sign === "response" || o.sign === "none" ? spEntity(portal, spId, false) : sp;
    const attributes = o.attributes;
    const replace = attributes
      ? (template: string) => {
          const now = new Date().toISOString();
          const later = new Date(Date.now() + 5 * 60_000).toISOString();
          const id = `_${crypto.randomBytes(16).toString("hex")}`;
          const statement = `<saml:AttributeStatement>${Object.entries(attributes)
            .map(
              ([name, values]) =>
                `<saml:Attribute Name="${xmlEsc(name)}">${values.map((v) => `<saml:AttributeValue>${xmlEsc(v)}</saml:AttributeValue>`).join("")}</saml:Attribute>`,
            )
            .join("")}</saml:AttributeStatement>`;
          const values: Record<string, string> = {
            ID: id,
            AssertionID: `_${crypto.randomBytes(16).toString("hex")}`,
            Destination: `${portal}/saml-response`,
            Audience: spId,
            SubjectRecipient: `${portal}/saml-response`,
            Issuer: `${base}/metadata`,
            IssueInstant: now,
            StatusCode: "urn:oasis:names:tc:SAML:2.0:status:Success",
            ConditionsNotBefore: now,
            ConditionsNotOnOrAfter: later,
            SubjectConfirmationDataNotOnOrAfter: later,
            NameIDFormat: "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
            NameID: `_${crypto.randomBytes(8).toString("hex")}`,
            InResponseTo: requestId,
            AuthnStatement: "",
            AttributeStatement: statement,
          };
          return { id, context: template.replace(/\{(\w+)\}/g, (_m, k: string) => values[k] ?? "") };
        }
      : undefined;
    const res = await signer.createLoginResponse(target, { extract: { request: { id: requestId } } }, "post", { email }, replace as never);
    const b64 = (res as { context: string }).context;
    if (o.sign !== "none") return b64;
    // Neither signed: the message signature taken away.
    const xml = Buffer.from(b64, "base64")
      .toString()
      .replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, "");
    return Buffer.from(xml).toString("base64");
  };

  const metadata = () => {
    let xml = idp.getMetadata();
    if (opts.keyInMetadata === "bare-key") xml = withBareKey(xml, keys.cert);
    if (opts.aggregate) return inAggregate(xml, opts.cacheDuration);
    if (opts.cacheDuration) xml = xml.replace(/<(\w+:)?EntityDescriptor /, (m) => `${m}cacheDuration="${opts.cacheDuration}" `);
    return xml;
  };

  const server = http.createServer(async (req, res) => {
    const html = (status: number, body: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      res.end(body);
    };
    try {
      const url = new URL(req.url ?? "/", base);
      if (url.pathname === "/metadata") {
        res.writeHead(200, { "content-type": "application/samlmetadata+xml" });
        return res.end(metadata());
      }
      if (url.pathname === "/logout") {
        return html(
          200,
          page(
            "Sessão encerrada — IdP SAML de demonstração",
            `<h1>Sessão encerrada</h1><p>Você saiu do Estante e do login institucional.</p><p><a href="${esc(portal)}/">Voltar ao Estante</a></p>`,
          ),
        );
      }
      if (url.pathname === "/sso" && req.method === "GET") {
        const samlRequest = url.searchParams.get("SAMLRequest") ?? "";
        // The signed part of an HTTP-Redirect message is the query as sent, without the Signature.
        const octetString = url.search
          .slice(1)
          .split("&")
          .filter((p) => !p.startsWith("Signature="))
          .join("&");
        await checking().parseLoginRequest(await registeredSp(), "redirect", { query: Object.fromEntries(url.searchParams), octetString });
        return html(200, loginPage(samlRequest, url.searchParams.get("RelayState") ?? "", "", null));
      }
      if (url.pathname === "/sso" && req.method === "POST") {
        const form = await readForm(req);
        const samlRequest = form.get("SAMLRequest") ?? "";
        const relayState = form.get("RelayState") ?? "";
        const { extract } = await idp.parseLoginRequest(sp, "redirect", { query: { SAMLRequest: samlRequest } });
        const who = checkIdentity(form.get("username") ?? "", form.get("password") ?? "");
        if (!who) return html(401, loginPage(samlRequest, relayState, form.get("username") ?? "", "Usuário ou senha incorretos."));
        const response = await respond(who.email, String(extract.request?.id ?? ""));
        return html(200, postPage(`${portal}/saml-response`, response, relayState));
      }
      html(404, page("Não encontrado", "<h1>Não encontrado</h1>"));
    } catch (err) {
      html(400, page("Erro — IdP SAML", `<h1>Erro</h1><p>${esc(err instanceof Error ? err.message : String(err))}</p>`));
    }
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host, resolve));
  return {
    metadataUrl: `${base}/metadata`,
    logoutUrl: `${base}/logout`,
    signedResponse: respond,
    entityId: `${base}/metadata`,
    rotateKey: () => {
      keys = selfSignedCert("Estante demo SAML IdP, new key (test only)");
      idp = idpEntity(base, keys);
    },
    logoutRequest: async (email, o = {}) => {
      const target = o.signed === false ? spEntity(portal, spId, true, false) : sp;
      const { context } = idp.createLogoutRequest(target, "redirect", { logoutNameID: email }) as { context: string };
      return new URL(context).search;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
