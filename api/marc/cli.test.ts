/**
 * `npm run import` and the first start after it, run as users run them: child processes on a fresh data
 * folder and on a demo database, checking what they print, their exit codes and what lands in the database.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "../boot.ts";
import { openDatabase } from "../db/index.ts";
import { freshPostgres } from "../lib/testing.ts";
import { addProfileItems, setProfileValidity } from "../db/interest-profiles.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedInstitution } from "../seed/institution.ts";
import { seedPatrons } from "../seed/patrons.ts";
import { searchAcervos } from "../search/index.ts";
import { demoFiles, importDemoCatalogue } from "./demo.ts";
import type { MarcRecord } from "./types.ts";
import { toIso2709 } from "./write.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "estante-cli-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function book(n: number, title: string, branch: string): MarcRecord {
  return {
    leader: "00000nam a2200000 a 4500",
    fields: [
      { tag: "001", value: `CLI${n}` },
      { tag: "003", value: "TESTLIB" },
      { tag: "008", value: "200101s2020    bl            000 0 por d" },
      { tag: "100", ind1: "1", ind2: " ", subfields: [{ code: "a", value: "Quintana, Mário," }] },
      { tag: "245", ind1: "1", ind2: "0", subfields: [{ code: "a", value: title }] },
      {
        tag: "952",
        ind1: " ",
        ind2: " ",
        subfields: [
          { code: "a", value: branch },
          { code: "p", value: `CLIBC${n}` },
        ],
      },
    ],
  };
}

/** Three good records and, as record #2 of 4, a fragment shorter than a leader. */
function writeFile(name: string): string {
  const file = path.join(work, name);
  const bad = Buffer.from("00012broken\x1d", "latin1");
  fs.writeFileSync(
    file,
    Buffer.concat([
      toIso2709(book(1, "Caderno H", "BC")),
      bad,
      toIso2709(book(2, "Espelho mágico", "BC")),
      toIso2709(book(3, "Sapato florido", "NOVA")),
    ]),
  );
  return file;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

const npmImport = (dataDir: string, ...files: string[]) => run("npm", ["run", "--silent", "import", "--", ...files], { DATA_DIR: dataDir });

async function counts(dataDir: string) {
  const db = openDatabase({ dataDir });
  const n = async (table: "acervo" | "exemplar" | "login" | "acervo_busca" | "biblioteca") =>
    Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0].n);
  const out = {
    acervo: await n("acervo"),
    exemplar: await n("exemplar"),
    login: await n("login"),
    indexed: await n("acervo_busca"),
    bibliotecas: await n("biblioteca"),
  };
  await db.destroy();
  return out;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe("npm run import", () => {
  const fresh = path.join(work, "fresh");
  let file: string;
  beforeAll(() => {
    file = writeFile("records.mrc");
  });

  it("imports into a fresh data folder, prints progress, a summary and the bad record's number, exits 0", async () => {
    const r = await npmImport(fresh, file);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^records\.mrc: 4 records$/m);
    expect(r.out).toMatch(/Read 4 records: 3 titles imported, 0 updated, 0 authorities, 3 copies, 1 skipped/);
    expect(r.out).toMatch(/records\.mrc record #2: record shorter than a leader/);
    const c = await counts(fresh);
    expect(c).toMatchObject({ acervo: 3, exemplar: 3, indexed: 3, login: 0 });
    // Branch codes became libraries: BC and NOVA.
    expect(c.bibliotecas).toBe(2);
  }, 120_000);

  it("--bulk imports the same way (reader threads, indexes rebuilt at the end), and says so", async () => {
    const dataDir = path.join(work, "bulk");
    const r = await run("npm", ["run", "--silent", "import", "--", "--bulk", file], { DATA_DIR: dataDir });
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Bulk mode: /m);
    expect(r.out).toMatch(/^records\.mrc: 4 records$/m);
    expect(r.out).toMatch(/Read 4 records: 3 titles imported, 0 updated, 0 authorities, 3 copies, 1 skipped/);
    expect(r.out).toMatch(/records\.mrc record #2: record shorter than a leader/);
    expect(await counts(dataDir)).toMatchObject({ acervo: 3, exemplar: 3, indexed: 3, login: 0 });
    const db = openDatabase({ dataDir });
    const dropped = await db.selectFrom("estado_instalacao").select("chave").where("chave", "=", "importacao_em_massa").execute();
    const sortIndexes = (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'busca_ordem_%'`.execute(db))
      .rows;
    await db.destroy();
    expect(dropped).toEqual([]);
    expect(sortIndexes).toHaveLength(8); // chave, relevancia, titulo, autor, ano, antigo (oldest first), chamada (call number) and obra (the work key, ADR 244)
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "--bulk on PostgreSQL imports the same way, says every search is slower until the end, and leaves no load open",
    async () => {
      const target = (await freshPostgres())!;
      try {
        const r = await run("npm", ["run", "--silent", "import", "--", "--bulk", file], { DATABASE_URL: target.url });
        expect(r.err).toBe("");
        expect(r.code).toBe(0);
        expect(r.out).toMatch(/^Bulk mode: the search's text and sort indexes are rebuilt at the end; until then every search is slower\./m);
        expect(r.out).toMatch(/Read 4 records: 3 titles imported, 0 updated, 0 authorities, 3 copies, 1 skipped/);
        const db = openDatabase({ databaseUrl: target.url, dataDir: work });
        try {
          expect(await db.selectFrom("estado_instalacao").select("chave").where("chave", "=", "importacao_em_massa").execute()).toEqual([]);
          const found = await searchAcervos(db, { termos: [{ termo: "caderno", tipo: "livre" }], pagina: 1, qtd: 20, ordenacao: "C", lingua: "pt" });
          expect(found.resultados.map((h) => h.titulo)).toEqual(["Caderno H"]);
        } finally {
          await db.destroy();
        }
      } finally {
        await target.drop();
      }
    },
    120_000,
  );

  it("re-importing the same file updates instead of duplicating", async () => {
    const r = await npmImport(fresh, file);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/0 titles imported, 3 updated/);
    expect(await counts(fresh)).toMatchObject({ acervo: 3, exemplar: 3, indexed: 3 });
  }, 120_000);

  it("the first start after the import keeps the library's catalogue: no demo titles, no demo patrons", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: fresh,
        SESSION_SECRET: "x".repeat(32),
        PORT: String(port),
        HOST: "127.0.0.1",
        API_ONLY: "1",
        WEB_CONCURRENCY: "1",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      const until = Date.now() + 90_000;
      while (!/listening on/.test(out) && child.exitCode === null && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      expect(out).toMatch(/listening on/);
      expect(out).toMatch(/already holds 3 titles \(imported\): no demo catalogue/);
      expect(out).toMatch(/no demo patrons \(set DEMO_PATRONS=1/);
      const res = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
      expect(res.status).toBe(200);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
    expect(await counts(fresh)).toMatchObject({ acervo: 3, login: 0, indexed: 3 });
    const db = openDatabase({ dataDir: fresh });
    const found = await searchAcervos(db, { termos: [{ termo: "espelho magico", tipo: "livre" }], pagina: 1, qtd: 10, ordenacao: "C" });
    const state = await db.selectFrom("estado_instalacao").select("valor").where("chave", "=", "primeiro_inicio").executeTakeFirst();
    await db.destroy();
    expect(found.resultados.map((h) => h.titulo)).toEqual(["Espelho mágico"]);
    expect(state?.valor).toBe("catalogo-proprio");
  }, 120_000);

  it("adds to the demo database: its titles and libraries stay, the new titles join them", async () => {
    const demo = path.join(work, "demo");
    const db = openDatabase({ dataDir: demo });
    // A demo database like the first start makes, with one of the bundled files to keep the test short.
    const one = demoFiles(root).find((f) => f.includes("lul-fre"))!;
    await prepareDatabase(db, { log: () => {}, importDemoCatalogue: (d) => importDemoCatalogue(d, () => {}, root, [one]) });
    await db.destroy();
    const before = await counts(demo);
    const r = await npmImport(demo, file);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/3 titles imported/);
    const after = await counts(demo);
    expect(after.acervo).toBe(before.acervo + 3);
    expect(after.indexed).toBe(after.acervo);
    expect(after.login).toBe(before.login);
    // "BC" is the demo's Biblioteca Central; only "NOVA" is new.
    expect(after.bibliotecas).toBe(before.bibliotecas + 1);
  }, 180_000);

  it("alerts and e-mails (to the outbox) a patron whose interest profile the new titles match", async () => {
    const dir = path.join(work, "profiles");
    const db = openDatabase({ dataDir: dir });
    await migrateToLatest(db);
    await seedInstitution(db);
    await seedPatrons(db);
    await setProfileValidity(db, 1, new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
    await addProfileItems(db, 1, [{ tipo_dsi: "autor", cod_tipo_area: 0, codigo: "quintana-mario", descricao: "Quintana, Mário" }]);
    await db.destroy();
    const r = await npmImport(dir, file);
    expect(r.code).toBe(0);
    const after = openDatabase({ dataDir: dir });
    const alerts = await after.selectFrom("alerta").select(["tipo", "mensagem"]).where("cod_pessoa", "=", 1).execute();
    const mail = await after.selectFrom("email_saida").select(["destinatarios", "corpo"]).execute();
    await after.destroy();
    expect(alerts).toEqual([{ tipo: "perfil_interesse", mensagem: expect.stringContaining("Caderno H") }]);
    expect(mail).toEqual([{ destinatarios: "ana.souza@example.org", corpo: expect.stringContaining("- Sapato florido / Quintana, Mário") }]);
    expect(fs.readdirSync(path.join(dir, "outbox"))).toHaveLength(1);
  }, 120_000);

  it("fails with exit code 1 when a file cannot be read or holds no record", async () => {
    const missing = await npmImport(path.join(work, "other"), path.join(work, "nope.mrc"));
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/nope\.mrc \(whole file\): cannot read file/);
    expect(missing.err).toMatch(/Import failed: a file could not be read/);
    const junk = path.join(work, "junk.txt");
    fs.writeFileSync(junk, "not a MARC file\n");
    const bad = await npmImport(path.join(work, "other"), junk);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/junk\.txt record #1: unrecognised format/);
    expect(bad.err).toMatch(/no record could be imported/);
  }, 120_000);

  it("imports nothing from 200 KB of random bytes, lists the bad records by number and exits 1", async () => {
    // Seeded, so the bytes (and the records their terminators cut them into) are the same on every run.
    let x = 0x2545f491;
    const bytes = Buffer.alloc(200 * 1024);
    for (let i = 0; i < bytes.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      bytes[i] = x & 0xff;
    }
    const noise = path.join(work, "noise.mrc");
    fs.writeFileSync(noise, Buffer.concat([Buffer.from("00000"), bytes]));
    const dataDir = path.join(work, "noise");
    const r = await npmImport(dataDir, noise);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/Read \d+ records: 0 titles imported, 0 updated, 0 authorities, 0 copies/);
    expect(r.out).toMatch(/noise\.mrc record #\d+: record has no title \(245, 130, 240, 242 or 246\) and no control number \(001\)/);
    expect(r.err).toMatch(/Import failed: no record could be imported/);
    // Every record was bad, and every one is listed: a long list reaches the end of a pipe before the exit.
    const read = Number(/Read (\d+) records/.exec(r.out)?.[1]);
    expect(read).toBeGreaterThan(500);
    expect(r.out.match(/^ {2}noise\.mrc record #\d+: /gm)).toHaveLength(read);
    expect(await counts(dataDir)).toMatchObject({ acervo: 0, indexed: 0 });
  }, 120_000);
});
