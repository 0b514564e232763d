/**
 * The hold rules called as functions (not through HTTP): which checks refuse a hold, in which order, and what a
 * repeated form answers. Each refusal is a reason code; the words and statuses are the route's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/index.ts";
import { createTestApi, insertPatron, insertTitles } from "../lib/testing.ts";
import { checkChoice, placeHold, validateQueue } from "./holds.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let db: Db;

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  db = t.db;
});
afterAll(async () => t.cleanup());

/** A new patron of the special-user category (a limit of three holds). */
const patron = (changes: { bloqueado?: number; desvinculado_em?: string } = {}) => insertPatron(db, changes);

/** A title whose copies are all on loan to someone else: a hold is what it offers. */
async function lentTitle(copies = 1): Promise<number> {
  const [id] = await insertTitles(db, [{ titulo: "Título emprestado", copies }]);
  await db.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_acervo", "=", id).execute();
  return id;
}

const hold = (cod_acervo: number, more: Record<string, unknown> = {}) => ({ cod_acervo, biblioteca: 1, ...more });

describe("a hold", () => {
  it("takes the next place in the title's queue when nothing refuses it", async () => {
    const title = await lentTitle();
    await placeHold(db, await patron(), hold(title), null);
    expect(await validateQueue(db, await patron(), hold(title))).toEqual({ ok: true, posicao: 2, fila: 1 });
  });

  it("is refused to a patron blocked by the library", async () => {
    expect(await validateQueue(db, await patron({ bloqueado: 1 }), hold(await lentTitle()))).toEqual({ ok: false, reason: "usuario_bloqueado" });
  });

  it("is refused to a patron unlinked by a no-debts declaration", async () => {
    const unlinked = await patron({ desvinculado_em: "2026-01-10T00:00:00.000Z" });
    expect(await validateQueue(db, unlinked, hold(await lentTitle()))).toEqual({ ok: false, reason: "usuario_desvinculado" });
  });

  it("names the patron's block before the title's available copy", async () => {
    const [free] = await insertTitles(db, [{ titulo: "Título disponível", copies: 1 }]);
    expect(await validateQueue(db, await patron({ bloqueado: 1 }), hold(free))).toEqual({ ok: false, reason: "usuario_bloqueado" });
  });

  it("is refused while a copy is available to borrow", async () => {
    const [free] = await insertTitles(db, [{ titulo: "Título disponível", copies: 1 }]);
    expect(await validateQueue(db, await patron(), hold(free))).toEqual({ ok: false, reason: "exemplar_disponivel" });
  });

  it("is refused when no copy allows holds", async () => {
    const title = await lentTitle();
    await db.updateTable("exemplar").set({ permite_reserva: 0 }).where("cod_acervo", "=", title).execute();
    expect(await validateQueue(db, await patron(), hold(title))).toEqual({ ok: false, reason: "sem_exemplar_reservavel" });
  });

  it("is refused for an unknown title", async () => {
    expect(await validateQueue(db, await patron(), hold(999_999))).toEqual({ ok: false, reason: "nao_encontrado" });
  });

  it("must name a library whose copies allow holds", async () => {
    expect(await validateQueue(db, await patron(), hold(await lentTitle(), { biblioteca: 999 }))).toEqual({
      ok: false,
      reason: "campos",
      fields: { biblioteca: "invalido" },
    });
  });

  it("must choose a volume when the copies come in volumes, and one they have", async () => {
    const title = await lentTitle(2);
    const copies = await db.selectFrom("exemplar").select("cod_exemplar").where("cod_acervo", "=", title).execute();
    for (const [i, c] of copies.entries())
      await db
        .updateTable("exemplar")
        .set({ volume: `v. ${i + 1}` })
        .where("cod_exemplar", "=", c.cod_exemplar)
        .execute();
    const who = await patron();
    expect(await validateQueue(db, who, hold(title))).toMatchObject({ reason: "campos", fields: { volume: "obrigatorio" } });
    expect(await validateQueue(db, who, hold(title, { volume: "v. 9" }))).toMatchObject({ reason: "campos", fields: { volume: "invalido" } });
    expect(await validateQueue(db, who, hold(title, { volume: "v. 2" }))).toMatchObject({ ok: true });
  });

  it("is refused when the patron already holds the title", async () => {
    const title = await lentTitle();
    const who = await patron();
    await placeHold(db, who, hold(title), null);
    expect(await validateQueue(db, who, hold(title))).toEqual({ ok: false, reason: "reserva_existente" });
  });

  it("is refused when the patron has the title on loan", async () => {
    const title = await lentTitle();
    const who = await patron();
    const copy = await db.selectFrom("exemplar").select("cod_exemplar").where("cod_acervo", "=", title).executeTakeFirstOrThrow();
    await db
      .insertInto("emprestimo")
      .values({
        cod_exemplar: copy.cod_exemplar,
        cod_pessoa: who,
        cod_biblioteca: 1,
        data_emprestimo: "2026-11-01",
        data_devolucao_prevista: "2026-12-01",
      })
      .execute();
    expect(await validateQueue(db, who, hold(title))).toEqual({ ok: false, reason: "titulo_emprestado" });
  });

  it("is refused once the patron has as many holds as the category allows", async () => {
    const who = await patron();
    for (let i = 0; i < 3; i++) expect(await placeHold(db, who, hold(await lentTitle()), null)).toMatchObject({ ok: true, created: true });
    expect(await validateQueue(db, who, hold(await lentTitle()))).toEqual({ ok: false, reason: "limite_reservas" });
  });
});

describe("placing a hold", () => {
  it("answers the hold already placed when the same form is sent again", async () => {
    const title = await lentTitle();
    const who = await patron();
    const first = await placeHold(db, who, hold(title), "form-key-0001");
    const again = await placeHold(db, who, hold(title), "form-key-0001");
    expect(first).toMatchObject({ ok: true, created: true });
    expect(again).toEqual({ ...first, created: false });
  });

  it("answers another patron's form key as a key in use, without their hold", async () => {
    const title = await lentTitle();
    await placeHold(db, await patron(), hold(title), "form-key-0002");
    expect(await placeHold(db, await patron(), hold(title), "form-key-0002")).toEqual({ ok: false, reason: "chave_em_uso" });
  });

  it("says why it refused, and places nothing", async () => {
    const [free] = await insertTitles(db, [{ titulo: "Título disponível", copies: 1 }]);
    expect(await placeHold(db, await patron(), hold(free), "form-key-0003")).toEqual({ ok: false, reason: "exemplar_disponivel" });
    expect(await db.selectFrom("reserva").select("cod_reserva").where("cod_acervo", "=", free).execute()).toEqual([]);
  });
});

describe("the choice of copy", () => {
  const options = { volume: ["1", "2"], tomo: [], parte: [], material_adicional: [] };

  it("asks nothing of a dimension the copies do not have", () => {
    expect(checkChoice(options, { volume: "1", tomo: "3" })).toEqual({});
  });

  it("accepts a choice with spaces around it", () => {
    expect(checkChoice(options, { volume: " 2 " })).toEqual({});
  });
});
