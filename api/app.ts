import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { Db } from "./db/index.ts";
import { defaultAuthSettings, type AuthSettings } from "./lib/clock.ts";
import { ApiError, errorResponse } from "./lib/errors.ts";
import type { MiddlewareHandler } from "hono";
import type { ApiDeps, ApiEnv } from "./lib/http.ts";
import { langFromHeader, msg } from "./lib/messages.ts";
import { assignOperationIds } from "./lib/operation-ids.ts";
import { mailerFromEnv, type Mailer } from "./mail/index.ts";
import { acervoRoutes } from "./routes/acervo/index.ts";
import { alertasRoutes } from "./routes/alertas.ts";
import { autenticarRoutes } from "./routes/autenticar/index.ts";
import { autoridadeRoutes } from "./routes/autoridade/index.ts";
import { captchaRoutes } from "./routes/captcha.ts";
import { duplicadasRoutes } from "./routes/duplicadas.ts";
import type { CaptchaSettings } from "./domain/captcha.ts";
import { raizRoutes } from "./routes/raiz/index.ts";
import { listasRoutes } from "./routes/listas/index.ts";
import { consultaRoutes, tabOptionsRoutes } from "./routes/consulta/index.ts";
import { indiceRoutes, opcoesIndiceRoutes } from "./routes/indice.ts";
import { calendarFeedRoutes, emprestimoRoutes } from "./routes/emprestimo/index.ts";
import { gruRoutes } from "./routes/gru/index.ts";
import { bibliotecaRoutes } from "./routes/biblioteca/index.ts";
import { staffTokenDigest } from "./lib/staff-auth.ts";
import { estanteNotificacoesRoutes } from "./routes/estante-notificacoes/index.ts";
import { estanteNovidadesRoutes } from "./routes/estante-novidades/index.ts";
import { pesquisasSalvasRoutes } from "./routes/pesquisas-salvas/index.ts";
import { kardexRoutes } from "./routes/kardex.ts";
import { oauthRoutes } from "./routes/oauth.ts";
import { parametrosRoutes } from "./routes/parametros/index.ts";
import { pessoasRoutes } from "./routes/pessoas/index.ts";
import { perfilInteresseRoutes } from "./routes/perfil-interesse/index.ts";
import { aquisicaoRoutes } from "./routes/aquisicao/index.ts";
import { NETWORK_PATH, redeRoutes } from "./routes/rede/index.ts";
import { planoEnsinoRoutes } from "./routes/plano-ensino.ts";
import { comentariosRoutes } from "./routes/comentarios/index.ts";
import { listaEsperaRoutes } from "./routes/lista-espera.ts";
import { reservaRoutes, validarFilaRoutes } from "./routes/reserva/index.ts";
import { solicitacaoEmprestimoRoutes } from "./routes/solicitacao-emprestimo/index.ts";
import { solicitacoesRoutes } from "./routes/solicitacoes/index.ts";
import { comentarioGeralRoutes, sugestaoAquisicaoRoutes, unidadeInformacaoRoutes } from "./routes/unidade-informacao.ts";
import { sumarioRoutes } from "./routes/sumario.ts";
import { oidcRoutes, samlRoutes } from "./routes/sso.ts";
import { readSsoConfig, type SsoConfig } from "./sso/config.ts";
import { vinculosRoutes } from "./routes/vinculos/index.ts";
import { acessoRestritoRoutes } from "./routes/acesso-restrito.ts";
import { nadaConstaRoutes } from "./routes/nada-consta/index.ts";

/** The largest request body the API reads: its writes are short forms and JSON documents of a few ids. */
export const API_BODY_LIMIT = 256 * 1024;

const BODY_TYPES = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A write's body must be one of the types the API reads, and JSON must parse: anything else is the client's
 * mistake, answered 400 in the API's error shape rather than failing deep inside a handler. The parsed JSON is
 * cached by Hono, so routes read it again for free.
 */
const checkWriteBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS" || !c.req.raw.body) return next();
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!type) {
    // A write with an empty body and no type (e.g. a bodiless POST action) is fine; a typeless body is not.
    if ((await c.req.arrayBuffer()).byteLength === 0) return next();
    throw new ApiError(400, "tipo_conteudo");
  }
  if (!BODY_TYPES.includes(type)) throw new ApiError(400, "tipo_conteudo");
  if (type === "application/json") {
    const text = await c.req.text();
    if (text.trim() !== "") {
      try {
        JSON.parse(text);
      } catch {
        throw new ApiError(400, "corpo_invalido");
      }
    }
  }
  return next();
};

export interface ApiOptions {
  db: Db;
  /** Defaults to the outbox (email_saida, ADR 197): sent by SMTP_URL's server in the background, or to DATA_DIR/outbox/*.json. */
  mailer?: Mailer;
  /** Overrides of token lifetimes and the clock (tests). */
  auth?: Partial<AuthSettings>;
  /** The network (OAI) catalogue: `unavailable` makes it answer 500 (NETWORK_UNAVAILABLE=1, ADR 063). */
  network?: { unavailable?: boolean };
  /** Single sign-on (ADR 160); default: read from the environment (OIDC_*, SAML_*, PUBLIC_URL). */
  sso?: SsoConfig;
  /** Captcha cost and lifetime (tests make it cheap). */
  captcha?: CaptchaSettings;
  /** The staff credential of /api/biblioteca (ADR 113); default STAFF_API_TOKEN. Unset or short: the channel is closed. */
  staffToken?: string;
}

/**
 * The reference library API of docs/api.md, answering the full `/api/...` paths. The OpenAPI
 * document of every route is served at `/api/openapi.json`.
 */
export function createApiApp({ db, mailer, auth, network, sso, captcha, staffToken }: ApiOptions): OpenAPIHono<ApiEnv> {
  const deps: ApiDeps = {
    db,
    auth: { ...defaultAuthSettings, ...auth },
    captcha,
    mailer: mailer ?? mailerFromEnv(db, process.env.DATA_DIR ?? "data"),
    sso: sso ?? readSsoConfig(process.env),
  };
  const app = new OpenAPIHono<ApiEnv>();

  app.use("*", async (c, next) => {
    c.set("lang", langFromHeader(c.req.header("lang")));
    await next();
    // Patron data must never be stored by shared caches.
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });

  // Limits and body checks for every write, before any route reads the body (ADR 110, docs/security.md).
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: API_BODY_LIMIT,
      onError: () => {
        throw new ApiError(413, "corpo_grande");
      },
    }),
  );
  app.use("/api/*", checkWriteBody);

  app.route("/api/oauth", oauthRoutes(deps));
  app.route("/api/captcha", captchaRoutes(deps));
  // The staff channel: the library's own transitions, behind the staff credential only (ADR 113). Before the
  // modules mounted at /api itself, whose patron-token checks must not answer for it.
  app.route("/api/biblioteca", bibliotecaRoutes(deps, staffTokenDigest(staffToken ?? process.env.STAFF_API_TOKEN)));
  app.route("/api/duplicadas", duplicadasRoutes(deps));
  app.route("/api/autenticar", autenticarRoutes(deps));
  // One folder per prefix, its index.ts mounting the parts in order (docs/contributing/adding-an-api-group.md).
  app.route("/api/pessoas", pessoasRoutes(deps));
  // The no-debts declaration (ADR 192).
  app.route("/api/nada-consta", nadaConstaRoutes(deps));
  // The rest of spec §7 (ADR 180): each module scopes its token check to its own paths.
  // One folder: covers and links, then the content providers (api/routes/vinculos/index.ts).
  app.route("/api/vinculos", vinculosRoutes(deps));
  // Single sign-on (spec §7, ADR 160): the API is the OIDC relying party and the SAML service provider.
  app.route("/api/oidc", oidcRoutes(deps));
  app.route("/api/saml", samlRoutes(deps));
  // Comments (the patron's own first) and purchase suggestions with acquisition statistics (ADRs 140, 195).
  app.route("/api/comentarios", comentariosRoutes(deps));
  app.route("/api/aquisicao", aquisicaoRoutes(deps));
  // One folder: the rest of spec §7 first, then the institution's settings (api/routes/parametros/index.ts).
  app.route("/api/parametros", parametrosRoutes(deps));
  // One folder: the search box's suggestions, then the search (api/routes/consulta/index.ts).
  app.route("/api/consulta", consultaRoutes(deps));
  app.route("/api/opcoes-indice", opcoesIndiceRoutes(deps));
  // Each MARC-derived tab's form options (ADR 065); spec §7 names the case-law one in English.
  app.route("/api/opcoes-arquivo", tabOptionsRoutes(deps, "arquivo"));
  app.route("/api/opcoes-atos-normativos", tabOptionsRoutes(deps, "atos"));
  app.route("/api/jurisprudencia-options", tabOptionsRoutes(deps, "jurisprudencia"));
  app.route("/api/plano-ensino", planoEnsinoRoutes(deps));
  app.route("/api/indice", indiceRoutes(deps));
  // One folder: the calls directly under /api, the directory's then the basket's (api/routes/raiz/index.ts). Before
  // /api/acervo: GET /api/acervo/cesta-permanente must not reach acervo's /{id}.
  app.route("/api", raizRoutes(deps));
  // One folder: the collection's parts, then the title's (api/routes/acervo/index.ts says why).
  app.route("/api/acervo", acervoRoutes(deps));
  app.route("/api/autoridade", autoridadeRoutes(deps));
  app.route("/api/kardex", kardexRoutes(deps));
  app.route("/api/sumario", sumarioRoutes(deps));
  app.route("/api/acesso-restrito", acessoRestritoRoutes(deps));
  app.route("/api/emprestimo", emprestimoRoutes(deps));
  // The subscribable due-date feed: its URL token is the credential (ADR 120).
  app.route("/api/calendario", calendarFeedRoutes(deps));
  app.route("/api/solicitacoes/alertas", alertasRoutes(deps));
  // Requests to the library (ADR 190); after alertas, whose paths it leaves alone.
  app.route("/api/solicitacoes", solicitacoesRoutes(deps));
  app.route("/api/gru", gruRoutes(deps));
  // Interest profiles (DSI, ADR 191).
  app.route("/api/perfil-interesse", perfilInteresseRoutes(deps));
  app.route("/api/pesquisas-salvas", pesquisasSalvasRoutes(deps));
  // Patron lists (ADR 246); before the other /api/estante routes.
  app.route("/api/estante/listas", listasRoutes(deps));
  // New arrivals (ADR 255).
  app.route("/api/estante/novidades", estanteNovidadesRoutes(deps));
  app.route("/api/estante", estanteNotificacoesRoutes(deps));
  app.route("/api/reserva", reservaRoutes(deps));
  app.route("/api/validar-fila", validarFilaRoutes(deps));
  app.route("/api/lista-espera", listaEsperaRoutes(deps));
  app.route("/api/solicitacao-emprestimo", solicitacaoEmprestimoRoutes(deps));
  app.route("/api/unidade-informacao", unidadeInformacaoRoutes(deps));
  app.route("/api/comentario", comentarioGeralRoutes(deps));
  app.route("/api/sugestao-aquisicao", sugestaoAquisicaoRoutes(deps));
  app.route(`/api/${NETWORK_PATH}`, redeRoutes(deps, network));

  // Every operation gets an id (docs/api.md's table of spec §7 calls names them).
  assignOperationIds(app);
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "Opaque token from POST /api/oauth/token (public client_credentials token or a patron's)",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "staff", {
    type: "http",
    scheme: "bearer",
    description: "The library's staff credential (STAFF_API_TOKEN), for /api/biblioteca only; no OAuth token is ever accepted there (ADR 113)",
  });
  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Estante reference library API",
      version: "0.1.0",
      description: "The /api contract of docs/api.md. Header `lang`: 1 pt (default), 3 es, 5 en.",
      license: { name: "GPL-3.0-or-later", url: "https://www.gnu.org/licenses/gpl-3.0.html" },
    },
  });

  app.notFound((c) => c.json({ message: msg(langFromHeader(c.req.header("lang")), "rota_inexistente"), code: "rota_inexistente" }, 404));
  app.onError((err, c) => errorResponse(c, err));
  return app;
}
