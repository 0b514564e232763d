import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../db/index.ts";
import { insertRequest } from "../db/library-requests.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { issueGru } from "../domain/gru.ts";
import { insertTitles } from "../lib/testing.ts";
import { seedInstitution } from "../seed/institution.ts";
import { seedPatrons } from "../seed/patrons.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const PATRON = 6;
let dir: string;
const ids = { gru: 0, comment: 0, rejected: 0, hold: 0, suggestion: 0, request: 0 };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-library-cli-"));
  const db = openDatabase({ dataDir: dir });
  await migrateToLatest(db);
  await seedInstitution(db);
  await db
    .insertInto("tipo_obra")
    .values([{ cod_tipo_obra: 1, descricao: "Livro" }])
    .execute();
  const [title] = await insertTitles(db, [{ titulo: "Obra da reserva", copies: 1 }]);
  await seedPatrons(db);
  await db.updateTable("pessoa").set({ cpf: "52998224725" }).where("cod_pessoa", "=", PATRON).execute();
  await db
    .insertInto("debito")
    .values({ cod_pessoa: PATRON, cod_biblioteca: 1, valor_multa: 25, tipo_servico: "Empréstimo", motivo: "Atraso" })
    .execute();
  const slip = await issueGru(db, PATRON, { valor: 25, codBiblioteca: 1 }, Date.now());
  if (!slip.ok) throw new Error(slip.code);
  ids.gru = slip.cod_gru;
  const comment = (texto: string) =>
    db
      .insertInto("comentario")
      .values({ cod_acervo: title, cod_pessoa: PATRON, cod_biblioteca: 1, texto })
      .returning("cod_comentario")
      .executeTakeFirstOrThrow();
  ids.comment = (await comment("Muito bom.")).cod_comentario;
  ids.rejected = (await comment("Spam")).cod_comentario;
  ids.hold = (
    await db
      .insertInto("reserva")
      .values({ cod_acervo: title, cod_pessoa: PATRON, cod_biblioteca: 1, posicao: 1, data_reserva: new Date().toISOString() })
      .returning("cod_reserva")
      .executeTakeFirstOrThrow()
  ).cod_reserva;
  ids.suggestion = (
    await db
      .insertInto("sugestao_aquisicao")
      .values({ cod_pessoa: PATRON, cod_biblioteca: 1, titulo: "Sugerida", editor: "Ed." })
      .returning("cod_sugestao")
      .executeTakeFirstOrThrow()
  ).cod_sugestao;
  ids.request = (
    await insertRequest(db, { cod_pessoa: PATRON, tipo: "ficha-catalografica", subtipo: null, dados: "{}", chave_duplicidade: "k" })
  ).cod_solicitacao;
  await db.destroy();
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `npm run library -- …`, exactly as a librarian types it, as a child process on the test database. */
const library = (...args: string[]) =>
  run("npm", ["run", "--silent", "library", "--", ...args], { cwd: root, env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "" }, timeout: 60_000 });

async function inDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase({ dataDir: dir });
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

describe("npm run library", () => {
  it("confirms a GRU payment, settling its debit, and says so; run again it changes nothing", async () => {
    expect((await library("payment", "confirm", String(ids.gru))).stdout).toBe(`done: GRU ${ids.gru} situacao=paga\n`);
    expect((await library("payment", "confirm", String(ids.gru))).stdout).toBe(`already so: GRU ${ids.gru} situacao=paga\n`);
    const debit = await inDb((db) => db.selectFrom("debito").select(["valor_pago"]).where("cod_pessoa", "=", PATRON).executeTakeFirstOrThrow());
    expect(debit.valor_pago).toBe(25);
  }, 120_000);

  it("approves one comment and rejects another", async () => {
    expect((await library("comment", "approve", String(ids.comment))).stdout).toContain("situacao=aprovado");
    expect((await library("comment", "reject", String(ids.rejected))).stdout).toContain("situacao=rejeitado");
    const rows = await inDb((db) => db.selectFrom("comentario").select(["cod_comentario", "situacao"]).orderBy("cod_comentario").execute());
    expect(rows).toEqual([
      { cod_comentario: ids.comment, situacao: "aprovado" },
      { cod_comentario: ids.rejected, situacao: "rejeitado" },
    ]);
  }, 120_000);

  it("makes a hold ready for pickup at the place given", async () => {
    expect((await library("hold", "ready", String(ids.hold), "--dias", "2", "--localizacao", "Balcão")).stdout).toMatch(
      /^done: hold \d+ data_liberacao=\d{4}-/,
    );
    expect(
      await inDb((db) => db.selectFrom("reserva").select(["situacao", "localizacao"]).where("cod_reserva", "=", ids.hold).executeTakeFirstOrThrow()),
    ).toEqual({ situacao: "disponivel", localizacao: "Balcão" });
  }, 120_000);

  it("answers a suggestion and a request to the library", async () => {
    await library("suggestion", "answer", String(ids.suggestion), "em_cotacao");
    await library("request", "answer", String(ids.request), "nao_atendida", "--resposta", "Fora do acervo.");
    expect(await inDb((db) => db.selectFrom("sugestao_aquisicao").select("situacao").executeTakeFirstOrThrow())).toEqual({ situacao: "em_cotacao" });
    const request = await inDb((db) =>
      db
        .withTables<{ solicitacao_biblioteca: { situacao: string; resposta: string | null } }>()
        .selectFrom("solicitacao_biblioteca")
        .select(["situacao", "resposta"])
        .executeTakeFirstOrThrow(),
    );
    expect(request).toEqual({ situacao: "nao_atendida", resposta: JSON.stringify({ texto: "Fora do acervo." }) });
  }, 120_000);

  it("blocks a patron with a reason and unblocks them", async () => {
    await library("patron", "block", String(PATRON), "--motivo", "Livro perdido");
    expect(
      await inDb((db) => db.selectFrom("pessoa").select(["bloqueado", "motivo_bloqueio"]).where("cod_pessoa", "=", PATRON).executeTakeFirstOrThrow()),
    ).toEqual({ bloqueado: 1, motivo_bloqueio: "Livro perdido" });
    expect((await library("patron", "unblock", String(PATRON))).stdout).toContain("bloqueado=false");
    expect(await inDb((db) => db.selectFrom("pessoa").select(["bloqueado"]).where("cod_pessoa", "=", PATRON).executeTakeFirstOrThrow())).toEqual({
      bloqueado: 0,
    });
  }, 120_000);

  it("exits with code 1 and says why for a record that does not exist", async () => {
    await expect(library("payment", "confirm", "9999")).rejects.toMatchObject({ code: 1, stderr: "library: refused: GRU 9999 does not exist\n" });
  }, 120_000);

  it("exits with code 2 and the usage for an unknown action or a missing reason, changing nothing", async () => {
    await expect(library("loan", "forgive", "1")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('unknown action "loan forgive"'),
    });
    await expect(library("patron", "block", String(PATRON))).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("needs --motivo") });
    expect(await inDb((db) => db.selectFrom("pessoa").select(["bloqueado"]).where("cod_pessoa", "=", PATRON).executeTakeFirstOrThrow())).toEqual({
      bloqueado: 0,
    });
  }, 120_000);
});
