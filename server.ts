/**
 * Estante's single Node entry point (`npm start`).
 *
 * - `/api/*` is the embedded reference library API (unless API_BASE_URL points at another backend).
 * - Everything else is the React Router portal, server-rendered.
 * - WEB_CONCURRENCY > 1 forks that many workers (node:cluster); the primary prepares the database first.
 * - API_ONLY=1 serves just the reference API (to run it as a separate process).
 */
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ServerBuild } from "react-router";
import { z } from "zod";
import { createApiApp } from "./api/app.ts";
import { warmCitationEngine } from "./api/domain/citation-engine.ts";
import { CLIENT_IP_HEADER } from "./api/lib/http.ts";
import { prepareDatabase } from "./api/boot.ts";
import { applyInstitutionSettings, parseInstitutionSettings } from "./api/seed/institution-settings.ts";
import { startReminderTimer } from "./api/jobs/reminders.ts";
import { addressProblem, createSmtpTransport, mailerFromEnv, mailSettingsFromEnv, smtpUrlProblem, startMailSender } from "./api/mail/index.ts";
import { openDatabase } from "./api/db/index.ts";
import { sqliteBinaryProblem } from "./api/db/sqlite-binary.ts";
import { importDemoCatalogue } from "./api/marc/demo.ts";
import { importNetworkCatalogue } from "./api/seed/network.ts";
import { createRouteSubsetHandler } from "./app/framework/route-subsets.server.ts";
import { applySecurityHeaders, parseEmbedOrigins } from "./app/lib/security-headers.ts";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** An optional setting that `problem` checks (its answer is the error message). */
const checkedBy = (problem: (v: string) => string | null) =>
  z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const why = v ? problem(v) : null;
      if (why) ctx.addIssue({ code: "custom", message: why });
    });

const EnvSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|file:|sqlite:)/, "must be postgres://… or a sqlite file: URL")
    .optional(),
  API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  API_ONLY: z.enum(["0", "1", "true", "false"]).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PRODUCT_SLUG: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, "lower-case letters, digits and dashes")
    .optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  // Outgoing mail (ADR 197): the SMTP server, the sender and the Reply-To address.
  SMTP_URL: checkedBy(smtpUrlProblem),
  MAIL_FROM: checkedBy(addressProblem),
  MAIL_REPLY_TO: checkedBy(addressProblem),
  TRUST_PROXY: z.enum(["0", "1", "true", "false"]).optional(),
  // How long the portal waits for an API call before answering 503 (milliseconds).
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).optional(),
  // Makes the reference API's network (OAI) catalogue answer 500, to see and test its failure (ADR 063).
  NETWORK_UNAVAILABLE: z.enum(["0", "1", "true", "false"]).optional(),
  // Seeds the demo patrons on the first start of a library's own (imported) catalogue too (ADR 100).
  DEMO_PATRONS: z.enum(["0", "1", "true", "false"]).optional(),
  // Institution parameters and public activities applied at every start (JSON, ADR 171).
  INSTITUTION_SETTINGS: z.string().optional(),
  // Offers the federal government's VLibras widget to patrons who turn Libras on (off by default; ADR 256).
  VLIBRAS: z.enum(["0", "1", "true", "false"]).optional(),
  // Origins besides this one that may frame the embedded login, space-separated (ADR 174).
  LOGIN_EMBED_ORIGINS: z
    .string()
    .optional()
    .refine((v) => {
      try {
        parseEmbedOrigins(v);
        return true;
      } catch {
        return false;
      }
    }, "space-separated origins such as https://www.example.edu"),
});

function readEnv() {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    console.error(`Estante cannot start: the configuration is invalid.\n${lines.join("\n")}`);
    process.exit(1);
  }
  return parsed.data;
}

const env = readEnv();
const dataDir = path.resolve(env.DATA_DIR);
const apiOnly = env.API_ONLY === "1" || env.API_ONLY === "true";
const embeddedApi = apiOnly || !env.API_BASE_URL;
const log = (msg: string) => console.log(`[estante] ${msg}`);

/** The session secret is generated once and kept in DATA_DIR, so restarts keep patrons signed in. */
function ensureSessionSecret() {
  if (env.SESSION_SECRET) return;
  const file = path.join(dataDir, "session-secret");
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
    if (env.NODE_ENV === "production") {
      console.warn(`[estante] SESSION_SECRET is not set: generated one in ${file}. Set it explicitly when you run several machines.`);
    }
  }
  process.env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
}

function openDb() {
  return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
}

async function prepare() {
  fs.mkdirSync(dataDir, { recursive: true });
  ensureSessionSecret();
  if (!embeddedApi) return;
  // A better-sqlite3 built from source against Node 24.19+'s headers aborts at a garbage collection (ADR 235).
  const sqliteProblem = env.DATABASE_URL?.startsWith("postgres") ? null : sqliteBinaryProblem();
  if (sqliteProblem) console.warn(`[estante] ${sqliteProblem}`);
  const db = openDb();
  await prepareDatabase(db, {
    log,
    importDemoCatalogue: (d) => importDemoCatalogue(d, log, projectRoot),
    importNetworkCatalogue: (d) => importNetworkCatalogue(d, log, projectRoot),
    demoPatrons: env.DEMO_PATRONS === "1" || env.DEMO_PATRONS === "true",
  });
  if (env.INSTITUTION_SETTINGS) {
    await applyInstitutionSettings(db, parseInstitutionSettings(env.INSTITUTION_SETTINGS));
    log("INSTITUTION_SETTINGS applied");
  }
  await db.destroy();
}

/**
 * The largest form body the portal accepts. Its forms carry a few short fields (the longest is a comment or a
 * suggestion); a megabytes-long "password" would only tie a worker up hashing and parsing it.
 */
const PORTAL_BODY_LIMIT = 64 * 1024;

/** The Retry-After of every 503 (the API unreachable or too slow): long enough for a restart. */
const RETRY_AFTER_SECONDS = 30;

/** Bodies the portal's forms send (plain HTML forms, and React Router's enhanced submissions). */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** A minimal page the front server answers by itself, in Portuguese with an English line (the CSP is added later). */
function plainPage(title: string, pt: string, en: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${pt} <span lang="en">${en}</span></p><p><a href="/">Página inicial</a></p></main></body></html>`;
}

/**
 * Refuses a cross-site state-changing request before React Router sees it (whose own Origin check would
 * answer a bare 400): Sec-Fetch-Site names other sites, or the Origin is not this host.
 */
function isCrossSitePost(req: Request): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  // The SAML IdP's answer is a cross-site POST by design; it is checked as a signed assertion (ADR 160).
  if (new URL(req.url).pathname === "/saml-response") return false;
  const site = req.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return true;
  const origin = req.headers.get("origin");
  if (!origin) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).host !== new URL(req.url).host;
  } catch {
    return true;
  }
}

/**
 * The SAML IdP's POST to /saml-response comes from the IdP's origin by design (ADR 160); React Router's own
 * action origin check would refuse it, so its Origin is dropped. What protects that answer is the API's check
 * of the signed assertion against the login this browser started (its nonce cookie), not the origin.
 */
function asSameOriginIfSamlAnswer(req: Request): Request {
  if (req.method !== "POST" || new URL(req.url).pathname !== "/saml-response" || !req.headers.has("origin")) return req;
  const headers = new Headers(req.headers);
  headers.delete("origin");
  return new Request(req.url, { method: req.method, headers, body: req.body, signal: req.signal, duplex: "half" } as RequestInit);
}

const FORBIDDEN_PAGE = plainPage(
  "Solicitação recusada",
  "Esta solicitação veio de outro site e foi recusada.",
  "This request came from another site and was refused.",
);
const TOO_LARGE_PAGE = plainPage(
  "Envio grande demais",
  "O formulário enviado passa do tamanho permitido. Volte e envie um texto mais curto.",
  "The form you sent is larger than allowed. Go back and send a shorter text.",
);
const NOT_A_FORM_PAGE = plainPage(
  "Formato não aceito",
  "Esta página aceita apenas envios de formulário.",
  "This page only accepts form submissions.",
);

/**
 * True for a POST that declares no type and no body: what Lynx and other text browsers send for a form whose only
 * control is an unnamed button (ADR 151). It is an empty form, not a foreign format.
 */
function isBodilessPost(req: Request): boolean {
  if (req.method !== "POST" || req.headers.has("content-type") || req.headers.has("transfer-encoding")) return false;
  const length = req.headers.get("content-length");
  return length === null || length.trim() === "0";
}

/** The same request as an empty urlencoded form, so every action reads it as a form with no fields. */
function asEmptyForm(req: Request): Request {
  const headers = new Headers(req.headers);
  headers.set("content-type", "application/x-www-form-urlencoded");
  headers.delete("content-length");
  return new Request(req.url, { method: req.method, headers, body: "", signal: req.signal });
}

const MALFORMED_FORM_PAGE = plainPage(
  "Formulário ilegível",
  "O formulário enviado não pôde ser lido. Volte à página e envie-o novamente.",
  "The form you sent could not be read. Go back to the page and send it again.",
);

/**
 * A multipart body the portal's actions could not read (no boundary, a broken part) is answered 400 here:
 * React Router's `request.formData()` would throw it as a 500. The body is at most PORTAL_BODY_LIMIT bytes,
 * read once and handed on as a buffer. Null when the body is not a readable multipart form.
 */
async function readableMultipart(req: Request): Promise<Request | null> {
  const body = await req.arrayBuffer();
  try {
    await new Response(body, { headers: { "content-type": req.headers.get("content-type") ?? "" } }).formData();
  } catch {
    return null;
  }
  return new Request(req.url, { method: req.method, headers: req.headers, body, signal: req.signal });
}

function isMultipart(req: Request): boolean {
  return (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase() === "multipart/form-data";
}

/** True for a state-changing request whose body is not a form (JSON, XML, a body of no declared type). */
function isNotAForm(req: Request): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  return !FORM_TYPES.includes(type);
}

/**
 * Without a trusted proxy, X-Forwarded-* are whatever the client typed: they are removed, so nothing behind
 * (the session cookie's name and Secure flag, redirects) follows a client-sent `X-Forwarded-Proto: https`.
 */
function withoutForwardedHeaders(req: Request): Request {
  if (!req.headers.has("x-forwarded-proto") && !req.headers.has("x-forwarded-host")) return req;
  const headers = new Headers(req.headers);
  headers.delete("x-forwarded-proto");
  headers.delete("x-forwarded-host");
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(req.url, {
    method: req.method,
    headers,
    body: hasBody ? req.body : undefined,
    signal: req.signal,
    duplex: "half",
  } as RequestInit);
}

/**
 * Behind a TLS-terminating proxy (TRUST_PROXY=1), the public scheme and host come from X-Forwarded-*: they
 * become the request's URL, which is all the portal reads (`isHttps` looks at the URL only).
 */
function publicRequest(req: Request): Request {
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0].trim();
  const host = req.headers.get("x-forwarded-host")?.split(",")[0].trim();
  if (!proto && !host) return req;
  const url = new URL(req.url);
  if (proto === "http" || proto === "https") url.protocol = `${proto}:`;
  if (host && /^[a-z0-9.:[\]-]+$/i.test(host)) url.host = host;
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers: req.headers,
    body: hasBody ? req.body : undefined,
    signal: req.signal,
    duplex: "half",
  } as RequestInit);
}

/**
 * The visitor's address: the connection's, or behind a trusted proxy (TRUST_PROXY=1) the last entry of
 * X-Forwarded-For (the one that proxy appended). Login throttling and the basket e-mail limits count by it.
 */
function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").pop()?.trim();
    if (forwarded && /^[0-9a-f.:]{2,45}$/i.test(forwarded)) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** The request with the client-address header set by this server (whatever the client sent is replaced). */
function withClientAddress(req: Request, address: string): Request {
  const headers = new Headers(req.headers);
  headers.set(CLIENT_IP_HEADER, address);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(req.url, {
    method: req.method,
    headers,
    body: hasBody ? req.body : undefined,
    signal: req.signal,
    duplex: "half",
  } as RequestInit);
}

/**
 * The URL paths serveStatic would answer from the client build outside /assets: its files, and a folder
 * holding an index.html (the build has neither subfolders nor index pages today, but the list follows it).
 */
function publicFilePaths(clientDir: string): Set<string> {
  const paths = new Set<string>();
  if (!fs.existsSync(clientDir)) return paths;
  for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (rel.startsWith("assets/")) continue;
    paths.add(`/${rel}`);
    if (entry.name === "index.html") {
      const dir = rel.slice(0, -"index.html".length);
      paths.add(`/${dir}`);
      if (dir) paths.add(`/${dir.slice(0, -1)}`);
    }
  }
  return paths;
}

async function createServerApp() {
  const app = new Hono();
  const trustProxy = env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true";
  app.use(async (c, next) => {
    await next();
    // https as the visitor sees it: the connection itself, or what a trusted TLS proxy reports.
    const forwarded = trustProxy ? c.req.header("x-forwarded-proto")?.split(",")[0].trim() : undefined;
    const https = forwarded ? forwarded === "https" : new URL(c.req.url).protocol === "https:";
    applySecurityHeaders(c.res.headers, https);
    // "Unavailable" always says when to come back, for people's browsers and crawlers alike.
    if (c.res.status === 503 && !c.res.headers.has("Retry-After")) c.res.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  });

  const networkUnavailable = env.NETWORK_UNAVAILABLE === "1" || env.NETWORK_UNAVAILABLE === "true";
  const api = embeddedApi ? createApiApp({ db: openDb(), network: { unavailable: networkUnavailable } }) : null;
  if (api) app.all("/api/*", (c) => api.fetch(withClientAddress(c.req.raw, clientAddress(c, trustProxy))));
  // The citation engine compiles its styles in its own thread now, not on the first reference page (ADR 240).
  if (api) void warmCitationEngine().catch((e: unknown) => console.error("citation engine:", e));
  if (apiOnly) return app;

  const clientDir = path.join(projectRoot, "build/client");
  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), clientDir),
      onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  // The other public files (favicon, logo) are few and fixed per build: a page's path is checked against their
  // list, not looked up on disk on every request (ADR 210). A percent-encoded path is left to serveStatic.
  const publicFiles = publicFilePaths(clientDir);
  const servePublic = serveStatic({
    root: path.relative(process.cwd(), clientDir),
    onFound: (_p, c) => c.header("Cache-Control", "public, max-age=3600"),
  });
  app.use("*", (c, next) => (publicFiles.has(c.req.path) || c.req.path.includes("%") ? servePublic(c, next) : next()));

  const buildUrl = new URL("./server/index.js", import.meta.url).href;
  const build = (await import(buildUrl)) as ServerBuild;
  // A page is served by a handler over the routes its path can reach (ADR 210): React Router's per-route work on
  // every page is then that of 3–17 routes, not 89.
  const handler = createRouteSubsetHandler(build, "production");
  const createAppLoadContext = (build.entry.module as unknown as Record<string, unknown>).createAppLoadContext as (opts: {
    apiFetch?: (req: Request) => Promise<Response>;
  }) => Parameters<typeof handler>[1];
  const apiFetch = api ? async (req: Request) => api.fetch(req) : undefined;

  // The size check reads at most PORTAL_BODY_LIMIT bytes (a declared Content-Length is refused unread) and
  // hands React Router an equivalent request; nothing else reads the body before it.
  app.use("*", bodyLimit({ maxSize: PORTAL_BODY_LIMIT, onError: (c) => c.html(TOO_LARGE_PAGE, 413) }));
  app.all("*", async (c) => {
    const raw = withClientAddress(c.req.raw, clientAddress(c, trustProxy));
    const received = trustProxy ? publicRequest(raw) : withoutForwardedHeaders(raw);
    if (isCrossSitePost(received)) return c.html(FORBIDDEN_PAGE, 403);
    let req = isBodilessPost(received) ? asEmptyForm(received) : received;
    if (isNotAForm(req)) return c.html(NOT_A_FORM_PAGE, 415);
    if (isMultipart(req)) {
      const readable = await readableMultipart(req);
      if (!readable) return c.html(MALFORMED_FORM_PAGE, 400);
      req = readable;
    }
    return handler(asSameOriginIfSamlAnswer(req), createAppLoadContext({ apiFetch }));
  });
  return app;
}

async function startWorker() {
  const app = await createServerApp();
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    if (!cluster.isWorker || cluster.worker?.id === 1) {
      const what = apiOnly ? "reference API" : embeddedApi ? "portal + reference API" : `portal (API at ${env.API_BASE_URL})`;
      log(`${what} listening on http://${env.HOST ?? "localhost"}:${info.port}`);
    }
  });
  // An idle keep-alive connection stays open longer than a client or proxy keeps it (Node's 5 s would close
  // sockets that a client is about to reuse: a reset request, seen by the test suite's HTTP client). The headers
  // timeout stays above it, as Node requires for keep-alive to hold.
  if (server instanceof http.Server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/**
 * The background jobs run in the primary process only (one timer per machine, whatever the workers): the
 * due-date reminders, and with an SMTP server the outbox's sender, which also holds a lease in the database so
 * one process sends at a time across machines (ADR 197).
 */
function startJobs() {
  if (!embeddedApi) return;
  const db = openDb();
  startReminderTimer(db, mailerFromEnv(db, dataDir), { log });
  const mail = mailSettingsFromEnv();
  if (mail.smtpUrl) {
    startMailSender(db, createSmtpTransport(mail.smtpUrl), { from: mail.from, replyTo: mail.replyTo, log });
    log(`e-mail goes out through the outbox to ${new URL(mail.smtpUrl).host} (from ${mail.from})`);
  }
}

async function main() {
  if (cluster.isWorker) return startWorker();
  await prepare();
  startJobs();
  // One worker per core by default; the portal tier is stateless (state lives in cookies and the DB).
  const workers = env.WEB_CONCURRENCY ?? (env.NODE_ENV === "production" ? os.availableParallelism() : 1);
  if (workers <= 1) return startWorker();
  log(`starting ${workers} workers (of ${os.availableParallelism()} cores)`);
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (signal === "SIGTERM" || signal === "SIGINT" || code === 0) return;
    log(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stopAll = () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill("SIGTERM");
    process.exit(0);
  };
  process.on("SIGTERM", stopAll);
  process.on("SIGINT", stopAll);
}

main().catch((err) => {
  console.error("[estante] failed to start:", err instanceof Error ? err.message : err);
  process.exit(1);
});
