/**
 * A local OpenID Connect provider for trying and testing single sign-on (ADR 161): oidc-provider, in memory,
 * one confidential client (the Estante API), and an accessible login page checking the demo identities.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { checkIdentity, DEMO_IDENTITIES, esc, page, readForm } from "./identities.ts";

export interface OidcProviderOptions {
  host: string;
  port: number;
  /** The portal's public address: the client's redirect URI is `${portalUrl}/oauth-response`. */
  portalUrl: string;
  clientId: string;
  clientSecret: string;
  /** Behave like LemonLDAP::NG: the e-mail only in UserInfo, not in the ID token. */
  emailOnlyInUserInfo?: boolean;
  /** Accept and advertise only this token endpoint client authentication (LemonLDAP::NG's clients often use post). */
  tokenAuthMethod?: "client_secret_basic" | "client_secret_post";
  /** The error "cancel and deny" answers with (default access_denied; some providers say consent_required). */
  refusal?: string;
}

export interface RunningProvider {
  issuer: string;
  close(): Promise<void>;
}

function loginPage(uid: string, hint: string, error: string | null): string {
  return page(
    `${error ? "Erro: " : ""}Entrar — provedor de identidade de demonstração`,
    `<h1>Provedor de identidade de demonstração</h1>
<p>Entre com uma identidade de demonstração para voltar ao Estante.</p>
${error ? `<p class="error" role="alert" id="erro">${esc(error)}</p>` : ""}
<form method="post" action="/interaction/${esc(uid)}/login">
<label for="username">Usuário ou e-mail</label><input id="username" name="username" autocomplete="username" required value="${esc(hint)}"${error ? ' aria-describedby="erro"' : ""}>
<label for="password">Senha</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Entrar</button>
</form>
<form method="post" action="/interaction/${esc(uid)}/abort"><button type="submit" class="secondary">Cancelar e negar o acesso</button></form>`,
  );
}

/** Starts the provider on host:port; resolves once it listens. */
export async function startOidcProvider(opts: OidcProviderOptions): Promise<RunningProvider> {
  const issuer = `http://${opts.host}:${opts.port}`;
  const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "demo-1", alg: "RS256", use: "sig" };
  const portal = opts.portalUrl.replace(/\/+$/, "");
  const configuration: Configuration = {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [`${portal}/oauth-response`],
        post_logout_redirect_uris: [`${portal}/`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        ...(opts.tokenAuthMethod ? { token_endpoint_auth_method: opts.tokenAuthMethod } : {}),
      },
    ],
    ...(opts.tokenAuthMethod ? { clientAuthMethods: [opts.tokenAuthMethod] } : {}),
    jwks: { keys: [jwk as never] },
    cookies: { keys: [crypto.randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // By default the e-mail goes in the ID token itself; a LemonLDAP::NG-like provider keeps it for UserInfo.
    conformIdTokenClaims: Boolean(opts.emailOnlyInUserInfo),
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true, logoutSource } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => {
      const who = DEMO_IDENTITIES.find((i) => i.username === id);
      if (!who) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: who.email, email_verified: true, name: who.name }) };
    },
    // A demo: the client is the library's own, so no consent screen.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    renderError: async (ctx, out) => {
      ctx.type = "html";
      ctx.body = page("Erro — provedor de identidade", `<h1>Erro</h1><p>${esc(String(out.error))}: ${esc(String(out.error_description ?? ""))}</p>`);
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", issuer);
      const m = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(url.pathname);
      if (!m) return callback(req, res);
      const details = await provider.interactionDetails(req, res);
      if (req.method === "GET" && !m[2]) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(loginPage(details.uid, String(details.params.login_hint ?? ""), null));
      }
      if (req.method === "POST" && m[2] === "/abort") {
        return await provider.interactionFinished(
          req,
          res,
          { error: opts.refusal ?? "access_denied", error_description: "The user refused" },
          { mergeWithLastSubmission: false },
        );
      }
      if (req.method === "POST" && m[2] === "/login") {
        const form = await readForm(req);
        const who = checkIdentity(form.get("username") ?? "", form.get("password") ?? "");
        if (!who) {
          res.writeHead(401, { "content-type": "text/html; charset=utf-8" });
          return res.end(loginPage(details.uid, form.get("username") ?? "", "Usuário ou senha incorretos."));
        }
        return await provider.interactionFinished(req, res, { login: { accountId: who.username } }, { mergeWithLastSubmission: false });
      }
      res.writeHead(405).end();
    } catch (err) {
      res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
      res.end(page("Erro — provedor de identidade", `<h1>Erro</h1><p>${esc(err instanceof Error ? err.message : String(err))}</p>`));
    }
  });
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host, resolve));
  const port = (server.address() as AddressInfo).port;
  const actualIssuer = `http://${opts.host}:${port}`;
  if (actualIssuer !== issuer) throw new Error("startOidcProvider needs a fixed port");
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The provider's logout confirmation page (RP-initiated logout): one button that signs out. */
async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  ctx.type = "html";
  ctx.body = page(
    "Sair — provedor de identidade de demonstração",
    `<h1>Sair do provedor de identidade</h1>${form}<p>Você saiu do Estante. Deseja sair também do provedor de identidade?</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sim, sair</button>
<button type="submit" form="op.logoutForm" class="secondary">Não, continuar conectado</button>`,
  );
}
