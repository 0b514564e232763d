import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { insertTitles } from "../lib/testing.ts";
import { seedInstitution } from "../seed/institution.ts";
import { seedPatrons } from "../seed/patrons.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-search-alerts-"));
  const db = openDatabase({ dataDir: dir });
  await migrateToLatest(db);
  await seedInstitution(db);
  await db
    .insertInto("tipo_obra")
    .values([{ cod_tipo_obra: 1, descricao: "Livro" }])
    .execute();
  await insertTitles(
    db,
    Array.from({ length: 10 }, (_, i) => ({ titulo: `Obra ${i + 1}` })),
  );
  await seedPatrons(db);
  const cod_pessoa = 1; // the demo patron
  await db.updateTable("pessoa").set({ email: "leitor@example.org" }).where("cod_pessoa", "=", cod_pessoa).execute();
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
  // A daily alert, a weekly one whose week has not passed, and a search without an alert: all match the new title.
  await db
    .insertInto("pesquisa_salva")
    .values([
      { cod_pessoa, nome: "Marés", consulta: "termo=mares&tipo=livre", alerta: "diario", alerta_desde: twoDaysAgo },
      { cod_pessoa, nome: "Marés semanais", consulta: "termo=mare", alerta: "semanal", alerta_desde: twoDaysAgo },
      { cod_pessoa, nome: "Marés sem alerta", consulta: "titulo=mares", alerta: null, alerta_desde: null },
    ])
    .execute();
  await insertTitles(db, [{ titulo: "Marés do Atlântico Sul" }]);
  await db.destroy();
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `npm run search-alerts` is `tsx api/jobs/saved-search-alerts-cli.ts`: run exactly that, as a child process. */
const job = (env: Record<string, string> = {}) =>
  run("npx", ["--no-install", "tsx", "api/jobs/saved-search-alerts-cli.ts"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", PUBLIC_URL: "https://biblioteca.example.org", ...env },
    timeout: 60_000,
  });
const outbox = () => (fs.existsSync(path.join(dir, "outbox")) ? fs.readdirSync(path.join(dir, "outbox")) : []);

describe("npm run search-alerts", () => {
  it("e-mails the new title of the daily search once, with a one-click unsubscribe, and sends nothing on a second run", async () => {
    const first = await job();
    expect(first.stdout).toContain("saved-search alerts: 1 search(es) due, 1 alert(s) written");
    const files = outbox();
    expect(files).toHaveLength(1);
    const mail = JSON.parse(fs.readFileSync(path.join(dir, "outbox", files[0]), "utf8")) as {
      to: string[];
      subject: string;
      text: string;
      headers: Record<string, string>;
    };
    expect(mail.to).toEqual(["leitor@example.org"]);
    expect(mail.subject).toBe("Novidades na pesquisa salva: Marés");
    expect(mail.text).toMatch(/^1 título novo na pesquisa salva “Marés”: Marés do Atlântico Sul\./);
    expect(mail.headers["List-Unsubscribe"]).toMatch(/^<https:\/\/biblioteca\.example\.org\/descadastro\?token=[\w.-]+>$/);
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const db = openDatabase({ dataDir: dir });
    const stored = await db.selectFrom("email_saida").select("assunto").execute();
    const alerts = await db.selectFrom("alerta").select(["tipo", "visivel"]).execute();
    await db.destroy();
    expect(stored.map((r) => r.assunto)).toEqual(["Novidades na pesquisa salva: Marés"]);
    expect(alerts).toEqual([{ tipo: "pesquisa_salva", visivel: 1 }]);

    const second = await job();
    expect(second.stdout).toContain("0 alert(s) written");
    expect(outbox()).toHaveLength(1);
  }, 120_000);

  it("fails with a readable message and exit code 1 when the database cannot be opened", async () => {
    await expect(job({ DATABASE_URL: "postgres://nobody:x@127.0.0.1:1/none" })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("saved-search alerts failed"),
    });
  }, 120_000);
});
