import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { insertTitles } from "../lib/testing.ts";
import { seedCirculation } from "../seed/circulation.ts";
import { seedInstitution } from "../seed/institution.ts";
import { seedPatrons } from "../seed/patrons.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-reminders-"));
  const db = openDatabase({ dataDir: dir });
  await migrateToLatest(db);
  await seedInstitution(db);
  await db
    .insertInto("tipo_obra")
    .values([{ cod_tipo_obra: 1, descricao: "Livro" }])
    .execute();
  await insertTitles(
    db,
    Array.from({ length: 40 }, (_, i) => ({ titulo: `Obra ${i + 1}`, copies: 1 })),
  );
  await seedPatrons(db);
  await seedCirculation(db);
  await db.destroy();
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `npm run reminders` is `tsx api/jobs/reminders-cli.ts`: run exactly that, as a child process. */
const reminders = () =>
  run("npx", ["--no-install", "tsx", "api/jobs/reminders-cli.ts"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", PUBLIC_URL: "https://biblioteca.example.org" },
    timeout: 60_000,
  });

describe("npm run reminders", () => {
  it("writes the due-date alerts once, e-mails the patrons who want e-mail, and writes nothing on a second run", async () => {
    const first = await reminders();
    const written = Number(/(\d+) alert\(s\) written/.exec(first.stdout)?.[1]);
    expect(written).toBeGreaterThanOrEqual(2);
    const outbox = fs.readdirSync(path.join(dir, "outbox"));
    expect(outbox.length).toBe(written);
    const mails = outbox.map(
      (f) => JSON.parse(fs.readFileSync(path.join(dir, "outbox", f), "utf8")) as { to: string[]; subject: string; text: string; html?: string },
    );
    // Sentences a patron reads (ADR 227): "vence em 2 dias, 29 de novembro de 2026", a subject per kind, the title linked.
    const loan = mails.find((m) => /vence em 2 dias/.test(m.text))!;
    expect(loan.text).toMatch(
      /^O empréstimo de “Obra \d+” vence em 2 dias, \d{1,2} de [a-zç]+ de \d{4}\.\n\nVeja o título: https:\/\/biblioteca\.example\.org\/acervo\/\d+\n\nPara não receber mais estes e-mails: https:\/\/biblioteca\.example\.org\/descadastro\?token=[\w.-]+\n$/,
    );
    expect((loan as { headers?: Record<string, string> }).headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(loan.subject).toMatch(/^Empréstimo vence em 2 dias: Obra \d+$/);
    expect(loan.html).toMatch(/<a href="https:\/\/biblioteca\.example\.org\/acervo\/\d+">Obra \d+<\/a>/);
    expect(mails.map((m) => m.text).join("\n")).not.toMatch(/dia\(s\)|Aviso da biblioteca/);
    const db = openDatabase({ dataDir: dir });
    const stored = await db.selectFrom("email_saida").select("assunto").execute();
    await db.destroy();
    expect(stored.map((r) => r.assunto)).toContain(loan.subject);
    expect(stored.map((r) => r.assunto)).not.toContain("Aviso da biblioteca");

    const second = await reminders();
    expect(second.stdout).toContain("0 alert(s) written");
    expect(fs.readdirSync(path.join(dir, "outbox")).length).toBe(written);
  }, 120_000);

  it("fails with a readable message and exit code 1 when the database cannot be opened", async () => {
    const bad = run("npx", ["--no-install", "tsx", "api/jobs/reminders-cli.ts"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "postgres://nobody:x@127.0.0.1:1/none" },
      timeout: 60_000,
    });
    await expect(bad).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("due-date reminders failed") });
  }, 120_000);
});
