/**
 * A local SAML 2.0 identity provider for trying and testing single sign-on (ADR 161): samlify as IdentityProvider,
 * with a key and self-signed certificate generated at start (nothing secret is committed), an accessible login
 * page checking the demo identities, and an HTTP-POST answer to the portal's /saml-response.
 */
import crypto from "node:crypto";
import http from "node:http";
import forge from "node-forge";
import * as samlify from "samlify";
import { checkIdentity, esc, page, readForm } from "./identities.ts";

// The demo IdP parses only the AuthnRequests of the local portal; the SP's own checks are what is under test.
samlify.setSchemaValidator({ validate: async () => "skipped" });

export interface SamlIdpOptions {
  host: string;
  port: number;
  /** The portal's public address: its assertion consumer service is `${portalUrl}/saml-response`. */
  portalUrl: string;
  /** The service provider's entity ID (SAML_SP_ENTITY_ID; default `${portalUrl}/saml`). */
  spEntityId?: string;
}

export interface RunningIdp {
  metadataUrl: string;
  logoutUrl: string;
  /** Builds a signed login response for `email` answering `requestId` (tests). */
  signedResponse(email: string, requestId: string, opts?: { signWith?: "idp" | "stranger"; assertionSigned?: boolean }): Promise<string>;
  close(): Promise<void>;
}

/** A fresh RSA key and a self-signed certificate for it (PEM), valid for a year. */
export function selfSignedCert(commonName: string): { key: string; cert: string } {
  const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const fkey = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(fkey.n, fkey.e);
  cert.serialNumber = crypto.randomBytes(8).toString("hex").replace(/^[89a-f]/, "1");
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const attrs = [{ name: "commonName", value: commonName }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(fkey, forge.md.sha256.create());
  return { key: keyPem, cert: forge.pki.certificateToPem(cert) };
}

const { binding } = samlify.Constants.namespace;
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";

function idpEntity(base: string, keys: { key: string; cert: string }) {
  return samlify.IdentityProvider({
    entityID: `${base}/metadata`,
    privateKey: keys.key,
    signingCert: keys.cert,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: binding.redirect, Location: `${base}/sso` }],
    singleLogoutService: [{ Binding: binding.redirect, Location: `${base}/logout` }],
    wantAuthnRequestsSigned: false,
    isAssertionEncrypted: false,
  });
}

function spEntity(portal: string, entityId: string, assertionSigned = true) {
  return samlify.ServiceProvider({
    entityID: entityId,
    assertionConsumerService: [{ Binding: binding.post, Location: `${portal}/saml-response` }],
    wantAssertionsSigned: assertionSigned,
    authnRequestsSigned: false,
  });
}

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
  const keys = selfSignedCert("Estante demo SAML IdP (test only)");
  const idp = idpEntity(base, keys);
  const sp = spEntity(portal, spId);

  const respond = async (email: string, requestId: string, o: { signWith?: "idp" | "stranger"; assertionSigned?: boolean } = {}) => {
    const signer = o.signWith === "stranger" ? idpEntity(base, selfSignedCert("Someone else")) : idp;
    const target = o.assertionSigned === false ? spEntity(portal, spId, false) : sp;
    const res = await signer.createLoginResponse(target, { extract: { request: { id: requestId } } }, "post", { email });
    return (res as { context: string }).context;
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
        return res.end(idp.getMetadata());
      }
      if (url.pathname === "/logout") {
        return html(200, page("Sessão encerrada — IdP SAML de demonstração", `<h1>Sessão encerrada</h1><p>Você saiu do Estante e do login institucional.</p><p><a href="${esc(portal)}/">Voltar ao Estante</a></p>`));
      }
      if (url.pathname === "/sso" && req.method === "GET") {
        const samlRequest = url.searchParams.get("SAMLRequest") ?? "";
        await idp.parseLoginRequest(sp, "redirect", { query: Object.fromEntries(url.searchParams) });
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
