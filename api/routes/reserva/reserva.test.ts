import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "../../app.ts";
import { openDatabase, type Db } from "../../db/index.ts";
import { defaultAuthSettings } from "../../lib/clock.ts";
import { issuePatronTokens } from "../../domain/tokens.ts";
import { createTestApi, get, insertTitles, login, publicToken } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let demo: string;
let lentTitle: number;

/** Marks every copy of a title as lent, so it can be reserved. */
async function lendAll(db: Db, codAcervo: number) {
  await db.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_acervo", "=", codAcervo).execute();
}

/** Creates `n` patrons of category 08 (special user) and returns their access tokens. */
async function patrons(db: Db, n: number, tag: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = await db
      .insertInto("pessoa")
      .values({ cod_empresa: 1, cod_categoria: "08", nome_pessoa: `Leitor ${tag} ${i}` })
      .returning("cod_pessoa")
      .executeTakeFirstOrThrow();
    tokens.push((await issuePatronTokens(db, defaultAuthSettings, "4", p.cod_pessoa)).access_token);
  }
  return tokens;
}

function post(app: ReturnType<typeof createApiApp>, url: string, token: string, body: unknown, lang = "1") {
  return app.request(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", lang },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  t = await createTestApi();
  demo = (await login(t.app, "demo")).access_token;
  [lentTitle] = await insertTitles(t.db, [{ titulo: "Título todo emprestado", copies: 2 }]);
  await lendAll(t.db, lentTitle);
});
afterAll(async () => t.cleanup());

describe("hold options", () => {
  it("lists the libraries whose copies allow holds, and says a hold is possible when no copy is available", async () => {
    const res = await get(t.app, `/api/reserva/${lentTitle}/informacoes-iniciais`, demo);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ cod_acervo: lentTitle, titulo: "Título todo emprestado", disponiveis: 0, impedimento: null, fila: 0 });
    expect(body.bibliotecas).toEqual([{ cod_biblioteca: 1, desc_biblioteca: "Biblioteca Central" }]);
  });

  it("says a title with an available copy cannot be reserved", async () => {
    const [free] = await insertTitles(t.db, [{ titulo: "Título disponível", copies: 1 }]);
    const body = await (await get(t.app, `/api/reserva/${free}/informacoes-iniciais`, demo)).json();
    expect(body.impedimento).toBe("exemplar_disponivel");
  });

  it("answers 404 for an unknown title", async () => {
    expect((await get(t.app, "/api/reserva/999999/informacoes-iniciais", demo)).status).toBe(404);
  });
});

/** The patron's impediment as informacoes-iniciais answers it, and the code POST /validar-fila refuses with. */
async function impedimentAndRefusal(token: string, codAcervo: number) {
  const options = await (await get(t.app, `/api/reserva/${codAcervo}/informacoes-iniciais`, token)).json();
  const refusal = await post(t.app, "/api/validar-fila", token, { cod_acervo: codAcervo, biblioteca: 1 });
  return { options, status: refusal.status, code: (await refusal.json()).code as string | undefined };
}

/** Lends one copy of `codAcervo` to the patron of `token` (the other copies stay lent too). */
async function lendTo(db: Db, token: string, codAcervo: number) {
  const me = await (await get(t.app, "/api/autenticar/dados-usuario", token)).json();
  const copy = await db
    .selectFrom("exemplar")
    .select(["cod_exemplar", "cod_biblioteca"])
    .where("cod_acervo", "=", codAcervo)
    .orderBy("cod_exemplar")
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db
    .insertInto("emprestimo")
    .values({
      cod_exemplar: copy.cod_exemplar,
      cod_pessoa: me.user.cod_pessoa,
      cod_biblioteca: copy.cod_biblioteca,
      data_emprestimo: now,
      data_devolucao_prevista: now,
      renovacoes: 0,
      data_devolucao: null,
    })
    .execute();
}

describe("hold options say what stops this patron's hold, with the code POST /reserva refuses it with", () => {
  it("a patron who already holds the title: reserva_existente, and their place in the queue", async () => {
    const [title] = await insertTitles(t.db, [{ titulo: "Já reservado por mim", copies: 1 }]);
    await lendAll(t.db, title);
    const [first, me] = await patrons(t.db, 2, "ja-reservado");
    for (const tok of [first, me]) expect((await post(t.app, "/api/reserva", tok, { cod_acervo: title, biblioteca: 1 })).status).toBe(201);
    const { options, status, code } = await impedimentAndRefusal(me, title);
    expect(options).toMatchObject({ impedimento: "reserva_existente", minha_reserva: { posicao: 2 }, fila: 1 });
    expect([status, code]).toEqual([422, "reserva_existente"]);
    // The patron ahead of them is told the same, with their own place.
    expect((await impedimentAndRefusal(first, title)).options).toMatchObject({ impedimento: "reserva_existente", minha_reserva: { posicao: 1 } });
  });

  it("a patron who has the title on loan: titulo_emprestado", async () => {
    const [title] = await insertTitles(t.db, [{ titulo: "Emprestado para mim", copies: 2 }]);
    await lendAll(t.db, title);
    const [me] = await patrons(t.db, 1, "emprestado");
    await lendTo(t.db, me, title);
    const { options, status, code } = await impedimentAndRefusal(me, title);
    expect(options).toMatchObject({ impedimento: "titulo_emprestado", minha_reserva: null });
    expect([status, code]).toEqual([422, "titulo_emprestado"]);
  });

  it("a patron at their category's limit of holds: limite_reservas", async () => {
    const titles = await insertTitles(
      t.db,
      [1, 2, 3, 4].map((i) => ({ titulo: `No limite ${i}`, copies: 1 })),
    );
    for (const id of titles) await lendAll(t.db, id);
    const [me] = await patrons(t.db, 1, "no-limite");
    for (const id of titles.slice(0, 3)) expect((await post(t.app, "/api/reserva", me, { cod_acervo: id, biblioteca: 1 })).status).toBe(201);
    const { options, status, code } = await impedimentAndRefusal(me, titles[3]);
    expect(options.impedimento).toBe("limite_reservas");
    expect([status, code]).toEqual([422, "limite_reservas"]);
  });

  it("a patron whose link ended with a no-debts declaration: usuario_desvinculado, even for a title with a copy on the shelf", async () => {
    const [lent, free] = await insertTitles(t.db, [
      { titulo: "Emprestado, para desvinculado", copies: 1 },
      { titulo: "Na estante, para desvinculado", copies: 1 },
    ]);
    await lendAll(t.db, lent);
    const [me] = await patrons(t.db, 1, "desvinculado");
    const person = await t.db.selectFrom("pessoa").select("cod_pessoa").where("nome_pessoa", "=", "Leitor desvinculado 0").executeTakeFirstOrThrow();
    await t.db.updateTable("pessoa").set({ desvinculado_em: new Date().toISOString() }).where("cod_pessoa", "=", person.cod_pessoa).execute();
    for (const id of [lent, free]) {
      const { options, status, code } = await impedimentAndRefusal(me, id);
      expect(options.impedimento).toBe("usuario_desvinculado");
      expect([status, code]).toEqual([422, "usuario_desvinculado"]);
    }
  });

  it("a patron blocked by the library: usuario_bloqueado", async () => {
    const blocked = (await login(t.app, "bloqueado")).access_token;
    const { options, status, code } = await impedimentAndRefusal(blocked, lentTitle);
    expect(options.impedimento).toBe("usuario_bloqueado");
    expect([status, code]).toEqual([403, "usuario_bloqueado"]);
  });

  it("a patron the title's copies refuse, who also has it on loan, is told what the POST says first: exemplar_disponivel", async () => {
    const [title] = await insertTitles(t.db, [{ titulo: "Um emprestado, outro na estante", copies: 2 }]);
    const [me] = await patrons(t.db, 1, "outro-na-estante");
    const copy = await t.db
      .selectFrom("exemplar")
      .select("cod_exemplar")
      .where("cod_acervo", "=", title)
      .orderBy("cod_exemplar")
      .executeTakeFirstOrThrow();
    await t.db.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_exemplar", "=", copy.cod_exemplar).execute();
    await lendTo(t.db, me, title);
    const { options, code } = await impedimentAndRefusal(me, title);
    expect([options.impedimento, code]).toEqual(["exemplar_disponivel", "exemplar_disponivel"]);
  });

  it("without a patron (a public token) only the title's copies count", async () => {
    const [title] = await insertTitles(t.db, [{ titulo: "Sem leitor", copies: 1 }]);
    await lendAll(t.db, title);
    const options = await (await get(t.app, `/api/reserva/${title}/informacoes-iniciais`, await publicToken(t.app))).json();
    expect(options).toMatchObject({ impedimento: null, minha_reserva: null });
  });
});

describe("placing a hold", () => {
  it("refuses a public token", async () => {
    const res = await post(t.app, "/api/reserva", await publicToken(t.app), { cod_acervo: lentTitle, biblioteca: 1 });
    expect(res.status).toBe(403);
  });

  it("refuses a hold while a copy is available, with the spec's message", async () => {
    const [free] = await insertTitles(t.db, [{ titulo: "Outro disponível", copies: 1 }]);
    const res = await post(t.app, "/api/validar-fila", demo, { cod_acervo: free, biblioteca: 1 });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "exemplar_disponivel" });
  });

  it("requires every option to be chosen when the copies have volumes", async () => {
    const [multi] = await insertTitles(t.db, [{ titulo: "Obra em volumes", copies: 2 }]);
    const copies = await t.db.selectFrom("exemplar").select("cod_exemplar").where("cod_acervo", "=", multi).orderBy("cod_exemplar").execute();
    await t.db.updateTable("exemplar").set({ volume: "1" }).where("cod_exemplar", "=", copies[0].cod_exemplar).execute();
    await t.db.updateTable("exemplar").set({ volume: "2" }).where("cod_exemplar", "=", copies[1].cod_exemplar).execute();
    await lendAll(t.db, multi);
    const opts = await (await get(t.app, `/api/reserva/${multi}/informacoes-iniciais`, demo)).json();
    expect(opts.volumes).toEqual(["1", "2"]);
    const missing = await post(t.app, "/api/validar-fila", demo, { cod_acervo: multi, biblioteca: 1 });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual({ volume: ["O campo acima é obrigatório."] });
    const wrongLibrary = await post(t.app, "/api/validar-fila", demo, { cod_acervo: multi, biblioteca: 2, volume: "1" });
    expect((await wrongLibrary.json()).errors).toHaveProperty("biblioteca");
    const ok = await post(t.app, "/api/validar-fila", demo, { cod_acervo: multi, biblioteca: 1, volume: "2" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ posicao: 1, fila: 0 });
  });

  it("places a hold at the end of the queue and lists it", async () => {
    const [title] = await insertTitles(t.db, [{ titulo: "Fila simples", copies: 1 }]);
    await lendAll(t.db, title);
    const res = await post(t.app, "/api/reserva", demo, { cod_acervo: title, biblioteca: 1, chave_envio: "chave-simples-0001" });
    expect(res.status).toBe(201);
    const hold = await res.json();
    expect(hold).toMatchObject({ cod_acervo: title, posicao: 1, situacao: "ativa", criada: true });
    const mine = await (await get(t.app, "/api/reserva", demo)).json();
    expect(mine.map((h: { cod_reserva: number }) => h.cod_reserva)).toContain(hold.cod_reserva);
  });

  it("creates one hold when the same form is submitted twice, even at the same moment", async () => {
    const [title] = await insertTitles(t.db, [{ titulo: "Envio duplo", copies: 1 }]);
    await lendAll(t.db, title);
    const [token] = await patrons(t.db, 1, "duplo");
    const body = { cod_acervo: title, biblioteca: 1, chave_envio: "chave-dupla-0000001" };
    const [a, b] = await Promise.all([post(t.app, "/api/reserva", token, body), post(t.app, "/api/reserva", token, body)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 201]);
    const again = await post(t.app, "/api/reserva", token, body);
    expect(again.status).toBe(200);
    expect((await again.json()).criada).toBe(false);
    const n = await t.db
      .selectFrom("reserva")
      .select(sql<number>`count(*)`.as("n"))
      .where("cod_acervo", "=", title)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it("refuses a second hold on the same title with a new form", async () => {
    const [title] = await insertTitles(t.db, [{ titulo: "Segunda reserva", copies: 1 }]);
    await lendAll(t.db, title);
    const [token] = await patrons(t.db, 1, "segunda");
    expect((await post(t.app, "/api/reserva", token, { cod_acervo: title, biblioteca: 1, chave_envio: "primeira-chave-1" })).status).toBe(201);
    const res = await post(t.app, "/api/reserva", token, { cod_acervo: title, biblioteca: 1, chave_envio: "segunda-chave-2" }, "5");
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "reserva_existente", message: "You already have an active hold on this title." });
  });

  it("refuses a hold over the category's limit", async () => {
    const titles = await insertTitles(
      t.db,
      [1, 2, 3, 4].map((i) => ({ titulo: `Limite ${i}`, copies: 1 })),
    );
    for (const id of titles) await lendAll(t.db, id);
    const [token] = await patrons(t.db, 1, "limite");
    for (const id of titles.slice(0, 3)) expect((await post(t.app, "/api/reserva", token, { cod_acervo: id, biblioteca: 1 })).status).toBe(201);
    const res = await post(t.app, "/api/reserva", token, { cod_acervo: titles[3], biblioteca: 1 });
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe("limite_reservas");
  });

  it("gives concurrent holds on one title unique, contiguous positions, across two database connections", async () => {
    const [title] = await insertTitles(t.db, [{ titulo: "Fila concorrida", copies: 1 }]);
    await lendAll(t.db, title);
    const url = t.databaseUrl ?? `file:${(await sql<{ file: string }>`PRAGMA database_list`.execute(t.db)).rows[0].file}`;
    const db2 = openDatabase({ databaseUrl: url, dataDir: "." });
    const app2 = createApiApp({ db: db2, mailer: { send: async () => {} } });
    try {
      const tokens = await patrons(t.db, 16, "fila");
      const responses = await Promise.all(
        tokens.map((tok, i) => post(i % 2 ? app2 : t.app, "/api/reserva", tok, { cod_acervo: title, biblioteca: 1 })),
      );
      expect(responses.map((r) => r.status)).toEqual(tokens.map(() => 201));
      const positions = (await Promise.all(responses.map((r) => r.json()))).map((h: { posicao: number }) => h.posicao).sort((a, b) => a - b);
      expect(positions).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    } finally {
      await db2.destroy();
    }
  });

  it("has the database refuse two active holds in one queue position", async () => {
    const [title] = await insertTitles(t.db, [{ titulo: "Posição repetida", copies: 1 }]);
    const row = { cod_acervo: title, cod_biblioteca: 1, posicao: 1, situacao: "ativa", data_reserva: new Date().toISOString() };
    await t.db
      .insertInto("reserva")
      .values({ ...row, cod_pessoa: 3 })
      .execute();
    await expect(
      t.db
        .insertInto("reserva")
        .values({ ...row, cod_pessoa: 5 })
        .execute(),
    ).rejects.toThrow(/UNIQUE|unique constraint/); // SQLite's words, PostgreSQL's
    // A cancelled hold frees its position.
    await t.db
      .insertInto("reserva")
      .values({ ...row, cod_pessoa: 5, situacao: "cancelada" })
      .execute();
  });
});

describe("language of the titles (Estante addition)", () => {
  it("gives each active and past hold its title's MARC language code, for the portal's lang", async () => {
    const [english, portuguese] = await insertTitles(t.db, [
      { titulo: "The lent English title", idioma: "eng", copies: 1 },
      { titulo: "Título emprestado em português", copies: 1 },
    ]);
    await lendAll(t.db, english);
    await lendAll(t.db, portuguese);
    const [token] = await patrons(t.db, 1, "idioma");
    for (const id of [english, portuguese]) expect((await post(t.app, "/api/reserva", token, { cod_acervo: id, biblioteca: 1 })).status).toBe(201);

    const holds = (await (await get(t.app, "/api/reserva", token)).json()) as Array<{
      cod_reserva: number;
      cod_acervo: number;
      idioma: string | null;
    }>;
    expect(holds.map((h) => [h.cod_acervo, h.idioma])).toEqual([
      [english, "eng"],
      [portuguese, "por"],
    ]);

    const cancel = await t.app.request("/api/reserva", {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ reservas: holds.map((h) => h.cod_reserva) }),
    });
    expect(cancel.status).toBe(200);
    const past = (await (await get(t.app, "/api/reserva/historico", token)).json()) as Array<{ cod_acervo: number; idioma: string | null }>;
    expect(Object.fromEntries(past.map((h) => [h.cod_acervo, h.idioma]))).toEqual({ [english]: "eng", [portuguese]: "por" });
  });
});
