import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createApiApp } from "../app.ts";
import pg from "pg";
import { openDatabase, type Db } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { reindexAcervos } from "../search/index.ts";
import { seedInstitution } from "../seed/institution.ts";
import type { SsoConfig } from "../sso/config.ts";
import type { AuthSettings } from "./clock.ts";
import { seedPatrons } from "../seed/patrons.ts";
import { prepareDatabase } from "../boot.ts";
import { importDemoCatalogue } from "../marc/demo.ts";
import { importNetworkCatalogue } from "../seed/network.ts";

/** The staff credential (ADR 113) of every test API: /api/biblioteca answers calls that present it. */
export const TEST_STAFF_TOKEN = "test-staff-credential-0123456789abcdef";

/** A call on the staff channel with the test staff credential (`body` as JSON). */
export function staffRequest(app: App, method: string, url: string, body?: unknown, lang = "1") {
  return app.request(url, {
    method,
    headers: { authorization: `Bearer ${TEST_STAFF_TOKEN}`, lang, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A controllable clock for token expiry tests. */
export interface TestClock {
  now: () => number;
  advance: (seconds: number) => void;
}

/** Test fixture: a fresh SQLite database in a temp dir, seeded institution, and the API app. */
export async function createTestApi({
  patrons = true,
  titles = 12,
  sso,
  auth,
}: { patrons?: boolean; titles?: number; sso?: SsoConfig; auth?: Partial<Omit<AuthSettings, "now">> } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-api-"));
  // TEST_DATABASE_URL=postgres://… (CI): each test API gets a fresh PostgreSQL database, dropped afterwards.
  const pgDb = await freshPostgres();
  const db = openDatabase({ dataDir: dir, databaseUrl: pgDb?.url });
  await migrateToLatest(db);
  await seedInstitution(db);
  await db
    .insertInto("tipo_obra")
    .values([{ cod_tipo_obra: 1, descricao: "Livro" }])
    .execute();
  if (titles > 0) {
    await insertTitles(
      db,
      Array.from({ length: titles }, (_, i) => ({ titulo: `Obra de demonstração ${i + 1}`, copies: 1 })),
    );
  }
  if (patrons) await seedPatrons(db);
  let t = Date.now();
  const clock: TestClock = { now: () => t, advance: (s) => void (t += s * 1000) };
  const outbox: unknown[] = [];
  const app = createApiApp({
    db,
    auth: { ...auth, now: clock.now },
    mailer: { send: async (m) => void outbox.push(m) },
    sso,
    staffToken: TEST_STAFF_TOKEN,
  });
  const cleanup = async () => {
    await db.destroy();
    await pgDb?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // The database's own URL, for a second connection to it (a PostgreSQL URL, or undefined for SQLite's file).
  return { db, app, clock, outbox, cleanup, databaseUrl: pgDb?.url, dataDir: dir };
}

/**
 * Test fixture: the demo library as a first start makes it (the bundled catalogue, every demo patron and their
 * loans, holds, debits, requests…; api/boot.ts), on a fresh database, with the API app. Slower than
 * createTestApi (it imports the demo catalogue): for tests that need the whole demo, such as the contract test.
 */
export async function createDemoTestApi({ sso }: { sso?: SsoConfig } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-demo-"));
  const pgDb = await freshPostgres();
  const db = openDatabase({ dataDir: dir, databaseUrl: pgDb?.url });
  const root = path.resolve(import.meta.dirname, "../..");
  const quiet = () => {};
  await prepareDatabase(db, {
    log: quiet,
    importDemoCatalogue: (d) => importDemoCatalogue(d, quiet, root),
    importNetworkCatalogue: (d) => importNetworkCatalogue(d, quiet, root),
  });
  const outbox: unknown[] = [];
  const app = createApiApp({ db, mailer: { send: async (m) => void outbox.push(m) }, sso, staffToken: TEST_STAFF_TOKEN });
  const cleanup = async () => {
    await db.destroy();
    await pgDb?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { db, app, outbox, cleanup };
}

/** An institution, a campus and three libraries (ids 1–3, sigla L1–L3): what the importer's tests import into. */
export async function seedThreeLibraries(db: Db): Promise<void> {
  await db.insertInto("instituicao").values({ cod_empresa: 1, sigla: "T", nome: "Test" }).execute();
  await db.insertInto("campus").values({ cod_campus: 1, cod_empresa: 1, nome_campus: "Campus" }).execute();
  for (const i of [1, 2, 3]) {
    await db
      .insertInto("biblioteca")
      .values({ cod_biblioteca: i, cod_campus: 1, desc_biblioteca: `Lib ${i}`, sigla: `L${i}` })
      .execute();
  }
}

let pgSeq = 0;

/** A new, empty PostgreSQL database on the server of TEST_DATABASE_URL (none when it is unset). */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return null;
  const name = `estante_test_${process.pid}_${++pgSeq}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface TitleInput {
  titulo: string;
  subtitulo?: string;
  autor?: string;
  assuntos?: string[];
  idioma?: string;
  ano_publicacao?: number;
  editora?: string;
  local_publicacao?: string;
  edicao?: string;
  marc?: unknown;
  copies?: number;
}

let seq = 0;

/** Inserts titles (with `copies` available copies in library 1) and indexes them. */
export async function insertTitles(db: Db, titles: TitleInput[]): Promise<number[]> {
  const ids: number[] = [];
  for (const t of titles) {
    const row = await db
      .insertInto("acervo")
      .values({
        cod_empresa: 1,
        chave_origem: `test-${++seq}-${t.titulo}`,
        cod_tipo_obra: 1,
        titulo: t.titulo,
        subtitulo: t.subtitulo ?? null,
        autor: t.autor ?? null,
        assuntos: JSON.stringify(t.assuntos ?? []),
        idioma: t.idioma ?? "por",
        ano_publicacao: t.ano_publicacao ?? null,
        editora: t.editora ?? null,
        local_publicacao: t.local_publicacao ?? null,
        edicao: t.edicao ?? null,
        marc: JSON.stringify(t.marc ?? { leader: "00000nam a2200000 a 4500", fields: [] }),
      })
      .returning("cod_acervo")
      .executeTakeFirstOrThrow();
    ids.push(row.cod_acervo);
    for (let i = 0; i < (t.copies ?? 0); i++) {
      await db
        .insertInto("exemplar")
        .values({ cod_acervo: row.cod_acervo, cod_biblioteca: 1, codigo_barras: `T${row.cod_acervo}-${i + 1}`, chamada: "001 T" })
        .execute();
    }
  }
  await reindexAcervos(db, ids);
  return ids;
}

type App = ReturnType<typeof createApiApp>;

/**
 * A new patron without login (the domain rules' tests call functions, not HTTP), of category "08" (a limit of three
 * holds and of loan requests) unless `changes` say otherwise: blocked, unlinked, another category.
 */
export async function insertPatron(
  db: Db,
  changes: { bloqueado?: number; desvinculado_em?: string; cod_categoria?: string; nome_pessoa?: string } = {},
): Promise<number> {
  const row = await db
    .insertInto("pessoa")
    .values({ cod_empresa: 1, cod_categoria: "08", nome_pessoa: "Leitora de teste", ...changes })
    .returning("cod_pessoa")
    .executeTakeFirstOrThrow();
  return row.cod_pessoa;
}

/** POSTs a form-encoded token request. */
export function tokenRequest(app: App, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.request("/api/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ client_id: "4", ...fields }).toString(),
  });
}

/** A public (client_credentials) access token. */
export async function publicToken(app: App): Promise<string> {
  const res = await tokenRequest(app, { grant_type: "client_credentials" });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Logs a demo patron in and returns the token pair. */
export async function login(app: App, username: string, password = "demo1234") {
  const res = await tokenRequest(app, { grant_type: "password", username, password });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

/** GET with a bearer token (and optional lang header). */
export function get(app: App, url: string, token?: string, lang?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (lang) headers.lang = lang;
  return app.request(url, { headers });
}

/** A free TCP port on 127.0.0.1 (for a local identity provider). */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/**
 * Plays the browser at a local OIDC provider (scripts/idp): follows redirects with a cookie jar, signs in (or
 * refuses), and returns the query of the callback to `portal`.
 */
export async function playBrowserAtProvider(link: string, action: { username: string; password: string } | "abort", portal: string): Promise<string> {
  const jar = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
  let res = await go(link);
  const interaction = new URL(res.headers.get("location")!, link).href;
  await go(interaction);
  const form = action === "abort" ? "" : new URLSearchParams(action).toString();
  res = await go(`${interaction}/${action === "abort" ? "abort" : "login"}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
  for (let i = 0; i < 5; i++) {
    const next = new URL(res.headers.get("location") ?? "", link);
    if (next.origin === new URL(portal).origin) return next.search;
    res = await go(next.href);
  }
  throw new Error("the provider never sent the browser back");
}
