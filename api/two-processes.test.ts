/**
 * Two API processes sharing one PostgreSQL database (issue 27: several portal processes, on several machines,
 * on one database). Runs only with TEST_DATABASE_URL (scripts/test-api-postgres.sh): two servers started as
 * users start them (`server.ts` with API_ONLY=1) on two 127.0.0.1 ports of a fresh database, and `npm run
 * import` as the catalogue's writer, a process of its own beside them. It checks that
 * - the hourly job (due-date reminders) runs once per period: both processes try, one runs it (the database
 *   names that one);
 * - titles written while both serve are counted exactly in the facets of each process (the facet columns each
 *   keeps in memory follow the catalogue's change log, ADR 105);
 * - a writer killed with SIGKILL half-way loses none of what it committed (whole titles, found and counted by
 *   both), and a server killed with SIGKILL leaves the other answering every request.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "./boot.ts";
import { openDatabase, type Db } from "./db/index.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { importFiles } from "./marc/import.ts";
import type { MarcRecord } from "./marc/types.ts";
import { toIso2709 } from "./marc/write.ts";
import { REMINDER_TASK } from "./jobs/reminders.ts";
import { seedInstitution } from "./seed/institution.ts";

const root = path.resolve(import.meta.dirname, "..");
const admin = process.env.TEST_DATABASE_URL;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "estante-two-"));
const dbName = `estante_two_${process.pid}`;

/** A book with `word` in its title, in language `lang` (MARC 008/35-37), one copy. */
function book(id: string, title: string, lang: string): MarcRecord {
  return {
    leader: "00000nam a2200000 a 4500",
    fields: [
      { tag: "001", value: id },
      { tag: "003", value: "TWOPROC" },
      { tag: "008", value: `200101s2020    bl            000 0 ${lang} d` },
      { tag: "245", ind1: "1", ind2: "0", subfields: [{ code: "a", value: title }] },
      {
        tag: "952",
        ind1: " ",
        ind2: " ",
        subfields: [
          { code: "a", value: "BC" },
          { code: "p", value: `BC-${id}` },
        ],
      },
    ],
  };
}

function marcFile(name: string, records: MarcRecord[]): string {
  const file = path.join(work, name);
  fs.writeFileSync(file, Buffer.concat(records.map(toIso2709)));
  return file;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A child process with its output collected; `waitFor` resolves when a line matching `re` has been printed. */
interface Child {
  proc: ChildProcess;
  out: () => string;
  waitFor: (re: RegExp, ms?: number) => Promise<void>;
  exited: Promise<void>;
}

function start(args: string[], env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const waiters: Array<() => void> = [];
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const w of waiters.splice(0)) w();
  };
  proc.stdout!.on("data", onData);
  proc.stderr!.on("data", onData);
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  const waitFor = (re: RegExp, ms = 90_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${re} in:\n${out}`)), ms);
      const check = () => {
        if (re.test(out)) {
          clearTimeout(timer);
          resolve();
        } else if (proc.exitCode !== null || proc.signalCode !== null) {
          clearTimeout(timer);
          reject(new Error(`the process ended (${proc.exitCode ?? proc.signalCode}) before ${re}:\n${out}`));
        } else waiters.push(check);
      };
      check();
    });
  return { proc, out: () => out, waitFor, exited };
}

interface Server extends Child {
  base: string;
  token: string;
}

async function startServer(url: string, port: number): Promise<Server> {
  const child = start(["server.ts"], {
    API_ONLY: "1",
    NODE_ENV: "production",
    WEB_CONCURRENCY: "1",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: url,
    DATA_DIR: path.join(work, `data-${port}`),
    SESSION_SECRET: "two-processes-test-secret-0123456789abcdef",
  });
  await child.waitFor(/listening on/);
  const base = `http://127.0.0.1:${port}`;
  const res = await fetch(`${base}/api/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials&client_id=4",
  });
  expect(res.status).toBe(200);
  return { ...child, base, token: ((await res.json()) as { access_token: string }).access_token };
}

interface Facet {
  tipo: string;
  codigo: string;
  total: number;
}

/** The hits and the language facet (`I`) of search `termo` as server `s` answers them. */
async function searchOn(s: Server, termo: string): Promise<{ total: number; languages: Record<string, number> }> {
  const headers = { authorization: `Bearer ${s.token}` };
  const hits = await fetch(`${s.base}/api/consulta?${new URLSearchParams({ termo })}`, { headers });
  expect(hits.status).toBe(200);
  const facets = await fetch(`${s.base}/api/consulta/filtros?${new URLSearchParams({ termo })}`, { headers });
  expect(facets.status).toBe(200);
  const languages: Record<string, number> = {};
  for (const f of ((await facets.json()) as { filtros: Facet[] }).filtros) if (f.tipo === "I") languages[f.codigo] = f.total;
  return { total: ((await hits.json()) as { total: number }).total, languages };
}

/** What the database holds: titles with `termo` in their title, by language code, as the facet names them. */
async function truth(db: Db, like: string): Promise<{ total: number; languages: Record<string, number> }> {
  const rows = await db
    .selectFrom("acervo")
    .select(["idioma", sql<number>`count(*)`.as("n")])
    .where("titulo", "like", like)
    .groupBy("idioma")
    .execute();
  const languages: Record<string, number> = {};
  for (const r of rows) if (r.idioma) languages[r.idioma] = Number(r.n);
  return { total: rows.reduce((a, r) => a + Number(r.n), 0), languages };
}

const importCli = (url: string, file: string) =>
  start(["api/marc/cli.ts", "--no-bulk", file], { DATABASE_URL: url, DATA_DIR: path.join(work, "cli") });

describe.skipIf(!admin)("two API processes on one PostgreSQL database", () => {
  let url = "";
  let db: Db;
  let a: Server;
  let b: Server;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await run(`CREATE DATABASE ${dbName}`);
    const u = new URL(admin!);
    u.pathname = `/${dbName}`;
    url = u.toString();
    db = openDatabase({ databaseUrl: url, dataDir: work });
    // The library's own catalogue, prepared once (the servers' starts then only migrate): 12 titles.
    await migrateToLatest(db);
    await seedInstitution(db);
    await importFiles(
      db,
      [
        marcFile(
          "first.mrc",
          Array.from({ length: 12 }, (_, i) => book(`P${i}`, `Atlas de astronomia ${i}`, "por")),
        ),
      ],
      { codEmpresa: 1 },
    );
    await prepareDatabase(db, {
      log: () => {},
      importDemoCatalogue: async () => {
        throw new Error("no demo catalogue on a library's own catalogue");
      },
    });
    const [pa, pb] = [await freePort(), await freePort()];
    [a, b] = await Promise.all([startServer(url, pa), startServer(url, pb)]);
  }, 180_000);

  afterAll(async () => {
    for (const s of [a, b]) if (s && s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill("SIGKILL");
    await Promise.all([a?.exited, b?.exited]);
    await db?.destroy();
    if (url) await run(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("runs the hourly job once per period: both processes try, one runs it", async () => {
    const ran = /due-date reminders for the period from (\S+) ran here/;
    const skipped = /due-date reminders for the period from (\S+): run by another process/;
    const either = new RegExp(`${ran.source}|${skipped.source}`);
    await Promise.all([a.waitFor(either), b.waitFor(either)]);
    // Each process's first period, and whether it ran it. Both normally try the same hour; if they started on either
    // side of an hour's start, each tried its own, and each period still has exactly one runner.
    const tried = [a, b].map((s) => {
      const m = new RegExp(either.source).exec(s.out())!;
      return { s, period: (m[1] ?? m[2]).replace(/:$/, ""), ran: m[1] !== undefined };
    });
    for (const period of new Set(tried.map((t) => t.period))) {
      const here = tried.filter((t) => t.period === period);
      if (here.length === 2) expect(here.filter((t) => t.ran).length).toBe(1);
      else expect(here[0].ran).toBe(true);
    }
    // The database names the process that ran the latest period.
    const last = tried.filter((t) => t.ran).sort((x, y) => (x.period < y.period ? 1 : -1))[0];
    const row = await db.selectFrom("tarefa_exclusiva").select(["dono", "ate"]).where("nome", "=", REMINDER_TASK).executeTakeFirstOrThrow();
    expect(row.dono?.startsWith(`${last.s.proc.pid}-`)).toBe(true);
    expect(row.ate).toBe(last.period);
  });

  it("counts titles another process wrote exactly, in both processes' facets", async () => {
    // Both read (and build their facet columns) before the write.
    for (const s of [a, b]) expect(await searchOn(s, "astronomia")).toEqual({ total: 12, languages: { por: 12 } });
    const writer = importCli(
      url,
      marcFile(
        "more.mrc",
        Array.from({ length: 5 }, (_, i) => book(`F${i}`, `Astronomia francesa ${i}`, "fre")),
      ),
    );
    await writer.exited;
    expect(writer.proc.exitCode, writer.out()).toBe(0);
    const expected = await truth(db, "%stronomia%");
    expect(expected).toEqual({ total: 17, languages: { por: 12, fre: 5 } });
    for (const s of [a, b]) expect(await searchOn(s, "astronomia")).toEqual(expected);
  }, 60_000);

  it("loses nothing a killed writer committed, and one server killed leaves the other serving", async () => {
    // 2,500 titles: the import commits them 1,000 at a time; it is killed once the first thousand are in.
    const total = 2_500;
    const file = marcFile(
      "big.mrc",
      Array.from({ length: total }, (_, i) => book(`E${i}`, `Cometas e planetas ${i}`, "eng")),
    );
    const writer = importCli(url, file);
    const count = async () => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM acervo WHERE titulo LIKE 'Cometas%'`.execute(db)).rows[0].n);
    const deadline = Date.now() + 45_000;
    while ((await count()) === 0 && Date.now() < deadline && writer.proc.exitCode === null) await new Promise((r) => setTimeout(r, 25));
    writer.proc.kill("SIGKILL");
    await writer.exited;
    expect(writer.proc.signalCode).toBe("SIGKILL");
    const committed = await count();
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(total);
    // Whole titles: every committed title has its copy and is found by the search, in both processes.
    const copies = Number(
      (
        await sql<{
          n: number;
        }>`SELECT count(*) AS n FROM exemplar e JOIN acervo a ON a.cod_acervo = e.cod_acervo WHERE a.titulo LIKE 'Cometas%'`.execute(db)
      ).rows[0].n,
    );
    expect(copies).toBe(committed);
    const expected = await truth(db, "Cometas%");
    expect(expected).toEqual({ total: committed, languages: { eng: committed } });
    for (const s of [a, b]) expect(await searchOn(s, "cometas")).toEqual(expected);

    // Server A killed while both serve a stream of searches: B answers every one, before and after.
    const statuses: number[] = [];
    let stop = false;
    const stream = (async () => {
      while (!stop) {
        // A refused connection counts as status 0.
        const status = await fetch(`${b.base}/api/consulta?termo=planetas`, { headers: { authorization: `Bearer ${b.token}` } }).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 0,
        );
        statuses.push(status);
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    a.proc.kill("SIGKILL");
    await a.exited;
    await new Promise((r) => setTimeout(r, 500));
    stop = true;
    await stream;
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await searchOn(b, "cometas")).toEqual(expected);
    // The import run again completes the file: nothing twice, nothing missing.
    const again = importCli(url, file);
    await again.exited;
    expect(again.proc.exitCode, again.out()).toBe(0);
    expect(await count()).toBe(total);
    expect(await searchOn(b, "cometas")).toEqual({ total, languages: { eng: total } });
  }, 120_000);
});
