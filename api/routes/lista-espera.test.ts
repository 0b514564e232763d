import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { createApiApp } from "../app.ts";
import { createTestApi, get, insertTitles, login } from "../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let demo: string;
let professor: string;
/** No copy can be lent or held: the waiting list is offered. */
let unavailable: number;
/** A copy is on the shelf: a loan request is offered instead. */
let onShelf: number;
/** Every copy lent, holds allowed: a hold is offered instead. */
let holdable: number;

function post(app: ReturnType<typeof createApiApp>, token: string, body: unknown, lang = "1") {
  return app.request("/api/lista-espera", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", lang },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  t = await createTestApi();
  demo = (await login(t.app, "demo")).access_token;
  professor = (await login(t.app, "professor")).access_token;
  [unavailable, onShelf, holdable] = await insertTitles(t.db, [
    { titulo: "Em restauração", copies: 1 },
    { titulo: "Na estante", copies: 1 },
    { titulo: "Emprestado", copies: 1 },
  ]);
  await t.db.updateTable("exemplar").set({ situacao: "indisponivel", permite_reserva: 0 }).where("cod_acervo", "=", unavailable).execute();
  await t.db.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_acervo", "=", holdable).execute();
});
afterAll(async () => t.cleanup());

describe("waiting list", () => {
  it("is offered only for a title that can be neither requested nor held", async () => {
    const state = async (id: number) => (await get(t.app, `/api/lista-espera/${id}`, demo)).json();
    expect(await state(unavailable)).toEqual({ cod_acervo: unavailable, titulo: "Em restauração", oferecida: true, tamanho: 0, posicao: null });
    expect((await state(onShelf)).oferecida).toBe(false);
    expect((await state(holdable)).oferecida).toBe(false);
  });

  it("puts patrons in the order they join, and joining twice keeps one entry and its place", async () => {
    const first = await post(t.app, demo, { cod_acervo: unavailable });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ posicao: 1, tamanho: 1, criada: true });
    const second = await post(t.app, professor, { cod_acervo: unavailable });
    expect(await second.json()).toMatchObject({ posicao: 2, tamanho: 2, criada: true });

    const again = await post(t.app, demo, { cod_acervo: unavailable });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ posicao: 1, tamanho: 2, criada: false });
    const rows = await t.db.selectFrom("lista_espera").select("cod_pessoa").where("cod_acervo", "=", unavailable).execute();
    expect(rows).toHaveLength(2);
  });

  it("makes one entry when the same patron submits twice at once", async () => {
    const [unique] = await insertTitles(t.db, [{ titulo: "Outro em restauração", copies: 1 }]);
    await t.db.updateTable("exemplar").set({ situacao: "indisponivel", permite_reserva: 0 }).where("cod_acervo", "=", unique).execute();
    const answers = await Promise.all([post(t.app, demo, { cod_acervo: unique }), post(t.app, demo, { cod_acervo: unique })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
    const rows = await t.db.selectFrom("lista_espera").select("id").where("cod_acervo", "=", unique).execute();
    expect(rows).toHaveLength(1);
  });

  it("lists the titles the patron is waiting for, with their place", async () => {
    const mine = await (await get(t.app, "/api/lista-espera", professor)).json();
    expect(mine).toEqual([expect.objectContaining({ cod_acervo: unavailable, titulo: "Em restauração", posicao: 2 })]);
  });

  it("refuses a title that can be requested or held, in the request's language", async () => {
    const res = await post(t.app, demo, { cod_acervo: onShelf }, "5");
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ message: "This title can be requested or held now: use the loan request or the hold." });
    expect((await post(t.app, demo, { cod_acervo: holdable })).status).toBe(422);
  });

  it("refuses a blocked patron, an unknown title, a bad body and a visitor without a patron token", async () => {
    const blocked = (await login(t.app, "bloqueado")).access_token;
    // The block is enforced for every write before the waiting-list rules run (docs/security.md).
    expect((await post(t.app, blocked, { cod_acervo: unavailable })).status).toBe(403);
    expect((await post(t.app, demo, { cod_acervo: 999_999 })).status).toBe(404);
    expect((await get(t.app, "/api/lista-espera/999999", demo)).status).toBe(404);
    expect((await post(t.app, demo, { cod_acervo: "x" })).status).toBe(422);
    expect((await get(t.app, `/api/lista-espera/${unavailable}`, "")).status).toBe(401);
  });
});
