import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/index.ts";
import { insertFollowedPeriodical } from "../db/interest-profiles.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { PERIODICAL_WORK_TYPE } from "../domain/interest-profiles.ts";
import { insertTitles } from "../lib/testing.ts";
import { seedInstitution } from "../seed/institution.ts";
import { seedPatrons } from "../seed/patrons.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
let dir: string;
let journal: number;
let book: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-receive-issue-"));
  const db = openDatabase({ dataDir: dir });
  await migrateToLatest(db);
  await seedInstitution(db);
  await db
    .insertInto("tipo_obra")
    .values([
      { cod_tipo_obra: 1, descricao: "Livro" },
      { cod_tipo_obra: PERIODICAL_WORK_TYPE, descricao: "Periódico" },
    ])
    .execute();
  [journal, book] = await insertTitles(db, [{ titulo: "Revista de Direito Ambiental" }, { titulo: "Manual de direito" }]);
  await db.updateTable("acervo").set({ cod_tipo_obra: PERIODICAL_WORK_TYPE }).where("cod_acervo", "=", journal).execute();
  await seedPatrons(db);
  await db.updateTable("pessoa").set({ recebe_email: 1 }).where("cod_pessoa", "=", 1).execute();
  await insertFollowedPeriodical(db, 1, journal, ["fasciculos"]);
  await db.destroy();
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `npm run receive-issue` is `tsx api/jobs/receive-issue-cli.ts`: run exactly that, as a child process. */
const receive = (...args: string[]) =>
  run("npx", ["--no-install", "tsx", "api/jobs/receive-issue-cli.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "" },
    timeout: 60_000,
  });
const outbox = () => (fs.existsSync(path.join(dir, "outbox")) ? fs.readdirSync(path.join(dir, "outbox")).filter((f) => f.endsWith(".json")) : []);

describe("npm run receive-issue", () => {
  it("records the issue, alerts and e-mails the follower, and alerts nobody twice when run again", async () => {
    const first = await receive(
      "--titulo",
      String(journal),
      "--biblioteca",
      "1",
      "--ano",
      "2026",
      "--volume",
      "36",
      "--numero",
      "4",
      "--periodo",
      "out./dez.",
      "--chegada",
      "2026-11-20",
    );
    expect(first.stdout).toContain('received: "Revista de Direito Ambiental" v. 36, n. 4, out./dez. 2026 at Biblioteca Central');
    expect(first.stdout).toContain("1 follower(s) alerted");
    expect(outbox()).toHaveLength(1);
    const mail = JSON.parse(fs.readFileSync(path.join(dir, "outbox", outbox()[0]), "utf8")) as { to: string[]; subject: string };
    expect(mail).toMatchObject({ to: ["ana.souza@example.org"], subject: "Novo fascículo: Revista de Direito Ambiental" });

    const second = await receive("--titulo", String(journal), "--biblioteca", "1", "--ano", "2026", "--volume", "36", "--numero", "4");
    expect(second.stdout).toMatch(/^already received: .* 0 follower\(s\) alerted/);
    expect(outbox()).toHaveLength(1);

    const db = openDatabase({ dataDir: dir });
    try {
      expect(await db.selectFrom("fasciculo").select(["situacao", "data_chegada"]).where("cod_acervo", "=", journal).execute()).toEqual([
        { situacao: "recebido", data_chegada: "2026-11-20" },
      ]);
      expect(await db.selectFrom("alerta").select(["cod_pessoa", "tipo"]).where("tipo", "=", "fasciculo_novo").execute()).toEqual([
        { cod_pessoa: 1, tipo: "fasciculo_novo" },
      ]);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it("refuses a title that is not a periodical with exit code 1 and says why", async () => {
    await expect(receive("--titulo", String(book), "--biblioteca", "1", "--ano", "2026", "--numero", "1")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("refused: the title is not a periodical"),
    });
  }, 120_000);

  it("prints the usage with exit code 2 for missing or malformed arguments", async () => {
    await expect(receive("--titulo", String(journal), "--ano", "2026")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--biblioteca must be a positive whole number"),
    });
    await expect(
      receive("--titulo", String(journal), "--biblioteca", "1", "--ano", "2026", "--numero", "1", "--chegada", "20/11/2026"),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("usage: npm run receive-issue"),
    });
  }, 120_000);
});
