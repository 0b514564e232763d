/**
 * The contract test (issue 14; ADR 215): the portal's typed client (app/lib/api and the two callers beside it)
 * runs against the reference API, in process, on the demo library a first start makes. Every exported function
 * of the client whose first parameter is the API client has a case here; each case calls it with demo data,
 * and the client's own zod schemas must accept the answer (a drift between the API's payloads and the portal's
 * schemas fails here, not in a patron's browser). A new client function without a case fails the first test.
 *
 * Test code only: it imports both sides, which app/ and api/ never do.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createDemoTestApi, freePort, playBrowserAtProvider } from "../api/lib/testing.ts";
import { readSsoConfig } from "../api/sso/config.ts";
import { startOidcProvider, type RunningProvider } from "../scripts/idp/oidc-provider.ts";
import { startSamlIdp, type RunningIdp } from "../scripts/idp/saml-idp.ts";
import { inProcessTransport } from "~/lib/context.server";
import { Session } from "~/lib/session.server";
import { createApiClient, tokenRequest, type FullApiClient } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";

// The portal's client: every module of app/lib/api, plus the login and the site configuration, which call the
// API through the same client from app/lib.
const modules = {
  ...import.meta.glob<Record<string, unknown>>(["../app/lib/api/**/*.ts", "!../app/lib/api/**/*.test.ts"], { eager: true }),
  ...import.meta.glob<Record<string, unknown>>(["../app/lib/auth.server.ts", "../app/lib/site-config.server.ts"], { eager: true }),
};

/** The exported functions that take the API client first: the portal's calls, as "module#function". */
function clientCalls(): Map<string, (...args: any[]) => unknown> {
  const calls = new Map<string, (...args: any[]) => unknown>();
  for (const [file, mod] of Object.entries(modules)) {
    const name = file.replace(/^.*\/app\/lib\/(api\/)?/, "").replace(/\.ts$/, "");
    for (const [exported, value] of Object.entries(mod)) {
      if (typeof value !== "function") continue;
      if (/^(async\s+)?function\s*\*?\s*\w*\s*\(\s*api\b/.test(Function.prototype.toString.call(value)))
        calls.set(`${name}#${exported}`, value as (...args: any[]) => unknown);
    }
  }
  return calls;
}

/** Functions that take the client but make no call of their own (they hand it to calls that have cases). */
const NOT_CALLS: Record<string, string> = {
  "auth.server#createAuthenticator": "builds the login strategy around passwordLogin, which has its own case",
  "site-config.server#loadLibraryTimeZone": "reads the zone from getSiteConfig's answer, which has its own case",
};

type Demo = Awaited<ReturnType<typeof createDemoTestApi>>;
let t: Demo;
// Single sign-on against the local identity providers (ADR 161), for the SSO calls.
const PORTAL = "http://portal.test";
let oidc: RunningProvider;
let saml: RunningIdp;
let transport: ReturnType<typeof inProcessTransport>;

/** A client as a loader gets it: anonymous (public token) or signed in as a demo login. */
async function clientFor(login?: string, password = "demo1234"): Promise<FullApiClient> {
  if (!login) return createApiClient({ transport, session: new Session(null), language: "pt" });
  const tokens = await tokenRequest(transport, { grant_type: "password", username: login, password });
  const session = new Session({
    v: 1,
    sid: `contract-${login}`,
    persistent: false,
    tokens: { access_token: tokens.access_token, refresh_token: tokens.refresh_token! },
    user: { cod_pessoa: 0, nome_pessoa: login, login, permissions: [] },
  });
  return createApiClient({ transport, session, language: "pt" });
}

/**
 * Where the API's answer and the portal's schema part ways, even when the parse succeeds: a field the portal reads
 * that the answer lacks, or a value that only parses through the schema's fallback (`.catch`), which would hide a
 * drift behind an empty list or a default. Paths are like `resultados[].autor`.
 */
export function drift(schema: z.ZodType, value: unknown, path = "", out = new Set<string>()): Set<string> {
  const def = (schema as unknown as { _zod: { def: any } })._zod.def;
  const show = (v: unknown) => JSON.stringify(v)?.slice(0, 80);
  switch (def.type) {
    case "catch":
      if (!def.innerType.safeParse(value).success)
        out.add(`${path || "(answer)"}: the answer's ${show(value)} only parses through the portal's fallback`);
      else drift(def.innerType, value, path, out);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "nonoptional":
      if (value !== undefined && value !== null) drift(def.innerType, value, path, out);
      break;
    case "pipe":
      drift(def.in, value, path, out);
      break;
    case "lazy":
      drift(def.getter(), value, path, out);
      break;
    case "object":
      if (value && typeof value === "object" && !Array.isArray(value)) {
        for (const [k, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
          if (!(k in value)) out.add(`${path}.${k}: the portal reads it, the answer does not have it`);
          else drift(field, (value as Record<string, unknown>)[k], `${path}.${k}`, out);
        }
      }
      break;
    case "array":
      if (Array.isArray(value)) for (const v of value) drift(def.element, v, `${path}[]`, out);
      break;
    case "union": {
      const option = (def.options as z.ZodType[]).find((o) => o.safeParse(value).success);
      if (option) drift(option, value, path, out);
      break;
    }
    case "record":
      if (value && typeof value === "object") for (const v of Object.values(value)) drift(def.valueType, v, `${path}{}`, out);
      break;
    case "intersection":
      drift(def.left, value, path, out);
      drift(def.right, value, path, out);
      break;
  }
  return out;
}

/** The drifts of one case's calls, by call ("GET /path"). */
let drifts: Map<string, Set<string>>;

/**
 * The client as the portal's functions get it, recording each answer's drift from the schema that parses it.
 * The answer is fetched raw (the client's own transport, tokens and errors) and parsed here with the same schema.
 */
function recording(client: FullApiClient): FullApiClient {
  const check = <T>(label: string, schema: z.ZodType<T>, raw: unknown): T => {
    const found = drift(schema, raw);
    if (found.size) drifts.set(label, new Set([...(drifts.get(label) ?? []), ...found]));
    return schema.parse(raw);
  };
  const raw = z.unknown() as z.ZodType<any>;
  return {
    get: async (path, schema, opts) => check(`GET ${path}`, schema, await client.get(path, raw, opts)),
    send: async (method, path, schema, opts) => check(`${method} ${path}`, schema, await client.send(method, path, raw, opts)),
    getWithToken: async (path, schema, token) => check(`GET ${path}`, schema, await client.getWithToken(path, raw, token)),
    passwordGrant: (...args) => client.passwordGrant(...args),
    revokeTokens: (tokens) => client.revokeTokens(tokens),
    getFile: (path, opts) => client.getFile(path, opts),
  };
}

interface Ctx {
  pub: FullApiClient;
  demo: FullApiClient;
  leitora: FullApiClient;
  professor: FullApiClient;
  posgrad: FullApiClient;
  funcionario: FullApiClient;
  comunidade: FullApiClient;
  /** Values one case finds for a later one (ids of what the demo data or an earlier case made). */
  found: Record<string, any>;
}
let ctx: Ctx;

/** A title the demo catalogue answers for `termo` (through the portal's own search call). */
async function titleFor(termo: string): Promise<number> {
  const { searchCatalogue } = await import("~/lib/api/catalogue.server");
  const r = await searchCatalogue(ctx.pub, { termo, tipo: "livre", ordenacao: "C", qtd: 20, pagina: 1 } as never);
  if (!r.resultados.length) throw new Error(`no demo title for ${termo}`);
  return r.resultados[0].cod_acervo;
}

/** The first row of a query over the demo database (test set-up only: the cases themselves go through the client). */
async function row<T>(query: Promise<T | undefined>, what: string): Promise<T> {
  const r = await query;
  if (!r) throw new Error(`no demo data: ${what}`);
  return r;
}

const key = () => crypto.randomUUID();
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * One case per client call, in the order they run (reads before the changes that depend on them). A case
 * returns what the call answered; it must not throw (an ApiError or a zod error is a contract failure).
 */
const CASES: Record<string, (c: Ctx) => Promise<unknown>> = {
  // Site configuration and login.
  "site-config.server#getSiteConfig": async ({ pub }) => {
    const { getSiteConfig } = await import("~/lib/site-config.server");
    return getSiteConfig(pub, `contract-${key()}`);
  },
  "auth.server#passwordLogin": async ({ pub }) => {
    const { passwordLogin } = await import("~/lib/auth.server");
    return passwordLogin(pub, "demo", "demo1234");
  },
  "library-pages.server#getLibraryPages": async ({ pub }) =>
    (await import("~/lib/api/library-pages.server")).getLibraryPages(pub, `contract-${key()}`),
  "directory.server#listLibraries": async ({ pub }) => (await import("~/lib/api/directory.server")).listLibraries(pub, {}),
  "directory.server#listCampuses": async ({ pub }) => (await import("~/lib/api/directory.server")).listCampuses(pub),
  "identity/duplicates.server#duplicateAccounts": async ({ pub }) =>
    (await import("~/lib/api/identity/duplicates.server")).duplicateAccounts(pub, "demo"),

  // Catalogue search.
  "catalogue.server#searchCatalogue": async ({ pub }) => {
    const { searchCatalogue } = await import("~/lib/api/catalogue.server");
    return searchCatalogue(pub, { termo: "historia", tipo: "livre", ordenacao: "C", qtd: 20, pagina: 1, filtro: ["T:1"] } as never);
  },
  "catalogue.server#getSearchFilters": async ({ pub }) => {
    const { getSearchFilters } = await import("~/lib/api/catalogue.server");
    return getSearchFilters(pub, { termo: "historia", tipo: "livre", ordenacao: "C", qtd: 20, pagina: 1 } as never);
  },
  "autocomplete.server#getAutocomplete": async ({ pub }) => {
    const r = await (await import("~/lib/api/autocomplete.server")).getAutocomplete(pub, "hist", "livre");
    if (r.sugestoes.length === 0) throw new Error("the demo catalogue suggests nothing for hist");
    return r;
  },
  "new-arrivals.server#getNewArrivals": async ({ pub }) => {
    const r = await (await import("~/lib/api/new-arrivals.server")).getNewArrivals(pub, { biblioteca: 1, qtd: 5 });
    if (r.length === 0) throw new Error("the demo library has no new arrivals");
    return r;
  },
  "catalogue.server#getOrdenacoes": async ({ pub }) => (await import("~/lib/api/catalogue.server")).getOrdenacoes(pub, "1"),
  "catalogue.server#getBrowseOptions": async ({ pub }) => (await import("~/lib/api/catalogue.server")).getBrowseOptions(pub),
  "catalogue.server#browseIndex": async ({ pub, found }) => {
    const page = await (await import("~/lib/api/catalogue.server")).browseIndex(pub, "autor", { termo: "a" });
    found.browseKey = (page as { entradas?: Array<{ chave: string }> }).entradas?.[0]?.chave;
    return page;
  },
  "catalogue.server#browseTitles": async ({ pub, found }) => {
    if (!found.browseKey) throw new Error("browseIndex found no entry");
    return (await import("~/lib/api/catalogue.server")).browseTitles(pub, "autor", found.browseKey);
  },
  "catalogue.server#getTabOptions": async ({ pub }) => (await import("~/lib/api/catalogue.server")).getTabOptions(pub, "arquivo"),
  "catalogue.server#getAuthorityTypes": async ({ pub }) => (await import("~/lib/api/catalogue.server")).getAuthorityTypes(pub),
  "catalogue.server#searchAuthorities": async ({ pub }) =>
    (await import("~/lib/api/catalogue.server")).searchAuthorities(pub, { termo: "brasil", pagina: 1 } as never),
  "catalogue.server#getTeachingPlanOptions": async ({ pub }) => (await import("~/lib/api/catalogue.server")).getTeachingPlanOptions(pub),
  "catalogue.server#getTeachingPlans": async ({ pub }) => {
    const disciplina = (await row(t.db.selectFrom("plano_ensino").select("cod_disciplina").executeTakeFirst(), "a teaching plan")).cod_disciplina;
    return (await import("~/lib/api/catalogue.server")).getTeachingPlans(pub, { disciplina } as never);
  },

  // A title and its pages.
  "catalogue.server#getAcervo": async ({ pub, found }) => (await import("~/lib/api/catalogue.server")).getAcervo(pub, found.title),
  "catalogue.server#getExemplares": async ({ pub, found }) => (await import("~/lib/api/catalogue.server")).getExemplares(pub, found.title),
  "acervo.server#getAcervoDetail": async ({ pub, found }) => (await import("~/lib/api/acervo.server")).getAcervoDetail(pub, found.title),
  "acervo.server#getAcervoPage": async ({ pub, found }) => {
    const page = await (await import("~/lib/api/acervo.server")).getAcervoPage(pub, found.extrasTitle);
    // The embedded parts parse (each falls back to undefined when it does not: that would be a silent drift).
    expect(page.exemplares).toBeDefined();
    expect(page.permissoes).toBeDefined();
    expect(page.titulos_adicionais).toBeDefined();
    expect(page.comentarios).toBeDefined();
    expect(page.edicoes).toBeDefined();
    expect(page.semelhantes).toBeDefined();
    // The extra data of spec §3 parses too (each part falls back to empty when it does not).
    expect(page.cursos_disc.length).toBeGreaterThan(0);
    expect(page.rota.length).toBeGreaterThan(0);
    expect(page.areas_conhecimento.length).toBeGreaterThan(0);
    expect(Object.keys(page.dados_adicionais).length).toBeGreaterThan(0);
    return page;
  },
  "acervo.server#getEditions": async ({ pub, found }) => (await import("~/lib/api/acervo.server")).getEditions(pub, found.title),
  "acervo.server#getSimilar": async ({ pub, found }) => {
    const similar = await (await import("~/lib/api/acervo.server")).getSimilar(pub, found.extrasTitle);
    expect(similar.length).toBeGreaterThan(0);
    return similar;
  },
  "acervo.server#getPermissoes": async ({ pub, found }) => (await import("~/lib/api/acervo.server")).getPermissoes(pub, found.title),
  "acervo.server#getTitulosAdicionais": async ({ pub, found }) =>
    (await import("~/lib/api/acervo.server")).getTitulosAdicionais(pub, [found.title, found.extrasTitle]),
  "acervo.server#getMarc": async ({ pub, found }) => (await import("~/lib/api/acervo.server")).getMarc(pub, found.title, true),
  "acervo.server#getDublinCore": async ({ pub, found }) => (await import("~/lib/api/acervo.server")).getDublinCore(pub, found.title),
  "acervo.server#getEstatisticaAnos": async ({ pub, found }) => (await import("~/lib/api/acervo.server")).getEstatisticaAnos(pub, found.lentTitle),
  "acervo.server#getKardexPermissao": async ({ pub, found }) =>
    expectValue(await (await import("~/lib/api/acervo.server")).getKardexPermissao(pub, found.serial), true),
  "acervo.server#getKardexCombos": async ({ pub, found }) => (await import("~/lib/api/acervo.server")).getKardexCombos(pub, found.serial),
  "acervo.server#getKardexData": async ({ pub, found }) => {
    const issues = await (await import("~/lib/api/acervo.server")).getKardexData(pub, found.serial, {});
    found.issue = issues.find((f) => f.possui_sumario)?.cod_fasciculo ?? issues[0]?.cod_fasciculo;
    return issues;
  },
  "acervo.server#getKardexItem": async ({ pub, found }) => (await import("~/lib/api/acervo.server")).getKardexItem(pub, found.serial, found.issue),
  "acervo.server#getSumarios": async ({ pub, found }) => (await import("~/lib/api/acervo.server")).getSumarios(pub, found.serial),
  "acervo.server#getAutoridade": async ({ pub, found }) => (await import("~/lib/api/acervo.server")).getAutoridade(pub, found.authority),
  "acervo.server#getAutoridadeMarc": async ({ pub, found }) => (await import("~/lib/api/acervo.server")).getAutoridadeMarc(pub, found.authority),
  "acervo.server#getExemplaresDaUnidade": async ({ pub, found }) => {
    const copies = await (await import("~/lib/api/catalogue.server")).getExemplares(pub, found.title);
    return (await import("~/lib/api/acervo.server")).getExemplaresDaUnidade(pub, found.title, copies[0].biblioteca.cod_biblioteca);
  },
  "acervo.server#openRestrictedLink": async ({ demo, found }) =>
    (await import("~/lib/api/acervo.server")).openRestrictedLink(demo, found.restricted.cod_acervo, found.restricted.cod_link, {
      browser: "Chrome",
      device: "desktop",
      os: "Linux",
    }),
  "acervo.server#getGrupoAUrl": async ({ demo }) => (await import("~/lib/api/acervo.server")).getGrupoAUrl(demo, "contract-session"),
  "acervo.server#getExternalBaseUrl": async ({ demo }) => (await import("~/lib/api/acervo.server")).getExternalBaseUrl(demo, "pearson"),
  "comments.server#getComments": async ({ pub, found }) => (await import("~/lib/api/comments.server")).getComments(pub, found.title),
  "basket.server#getBasketTitles": async ({ pub, found }) =>
    (await import("~/lib/api/basket.server")).getBasketTitles(pub, [found.title, found.extrasTitle]),
  "basket.server#exportBasket": async ({ pub, found }) => (await import("~/lib/api/basket.server")).exportBasket(pub, "ris", [found.title]),
  "basket.server#emailBasket": async ({ demo, found }) =>
    (await import("~/lib/api/basket.server")).emailBasket(demo, { tipo: "referencia", acervos: [found.title], destinatarios: "leitor@example.org" }),
  "basket.server#getReferencia": async ({ pub, found }) => (await import("~/lib/api/basket.server")).getReferencia(pub, found.title),
  "basket.server#savePermanentBasket": async ({ demo, found }) => (await import("~/lib/api/basket.server")).savePermanentBasket(demo, [found.title]),
  "basket.server#listPermanentBasket": async ({ demo }) =>
    expectPresent((await (await import("~/lib/api/basket.server")).listPermanentBasket(demo))[0]),
  "basket.server#removeFromPermanentBasket": async ({ demo, found }) =>
    (await import("~/lib/api/basket.server")).removeFromPermanentBasket(demo, [found.title]),
  // Patron lists (ADR 246): the default list (the permanent basket), a named list with a note, made public and read by its token.
  "lists/lists.server#listLists": async ({ demo, found }) =>
    expectPresent((await (await import("~/lib/api/lists/lists.server")).listLists(demo, found.title)).listas[0]),
  "lists/lists.server#createList": async ({ demo, found }) => {
    const made = await (await import("~/lib/api/lists/lists.server")).createList(demo, `Contrato ${key()}`.slice(0, 40));
    found.listRef = String(made.cod_lista);
    return made;
  },
  "lists/lists.server#addToList": async ({ demo, found }) =>
    (await import("~/lib/api/lists/lists.server")).addToList(demo, found.listRef, found.title, "Uma nota"),
  "lists/lists.server#setListNote": async ({ demo, found }) =>
    (await import("~/lib/api/lists/lists.server")).setListNote(demo, found.listRef, found.title, "Outra nota"),
  "lists/lists.server#changeList": async ({ demo, found }) => {
    const changed = await (await import("~/lib/api/lists/lists.server")).changeList(demo, found.listRef, { nome: "Contrato", publica: true });
    found.listToken = changed.token_publico;
    return changed;
  },
  "lists/lists.server#getList": async ({ demo, found }) =>
    expectPresent((await (await import("~/lib/api/lists/lists.server")).getList(demo, found.listRef)).titulos[0]),
  "lists/lists.server#getPublicList": async ({ pub, found }) =>
    expectPresent((await (await import("~/lib/api/lists/lists.server")).getPublicList(pub, found.listToken)).titulos[0]),
  "lists/lists.server#removeFromList": async ({ demo, found }) =>
    (await import("~/lib/api/lists/lists.server")).removeFromList(demo, found.listRef, found.title),
  "lists/lists.server#deleteList": async ({ demo, found }) => (await import("~/lib/api/lists/lists.server")).deleteList(demo, found.listRef),
  "waiting-list.server#getWaitingList": async ({ posgrad, found }) =>
    (await import("~/lib/api/waiting-list.server")).getWaitingList(posgrad, found.waitingTitle),
  "waiting-list.server#waitingListOrNull": async ({ posgrad, found }) =>
    expectPresent(await (await import("~/lib/api/waiting-list.server")).waitingListOrNull(posgrad, found.waitingTitle)),
  "waiting-list.server#joinWaitingList": async ({ posgrad, found }) =>
    (await import("~/lib/api/waiting-list.server")).joinWaitingList(posgrad, found.waitingTitle),

  // Network catalogue.
  "rede.server#getNetworkInstitutions": async ({ pub }) => (await import("~/lib/api/rede.server")).getNetworkInstitutions(pub),
  "rede.server#searchNetwork": async ({ pub, found }) => {
    const r = await (
      await import("~/lib/api/rede.server")
    ).searchNetwork(pub, { termo: "historia", tipo: "livre", ordenacao: "C", qtd: 20, pagina: 1, filtro: [] } as never);
    found.networkRecord = r.resultados[0]?.cod_registro;
    return r;
  },
  "rede.server#getNetworkRecord": async ({ pub, found }) => (await import("~/lib/api/rede.server")).getNetworkRecord(pub, found.networkRecord),

  // Holds and loan requests from the title page.
  "requests.server#getUnits": async ({ pub }) => (await import("~/lib/api/requests.server")).getUnits(pub),
  "requests.server#isProfessor": async ({ professor }) => expectValue(await (await import("~/lib/api/requests.server")).isProfessor(professor), true),
  "requests.server#getHoldOptions": async ({ funcionario, found }) =>
    (await import("~/lib/api/requests.server")).getHoldOptions(funcionario, found.holdable.cod_acervo),
  "requests.server#placeHold": async ({ comunidade, found }) => {
    const placed = await (
      await import("~/lib/api/requests.server")
    ).placeHold(comunidade, { cod_acervo: found.holdable.cod_acervo, biblioteca: found.holdable.cod_biblioteca, chave_envio: key() });
    found.placedHold = placed.cod_reserva;
    return placed;
  },
  "requests.server#getMyHolds": async ({ comunidade }) => (await import("~/lib/api/requests.server")).getMyHolds(comunidade),
  "requests.server#getLoanRequestOptions": async ({ comunidade, found }) =>
    (await import("~/lib/api/requests.server")).getLoanRequestOptions(comunidade, found.lendable),
  "requests.server#createLoanRequest": async ({ comunidade, found }) => {
    const options = await (await import("~/lib/api/requests.server")).getLoanRequestOptions(comunidade, found.lendable);
    const created = await (
      await import("~/lib/api/requests.server")
    ).createLoanRequest(comunidade, found.lendable, {
      biblioteca_origem: options.bibliotecas_origem[0].cod_biblioteca,
      biblioteca_recebimento: options.bibliotecas_recebimento[0].cod_biblioteca,
      cod_local_recebimento: options.locais_recebimento.find((l) => !l.domicilio)!.codigo,
      telefone: "(61) 3333-0000",
      email: "beatriz.campos@example.org",
      recebimento_textual: "Na recepção do prédio",
      chave_envio: key(),
    });
    found.loanRequest = (created as { cod_solicitacao: number }).cod_solicitacao;
    return created;
  },
  "requests.server#createSuggestion": async ({ demo }) =>
    (await import("~/lib/api/requests.server")).createSuggestion(demo, {
      campus: 1,
      biblioteca: 1,
      autor: "Autora",
      titulo: "Obra sugerida pelo teste de contrato",
      edicao: "1",
      editor: "Editora",
    }),
  "comments.server#postTitleComment": async ({ demo, found }) =>
    (await import("~/lib/api/comments.server")).postTitleComment(demo, found.title, { texto: "Comentário do teste de contrato.", biblioteca: 1 }),
  "comments.server#postGeneralComment": async ({ demo }) =>
    (await import("~/lib/api/comments.server")).postGeneralComment(demo, { content: "Comentário geral do teste de contrato.", b: 1 }),

  // Private area: the summary, loans, alerts.
  "account.server#getLoans": async ({ demo }) => (await import("~/lib/api/account.server")).getLoans(demo),
  "account.server#getHolds": async ({ demo }) => (await import("~/lib/api/account.server")).getHolds(demo),
  "account.server#getDebits": async ({ demo }) => (await import("~/lib/api/account.server")).getDebits(demo),
  "account.server#getRenewal": async ({ demo }) => (await import("~/lib/api/account.server")).getRenewal(demo),
  "account/loans.server#getCurrentLoans": async ({ demo }) => (await import("~/lib/api/account/loans.server")).getCurrentLoans(demo),
  "account/loans.server#renewLoans": async ({ demo }) =>
    (await import("~/lib/api/account/loans.server")).renewLoans(demo, { ids: "all", chave: key() }),
  "account/loans.server#getLoanHistory": async ({ demo }) =>
    (await import("~/lib/api/account/loans.server")).getLoanHistory(demo, { dataIni: inDays(-365), dataFim: today() }),
  "account/loans.server#getCalendarFeed": async ({ demo }) => (await import("~/lib/api/account/loans.server")).getCalendarFeed(demo),
  "account/loans.server#changeCalendarFeed": async ({ demo }) => (await import("~/lib/api/account/loans.server")).changeCalendarFeed(demo, "create"),
  "account/loans.server#getLoanToken": async ({ demo }) => (await import("~/lib/api/account/loans.server")).getLoanToken(demo),
  "account/loans.server#createLoanToken": async ({ demo }) => (await import("~/lib/api/account/loans.server")).createLoanToken(demo),
  "account/alerts.server#getAlerts": async ({ demo, found }) => {
    const alerts = await (await import("~/lib/api/account/alerts.server")).getAlerts(demo);
    found.alert = alerts.alertas[0]?.id;
    return alerts;
  },
  "account/alerts.server#getUnreadAlertCount": async ({ demo }) => (await import("~/lib/api/account/alerts.server")).getUnreadAlertCount(demo),
  "account/alerts.server#markAlertRead": async ({ demo, found }) =>
    (await import("~/lib/api/account/alerts.server")).markAlertRead(demo, needed(found.alert, "an alert of demo")),
  "account/alerts.server#removeAlert": async ({ demo, found }) =>
    (await import("~/lib/api/account/alerts.server")).removeAlert(demo, needed(found.alert, "an alert of demo")),

  // Holds, waiting lists, debits, loan requests of the patron.
  "account/holds.server#listHolds": async ({ leitora }) => {
    const holds = await (await import("~/lib/api/account/holds.server")).listHolds(leitora);
    expect(holds.some((h) => h.localizacao)).toBe(true);
    return holds;
  },
  "account/holds.server#holdHistory": async ({ demo }) => (await import("~/lib/api/account/holds.server")).holdHistory(demo),
  "account/holds.server#suspendHold": async ({ comunidade, found }) =>
    (await import("~/lib/api/account/holds.server")).suspendHold(comunidade, found.placedHold, inDays(10)),
  "account/holds.server#changeHoldLibrary": async ({ comunidade, found }) => {
    // Another library with a copy of the title that takes holds.
    const other = await row(
      t.db
        .selectFrom("exemplar")
        .select("cod_biblioteca")
        .where("cod_acervo", "=", found.holdable.cod_acervo)
        .where("permite_reserva", "=", 1)
        .where("cod_biblioteca", "<>", found.holdable.cod_biblioteca)
        .executeTakeFirst(),
      "a second library holding the held title",
    );
    return (await import("~/lib/api/account/holds.server")).changeHoldLibrary(comunidade, found.placedHold, other.cod_biblioteca);
  },
  "account/holds.server#cancelHolds": async ({ comunidade, found }) =>
    expectValue(await (await import("~/lib/api/account/holds.server")).cancelHolds(comunidade, [found.placedHold]), [found.placedHold]),
  "account/holds.server#listWaiting": async ({ leitora }) => (await import("~/lib/api/account/holds.server")).listWaiting(leitora),
  "account/holds.server#leaveWaiting": async ({ posgrad, found }) =>
    (await import("~/lib/api/account/holds.server")).leaveWaiting(posgrad, found.waitingTitle),
  "account/debits.server#listDebits": async ({ leitora, found }) => {
    const debits = await (await import("~/lib/api/account/debits.server")).listDebits(leitora);
    found.debits = debits;
    return debits;
  },
  "account/debits.server#issueGru": async ({ leitora, found }) => {
    const list = (found.debits as { debitos: Array<{ cod_debito: number; cod_biblioteca?: number | null; biblioteca: string; total: number }> })
      .debitos;
    const mine = await t.db
      .selectFrom("debito")
      .select(["cod_debito", "cod_biblioteca"])
      .where(
        "cod_debito",
        "in",
        list.map((d) => d.cod_debito),
      )
      .execute();
    const lib = needed(mine[0]?.cod_biblioteca, "a debit's library");
    const chosen = list.filter((d) => mine.find((m) => m.cod_debito === d.cod_debito)?.cod_biblioteca === lib);
    const gru = await (
      await import("~/lib/api/account/debits.server")
    ).issueGru(leitora, {
      valor: Math.round(chosen.reduce((s, d) => s + d.total, 0) * 100) / 100,
      codBiblioteca: lib,
      debitos: chosen.map((d) => d.cod_debito),
    });
    found.gru = (gru as { cod_gru: number }).cod_gru;
    return gru;
  },
  "account/debits.server#getGru": async ({ leitora, found }) => (await import("~/lib/api/account/debits.server")).getGru(leitora, found.gru),
  "account/debits.server#listSlips": async ({ leitora }) => {
    const slips = await (await import("~/lib/api/account/debits.server")).listSlips(leitora);
    if (!slips.length) throw new Error("the slip just issued is not listed");
    return slips;
  },
  "account/debits.server#listPaidDebits": async ({ leitora }) => {
    const paid = await (await import("~/lib/api/account/debits.server")).listPaidDebits(leitora);
    if (!paid.debitos.length) throw new Error("the demo's paid debits are not listed");
    return paid;
  },
  "account/loan-requests.server#listLoanRequests": async ({ leitora }) => {
    const list = await (await import("~/lib/api/account/loan-requests.server")).listLoanRequests(leitora, {});
    expect(list.some((r) => r.recebimento_textual)).toBe(true);
    return list;
  },
  "account/loan-requests.server#cancelLoanRequest": async ({ comunidade, found }) =>
    (await import("~/lib/api/account/loan-requests.server")).cancelLoanRequest(comunidade, found.loanRequest),
  "account/saved.server#listSavedSearches": async ({ leitora }) => (await import("~/lib/api/account/saved.server")).listSavedSearches(leitora),
  "account/saved.server#saveSearch": async ({ demo, found }) => {
    const saved = await (await import("~/lib/api/account/saved.server")).saveSearch(demo, "Contrato", "termo=contrato");
    found.savedSearch = saved.id;
    return saved;
  },
  "account/notifications.server#getNotificationPreferences": async ({ leitora }) =>
    (await import("~/lib/api/account/notifications.server")).getNotificationPreferences(leitora),
  "account/notifications.server#saveNotificationPreferences": async ({ leitora }) =>
    (await import("~/lib/api/account/notifications.server")).saveNotificationPreferences(leitora, [
      { evento: "vencimento", email: true, app: true, dias: 3 },
    ]),
  "account/notifications.server#describeUnsubscribe": async ({ pub }) => {
    const { unsubscribeToken } = await import("../api/domain/notifications.ts");
    return (await import("~/lib/api/account/notifications.server")).describeUnsubscribe(
      pub,
      await unsubscribeToken(t.db, 1, { kind: "evento", evento: "atraso" }),
    );
  },
  "account/notifications.server#confirmUnsubscribe": async ({ pub }) => {
    const { unsubscribeToken } = await import("../api/domain/notifications.ts");
    return (await import("~/lib/api/account/notifications.server")).confirmUnsubscribe(
      pub,
      await unsubscribeToken(t.db, 1, { kind: "evento", evento: "atraso" }),
    );
  },
  "account/notifications.server#setSavedSearchAlert": async ({ demo, found }) =>
    (await import("~/lib/api/account/notifications.server")).setSavedSearchAlert(demo, needed(found.savedSearch, "the saved search"), "semanal"),
  "account/notifications.server#getHistoryMode": async ({ comunidade }) =>
    (await import("~/lib/api/account/notifications.server")).getHistoryMode(comunidade),
  "account/notifications.server#setHistoryMode": async ({ comunidade }) =>
    (await import("~/lib/api/account/notifications.server")).setHistoryMode(comunidade, "padrao", false),
  "account/notifications.server#deleteHistoryItems": async ({ comunidade }) =>
    (await import("~/lib/api/account/notifications.server")).deleteHistoryItems(comunidade, [999_999]),
  "account/saved.server#deleteSavedSearch": async ({ demo, found }) => {
    return (await import("~/lib/api/account/saved.server")).deleteSavedSearch(demo, needed(found.savedSearch, "the saved search"));
  },

  // Contributions, comments, suggestions.
  "account/contributions.server#getMyCommentedTitles": async ({ demo }) =>
    (await import("~/lib/api/account/contributions.server")).getMyCommentedTitles(demo),
  "account/contributions.server#getMyCommentsOnTitle": async ({ demo, found }) =>
    (await import("~/lib/api/account/contributions.server")).getMyCommentsOnTitle(demo, found.title),
  "account/profile.server#getMyComments": async ({ demo, found }) => {
    const list = await (await import("~/lib/api/account/profile.server")).getMyComments(demo);
    found.myComment = (list as Array<{ cod_comentario: number }>)[0]?.cod_comentario;
    return list;
  },
  "account/profile.server#deleteMyComment": async ({ demo, found }) =>
    (await import("~/lib/api/account/profile.server")).deleteMyComment(demo, needed(found.myComment, "a comment of demo")),
  "account/profile.server#getSuggestionStatuses": async ({ demo }) => (await import("~/lib/api/account/profile.server")).getSuggestionStatuses(demo),
  "account/profile.server#getMySuggestions": async ({ demo }) => (await import("~/lib/api/account/profile.server")).getMySuggestions(demo, {}),

  // Personal data, password, privacy.
  "account/profile.server#getPersonalData": async ({ demo }) => (await import("~/lib/api/account/profile.server")).getPersonalData(demo),
  "account/profile.server#savePersonalData": async ({ demo }) =>
    (await import("~/lib/api/account/profile.server")).savePersonalData(demo, { cidade: "Brasília", profissao: "Estudante" }),
  // The e-mail change (ADR 236): leitora asks, cancels, asks again, and the link in the mail is read and followed.
  "account/profile.server#requestEmailChange": async ({ leitora }) =>
    (await import("~/lib/api/account/profile.server")).requestEmailChange(leitora, "leitora.contrato@example.org"),
  "account/profile.server#cancelEmailChange": async ({ leitora }) => (await import("~/lib/api/account/profile.server")).cancelEmailChange(leitora),
  "account/profile.server#checkEmailChangeLink": async ({ leitora, pub, found }) => {
    const profile = await import("~/lib/api/account/profile.server");
    await profile.requestEmailChange(leitora, "leitora.confirmada@example.org");
    found.emailLink = emailLinkToken("leitora.confirmada@example.org");
    return expectValue((await profile.checkEmailChangeLink(pub, found.emailLink)).email, "leitora.confirmada@example.org");
  },
  "account/profile.server#confirmEmailChange": async ({ pub, found }) =>
    (await import("~/lib/api/account/profile.server")).confirmEmailChange(pub, needed(found.emailLink, "a confirmation link")),
  "account/profile.server#getPasswordRules": async ({ demo }) => (await import("~/lib/api/account/profile.server")).getPasswordRules(demo),
  "account/profile.server#changePassword": async ({ funcionario }) =>
    (await import("~/lib/api/account/profile.server")).changePassword(funcionario, "demo1234", "Contrato#2026x"),
  "account/profile.server#getMyEmail": async ({ demo }) => (await import("~/lib/api/account/profile.server")).getMyEmail(demo),
  "account/profile.server#downloadMyData": async ({ demo }) => {
    const file = await (await import("~/lib/api/account/profile.server")).downloadMyData(demo, "json");
    expect(file.contentType).toMatch(/json/);
    return file;
  },

  // Interest profile.
  "account/interest-profiles.server#getProfile": async ({ demo }) => (await import("~/lib/api/account/interest-profiles.server")).getProfile(demo),
  "account/interest-profiles.server#searchProfileCandidates": async ({ demo, found }) => {
    const list = await (await import("~/lib/api/account/interest-profiles.server")).searchProfileCandidates(demo, "assunto", "historia");
    found.candidate = (list as Array<{ codigo: string }>)[0]?.codigo;
    return list;
  },
  "account/interest-profiles.server#addProfileItems": async ({ demo, found }) =>
    (await import("~/lib/api/account/interest-profiles.server")).addProfileItems(demo, "assunto", inDays(180), [
      needed(found.candidate, "a subject candidate"),
    ]),
  "account/interest-profiles.server#setProfileValidity": async ({ demo }) =>
    (await import("~/lib/api/account/interest-profiles.server")).setProfileValidity(demo, inDays(200)),
  "account/interest-profiles.server#removeProfileItem": async ({ demo, found }) =>
    (await import("~/lib/api/account/interest-profiles.server")).removeProfileItem(demo, found.candidate, "assunto", 0),
  "account/interest-profiles.server#getFollowedPeriodicals": async ({ demo }) =>
    (await import("~/lib/api/account/interest-profiles.server")).getFollowedPeriodicals(demo),
  "account/interest-profiles.server#searchPeriodicals": async ({ demo }) =>
    (await import("~/lib/api/account/interest-profiles.server")).searchPeriodicals(demo, "times"),
  "account/interest-profiles.server#savePeriodical": async ({ posgrad, found }) =>
    (await import("~/lib/api/account/interest-profiles.server")).savePeriodical(posgrad, "POST", found.serial, ["fasciculos"]),
  "account/interest-profiles.server#unfollowPeriodical": async ({ posgrad, found }) =>
    (await import("~/lib/api/account/interest-profiles.server")).unfollowPeriodical(posgrad, found.serial),
  "account/interest-profiles.server#getProfileWorkTypes": async ({ demo }) =>
    (await import("~/lib/api/account/interest-profiles.server")).getProfileWorkTypes(demo),
  "account/interest-profiles.server#setProfileWorkTypes": async ({ posgrad }) =>
    (await import("~/lib/api/account/interest-profiles.server")).setProfileWorkTypes(posgrad, [1]),
  "account/interest-profiles.server#getAreaInfo": async ({ demo }) => (await import("~/lib/api/account/interest-profiles.server")).getAreaInfo(demo),
  "account/interest-profiles.server#getAreaTitles": async ({ demo }) =>
    (await import("~/lib/api/account/interest-profiles.server")).getAreaTitles(demo, undefined, 1),
  "account/interest-profiles.server#getCheckTitles": async ({ demo }) =>
    (await import("~/lib/api/account/interest-profiles.server")).getCheckTitles(demo, 1),

  // Requests to the library.
  "account/library-requests.server#listLibraryRequests": async ({ demo, found }) => {
    const list = await (await import("~/lib/api/account/library-requests.server")).listLibraryRequests(demo, "emprestimo-inter-bibliotecas");
    found.libraryRequest = list[0];
    return list;
  },
  "account/library-requests.server#getLibraryRequest": async ({ demo, found }) =>
    (await import("~/lib/api/account/library-requests.server")).getLibraryRequest(
      demo,
      "emprestimo-inter-bibliotecas",
      needed(found.libraryRequest, "an ILL request of demo").codigo ?? found.libraryRequest.cod_solicitacao,
    ),
  "account/library-requests.server#createLibraryRequest": async ({ posgrad }) =>
    (await import("~/lib/api/account/library-requests.server")).createLibraryRequest(posgrad, "pesquisa-especializada", {
      tema: "Contrato",
      finalidade: "Teste de contrato",
      email: "rafael.santos@example.org",
    }),

  // Statistics, teaching plans of the professor.
  "account/statistics.server#getAcquisitionStatistics": async ({ professor }) =>
    (await import("~/lib/api/account/statistics.server")).getAcquisitionStatistics(professor, {}),
  "account/statistics.server#getCollectionTotals": async ({ professor }) =>
    (await import("~/lib/api/account/statistics.server")).getCollectionTotals(professor, {}),
  "account/statistics.server#getMyTeachingPlans": async ({ professor, found }) => {
    const plans = await (await import("~/lib/api/account/statistics.server")).getMyTeachingPlans(professor);
    found.teachingPlan = plans.planos[0];
    return plans;
  },
  // The professor's own suggestion route, for one of the plans just read (ADR 195).
  "requests.server#createProfessorSuggestion": async ({ professor, found }) =>
    (await import("~/lib/api/requests.server")).createProfessorSuggestion(professor, {
      biblioteca: 1,
      titulo: "Obra sugerida pelo professor no teste de contrato",
      editor: "Editora",
      autor: "Autora",
      plano: needed(found.teachingPlan, "a teaching plan of professor").cod_plano,
      tipo_bibliografia: "C",
      exemplares: 2,
    }),

  // Declarations, absences, paper posting, several logins.
  "account/declarations.server#getNoDebtsStatus": async ({ comunidade }) =>
    (await import("~/lib/api/account/declarations.server")).getNoDebtsStatus(comunidade),
  "account/declarations.server#issueNoDebts": async ({ found }) => {
    const who = recording(await clientFor("comunidade2"));
    const declaration = await (await import("~/lib/api/account/declarations.server")).issueNoDebts(who);
    found.declaration = declaration.codigo;
    found.declarationClient = who;
    return declaration;
  },
  "account/declarations.server#mailNoDebts": async ({ found }) =>
    (await import("~/lib/api/account/declarations.server")).mailNoDebts(found.declarationClient),
  "account/declarations.server#verifyNoDebts": async ({ pub, found }) =>
    (await import("~/lib/api/account/declarations.server")).verifyNoDebts(pub, found.declaration),
  "account/declarations.server#getAbsences": async ({ demo }) => (await import("~/lib/api/account/declarations.server")).getAbsences(demo),
  "account/declarations.server#paperPostingUrl": async ({ demo }) => (await import("~/lib/api/account/declarations.server")).paperPostingUrl(demo),
  "identity/logins.server#listPersonLogins": async ({ found }) => {
    const list = await (await import("~/lib/api/identity/logins.server")).listPersonLogins(found.severalLogins.client);
    found.otherLogin = list.find((l) => l.usuario !== found.severalLogins.login) ?? list[1];
    return list;
  },
  "identity/logins.server#switchPersonLogin": async ({ found }) =>
    (await import("~/lib/api/identity/logins.server")).switchPersonLogin(
      found.severalLogins.client,
      needed(found.otherLogin, "a second login").codigo,
      found.otherLogin.base ?? null,
    ),

  // Single sign-on: the provider's answer comes from the local identity providers, played as the browser would.
  "identity/sso.server#oidcAuthorize": async ({ pub, found }) => {
    found.oidc = await (await import("~/lib/api/identity/sso.server")).oidcAuthorize(pub, "ana.souza@example.org", "/meupergamum");
    return found.oidc;
  },
  "identity/sso.server#oidcValidar": async ({ pub, found }) => {
    const callback = await playBrowserAtProvider(found.oidc.link, { username: "ana", password: "sso1234" }, PORTAL);
    return (await import("~/lib/api/identity/sso.server")).oidcValidar(pub, found.oidc.nonce, callback);
  },
  "identity/sso.server#samlLogin": async ({ pub, found }) => {
    found.saml = await (await import("~/lib/api/identity/sso.server")).samlLogin(pub, "/meupergamum");
    return found.saml;
  },
  "identity/sso.server#samlValidar": async ({ pub, found }) => {
    // The AuthnRequest's ID, which the IdP's response answers (deflated + base64 in the link).
    const xml = (await import("node:zlib"))
      .inflateRawSync(Buffer.from(new URL(found.saml.link).searchParams.get("SAMLRequest")!, "base64"))
      .toString();
    const response = await saml.signedResponse("ana.souza@example.org", /ID="([^"]+)"/.exec(xml)![1]);
    return (await import("~/lib/api/identity/sso.server")).samlValidar(pub, response, found.saml.nonce);
  },

  "identity/sso.server#samlSpMetadata": async ({ pub }) => (await import("~/lib/api/identity/sso.server")).samlSpMetadata(pub),
  "identity/sso.server#samlLogout": async ({ pub }) =>
    (await import("~/lib/api/identity/sso.server")).samlLogout(pub, await saml.logoutRequest("ana.souza@example.org")),

  // Password recovery (the code arrives by e-mail: read from the demo mailer's outbox).
  "identity/recovery.server#startRecovery": async ({ pub }) => (await import("~/lib/api/identity/recovery.server")).startRecovery(pub, "comunidade"),
  "identity/recovery.server#validateRecoveryCode": async ({ pub, found }) => {
    found.recoveryCode = recoveryCode();
    return (await import("~/lib/api/identity/recovery.server")).validateRecoveryCode(pub, "comunidade", found.recoveryCode);
  },
  "identity/recovery.server#changeRecoveredPassword": async ({ pub, found }) =>
    (await import("~/lib/api/identity/recovery.server")).changeRecoveredPassword(pub, "comunidade", found.recoveryCode, "Recuperada#2026"),

  // The user swap ends the session: last of the patron's calls.
  "account/declarations.server#swapUser": async () =>
    (await import("~/lib/api/account/declarations.server")).swapUser(recording(await clientFor("posgrad")), "demo"),
};

function needed<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`no demo data: ${what}`);
  return value;
}
function expectValue<T>(value: T, expected: T): T {
  expect(value).toEqual(expected);
  return value;
}
function expectPresent<T>(value: T | null): T {
  expect(value).not.toBeNull();
  return value!;
}

/** The token of the last e-mail confirmation link the demo mailer sent to `address` (ADR 236). */
function emailLinkToken(address: string): string {
  for (const m of [...(t.outbox as Array<{ to: string[]; text: string }>)].reverse()) {
    const token = m.to.includes(address) ? /confirmar-email\?token=([\w-]+)/.exec(m.text)?.[1] : undefined;
    if (token) return token;
  }
  throw new Error(`no confirmation link to ${address} in the outbox`);
}

/** The last recovery code the demo mailer sent. */
function recoveryCode(): string {
  const texts = t.outbox.map((m) => JSON.stringify(m));
  for (let i = texts.length - 1; i >= 0; i--) {
    const code = texts[i].match(/\b(\d{6,8})\b/)?.[1];
    if (code) return code;
  }
  throw new Error("no recovery code in the outbox");
}

/**
 * Differences between a call's schema and the reference API's answer that are meant: the portal reads a field
 * another Pergamum-compatible backend sends and this API has no use for, by case and path prefix, with why.
 */
const ACCEPTED_DRIFT: Record<string, string[]> = {
  // `dias` belongs to the due-soon notice only; the case reads the whole list, where the other notices lack it.
  "account/notifications.server#getNotificationPreferences": [".eventos[].dias"],
  "account/notifications.server#saveNotificationPreferences": [".eventos[].dias"],
  // An unsubscribe link names a notice or a saved search, never both; the case's link names a notice.
  "account/notifications.server#describeUnsubscribe": [".pesquisa"],
  "account/notifications.server#confirmUnsubscribe": [".pesquisa"],
};

/** The client calls whose success needs more than the demo library has (each names what it would need). */
const SKIPPED: Record<string, string> = {};

beforeAll(async () => {
  oidc = await startOidcProvider({ host: "127.0.0.1", port: await freePort(), portalUrl: PORTAL, clientId: "estante", clientSecret: "contract" });
  saml = await startSamlIdp({ host: "127.0.0.1", port: await freePort(), portalUrl: PORTAL });
  const sso = readSsoConfig({
    PUBLIC_URL: PORTAL,
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: "estante",
    OIDC_CLIENT_SECRET: "contract",
    SAML_IDP_METADATA_URL: saml.metadataUrl,
    SAML_LOGOUT_URL: saml.logoutUrl,
  });
  t = await createDemoTestApi({ sso });
  transport = inProcessTransport(async (request) => t.app.fetch(request), 30_000);
  const [pub, demo, leitora, professor, posgrad, funcionario, comunidade] = await Promise.all([
    clientFor(),
    clientFor("demo"),
    clientFor("leitora"),
    clientFor("professor"),
    clientFor("posgrad"),
    clientFor("funcionario"),
    clientFor("comunidade"),
  ]);
  ctx = { pub, demo, leitora, professor, posgrad, funcionario, comunidade, found: {} };
  // Every client a case uses records its answers' drift.
  for (const k of ["pub", "demo", "leitora", "professor", "posgrad", "funcionario", "comunidade"] as const) ctx[k] = recording(ctx[k]);
  const found = ctx.found;
  found.title = await titleFor("historia");
  // The demo records a title page's parts need (found once, as the e2e fixtures find them).
  found.extrasTitle = (
    await row(t.db.selectFrom("plano_bibliografia").select("cod_acervo").orderBy("cod_acervo").executeTakeFirst(), "a title a teaching plan cites")
  ).cod_acervo;
  found.serial = (await row(t.db.selectFrom("fasciculo").select("cod_acervo").executeTakeFirst(), "a periodical with issues")).cod_acervo;
  found.authority = (
    await row(t.db.selectFrom("acervo_autoridade").select("cod_autoridade").executeTakeFirst(), "a title's authority")
  ).cod_autoridade;
  found.restricted = await row(
    t.db.selectFrom("acervo_link").select(["cod_acervo", "cod_link"]).where("restrito", "=", 1).executeTakeFirst(),
    "a restricted link",
  );
  found.lentTitle = (
    await row(
      t.db.selectFrom("emprestimo as m").innerJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar").select("e.cod_acervo").executeTakeFirst(),
      "a loan",
    )
  ).cod_acervo;
  found.waitingTitle = (await row(t.db.selectFrom("lista_espera").select("cod_acervo").executeTakeFirst(), "a waiting list")).cod_acervo;
  // A title no copy of which is available, with a copy that takes holds and no hold of comunidade.
  found.holdable = await row(
    t.db
      .selectFrom("exemplar as e")
      .select(["e.cod_acervo", "e.cod_biblioteca"])
      .where("e.situacao", "=", "emprestado")
      .where("e.permite_reserva", "=", 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("exemplar as o").select("o.cod_exemplar").whereRef("o.cod_acervo", "=", "e.cod_acervo").where("o.situacao", "=", "disponivel"),
          ),
        ),
      )
      .executeTakeFirst(),
    "a lent title that takes holds",
  );
  // The demo has no such title in two libraries: a second copy, lent too, lets the pickup library change.
  const otherLibrary = await row(
    t.db.selectFrom("biblioteca").select("cod_biblioteca").where("cod_biblioteca", "<>", found.holdable.cod_biblioteca).executeTakeFirst(),
    "a second library",
  );
  await t.db
    .insertInto("exemplar")
    .values({
      cod_acervo: found.holdable.cod_acervo,
      cod_biblioteca: otherLibrary.cod_biblioteca,
      codigo_barras: "CONTRATO-1",
      situacao: "emprestado",
      permite_reserva: 1,
    })
    .execute();
  // A title with a copy available for loan, for a loan request.
  found.lendable = (
    await row(
      t.db
        .selectFrom("exemplar")
        .select("cod_acervo")
        .where("situacao", "=", "disponivel")
        .where("tipo_emprestimo", "<>", "consulta_local")
        .orderBy("cod_exemplar", "desc")
        .executeTakeFirst(),
      "a copy available for loan",
    )
  ).cod_acervo;
  // A person with several logins (ADR 172), signed in under one of them.
  const several = await row(
    t.db
      .selectFrom("login")
      .select(["cod_pessoa", "usuario"])
      .where(
        "cod_pessoa",
        "in",
        t.db
          .selectFrom("login")
          .select("cod_pessoa")
          .groupBy("cod_pessoa")
          .having((eb) => eb.fn.countAll(), ">", 1),
      )
      .executeTakeFirst(),
    "a person with several logins",
  );
  found.severalLogins = { login: several.usuario, client: recording(await clientFor(several.usuario)) };
}, 180_000);
afterAll(async () => {
  await t?.cleanup();
  await oidc?.close();
  await saml?.close();
});

describe("the portal's client against the reference API (contract)", () => {
  it("has a case for every call of the portal's client, and no case for a call that no longer exists", () => {
    const calls = [...clientCalls().keys()].filter((k) => !(k in NOT_CALLS)).sort();
    expect(calls.length).toBeGreaterThan(100);
    expect(Object.keys(CASES).sort()).toEqual(calls);
  });

  for (const [name, run] of Object.entries(CASES)) {
    it.skipIf(name in SKIPPED)(`${name} parses the reference API's answer, every field it reads present and no fallback used`, async () => {
      drifts = new Map();
      try {
        await run(ctx);
      } catch (error) {
        // Name the drift: the API's refusal (status, code, field errors) or the portal schema's complaint.
        if (error instanceof ApiError)
          throw new Error(
            `${name}: the API answered ${error.status} ${JSON.stringify({ code: error.code, message: error.message, errors: error.errors })}`,
          );
        if ((error as z.ZodError)?.issues)
          throw new Error(`${name}: the portal's schema refused the answer: ${JSON.stringify((error as z.ZodError).issues)}`);
        throw error;
      }
      const accepted = ACCEPTED_DRIFT[name] ?? [];
      const left = [...drifts].flatMap(([call, found]) =>
        [...found].filter((d) => !accepted.some((a) => d.startsWith(a))).map((d) => `${call} ${d}`),
      );
      expect(left, `${name}: the portal's schema and the API's answer differ`).toEqual([]);
    });
  }
});
