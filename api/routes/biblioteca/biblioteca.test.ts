import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "../../app.ts";
import { insertRequest } from "../../db/library-requests.ts";
import { createTestApi, get, login, publicToken, staffRequest, TEST_STAFF_TOKEN } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let patron: string;
const COMUNIDADE = 6;
const COMUNIDADE2 = 7;

const send = (method: string, url: string, tok: string | null, body?: unknown, lang = "1") =>
  t.app.request(url, {
    method,
    headers: { ...(tok ? { authorization: `Bearer ${tok}` } : {}), "content-type": "application/json", lang },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  t = await createTestApi();
  await t.db.updateTable("pessoa").set({ cpf: "529.982.247-25" }).where("cod_pessoa", "=", COMUNIDADE).execute();
  await t.db
    .insertInto("debito")
    .values({ cod_pessoa: COMUNIDADE, cod_biblioteca: 1, valor_multa: 25, tipo_servico: "Empréstimo", motivo: "Devolução com atraso" })
    .execute();
  patron = (await login(t.app, "comunidade")).access_token;
});
afterAll(async () => t.cleanup());

async function newSlip(tok: string) {
  const res = await send("POST", "/api/gru", tok, { valor: 25, codBiblioteca: 1 });
  expect([200, 201]).toContain(res.status);
  return (await res.json()).cod_gru as number;
}

describe("a patron cannot mark their own fines paid", () => {
  it("has no patron route to pay a slip, so the no-debts declaration stays refused", async () => {
    const gru = await newSlip(patron);
    expect((await send("POST", `/api/gru/${gru}/pagamento`, patron)).status).toBe(404);
    expect((await (await get(t.app, `/api/gru/${gru}`, patron)).json()).situacao).toBe("emitida");
    const declaration = await send("POST", "/api/nada-consta", patron, { confirmacao: true });
    expect(declaration.status).toBe(422);
    expect((await declaration.json()).code).toBe("nada_consta_pendencias");
  });

  it("refuses the patron's token on the library's payment confirmation with 403", async () => {
    const gru = await newSlip(patron);
    const res = await send("POST", `/api/biblioteca/gru/${gru}/pagamento`, patron, undefined, "5");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: "somente_biblioteca", message: "Only the library may do this." });
    expect((await (await get(t.app, `/api/gru/${gru}`, patron)).json()).situacao).toBe("emitida");
  });
});

describe("the staff channel's credential", () => {
  it("refuses the public client's token with 403 and a missing or wrong credential with 401", async () => {
    expect((await send("POST", "/api/biblioteca/comentarios/1/aprovacao", await publicToken(t.app))).status).toBe(403);
    const none = await send("POST", "/api/biblioteca/comentarios/1/aprovacao", null);
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe("credencial_biblioteca");
    expect((await send("POST", "/api/biblioteca/comentarios/1/aprovacao", `${TEST_STAFF_TOKEN}x`)).status).toBe(401);
    expect((await send("POST", "/api/biblioteca/comentarios/1/aprovacao", TEST_STAFF_TOKEN.slice(0, -1))).status).toBe(401);
  });

  it("keeps the channel closed when no staff credential is configured, or one too short to be safe", async () => {
    for (const staffToken of ["", "short-secret"]) {
      const closed = createApiApp({ db: t.db, mailer: { send: async () => {} }, staffToken });
      const res = await closed.request("/api/biblioteca/comentarios/1/aprovacao", {
        method: "POST",
        headers: { authorization: `Bearer ${staffToken || "anything"}` },
      });
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe("canal_biblioteca_fechado");
    }
  });

  it("leaves the public directory's GET /api/biblioteca/{code} to everyone", async () => {
    const res = await get(t.app, "/api/biblioteca/1", await publicToken(t.app));
    expect(res.status).toBe(200);
  });

  it("checks the credential before reading the body: a patron's malformed body is still 403", async () => {
    const res = await t.app.request("/api/biblioteca/pessoas/6/bloqueio", {
      method: "POST",
      headers: { authorization: `Bearer ${patron}`, "content-type": "application/json" },
      body: '{"motivo": ""}',
    });
    expect(res.status).toBe(403);
    expect((await t.db.selectFrom("pessoa").select("bloqueado").where("cod_pessoa", "=", COMUNIDADE).executeTakeFirstOrThrow()).bloqueado).toBe(0);
  });
});

describe("the library's actions", () => {
  it("confirms a payment once: the slip is paid, its debits settled, and the declaration can then be issued", async () => {
    const gru = await newSlip(patron);
    const answers = await Promise.all([1, 2, 3].map(() => staffRequest(t.app, "POST", `/api/biblioteca/gru/${gru}/pagamento`)));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(bodies.filter((b) => b.alterado)).toHaveLength(1);
    expect((await (await get(t.app, "/api/emprestimo/debitos-pendentes", patron)).json()).total).toBe(0);
    expect((await send("POST", "/api/nada-consta", patron, { confirmacao: true })).status).toBe(201);
  });

  it("answers 404 for a slip that does not exist and 422 for an id that is not a number", async () => {
    expect((await staffRequest(t.app, "POST", "/api/biblioteca/gru/99999/pagamento")).status).toBe(404);
    expect((await staffRequest(t.app, "POST", "/api/biblioteca/gru/abc/pagamento")).status).toBe(422);
  });

  it("approves a comment awaiting approval, which then shows to everyone", async () => {
    const row = await t.db
      .insertInto("comentario")
      .values({ cod_acervo: 1, cod_pessoa: COMUNIDADE2, cod_biblioteca: 1, texto: "Bom livro." })
      .returning("cod_comentario")
      .executeTakeFirstOrThrow();
    const res = await staffRequest(t.app, "POST", `/api/biblioteca/comentarios/${row.cod_comentario}/aprovacao`);
    expect(await res.json()).toEqual({ id: row.cod_comentario, alterado: true, situacao: "aprovado" });
    const shown = await (await get(t.app, "/api/comentarios/acervo/1", await publicToken(t.app))).json();
    expect(shown.map((c: { texto: string }) => c.texto)).toContain("Bom livro.");
  });

  it("rejects a comment awaiting approval, and refuses to reject one already approved with 409", async () => {
    const row = await t.db
      .insertInto("comentario")
      .values({ cod_acervo: 1, cod_pessoa: COMUNIDADE2, cod_biblioteca: 1, texto: "Spam" })
      .returning("cod_comentario")
      .executeTakeFirstOrThrow();
    expect(await (await staffRequest(t.app, "POST", `/api/biblioteca/comentarios/${row.cod_comentario}/rejeicao`)).json()).toMatchObject({
      situacao: "rejeitado",
    });
    const approve = await staffRequest(t.app, "POST", `/api/biblioteca/comentarios/${row.cod_comentario}/aprovacao`, undefined, "5");
    expect(approve.status).toBe(409);
    expect(await approve.json()).toEqual({ code: "situacao_invalida", message: "The record is not in a state this action applies to." });
  });

  it("answers a purchase suggestion with one of the spec's statuses and refuses any other status with 422", async () => {
    const row = await t.db
      .insertInto("sugestao_aquisicao")
      .values({ cod_pessoa: COMUNIDADE2, cod_biblioteca: 1, titulo: "Obra sugerida", editor: "Editora" })
      .returning("cod_sugestao")
      .executeTakeFirstOrThrow();
    const url = `/api/biblioteca/sugestoes/${row.cod_sugestao}/resposta`;
    expect((await staffRequest(t.app, "POST", url, { situacao: "paga" })).status).toBe(422);
    expect(await (await staffRequest(t.app, "POST", url, { situacao: "em_cotacao" })).json()).toMatchObject({
      alterado: true,
      situacao: "em_cotacao",
    });
    const stored = await t.db
      .selectFrom("sugestao_aquisicao")
      .select("situacao")
      .where("cod_sugestao", "=", row.cod_sugestao)
      .executeTakeFirstOrThrow();
    expect(stored.situacao).toBe("em_cotacao");
  });

  it("moves a patron's loan request on to available, and refuses to reopen a finished one with 409", async () => {
    const row = await t.db
      .insertInto("solicitacao_emprestimo")
      .values({
        cod_acervo: 1,
        cod_pessoa: COMUNIDADE2,
        biblioteca_origem: 1,
        biblioteca_recebimento: 1,
        telefone: "61999990000",
        email: "c2@example.org",
        cod_local_recebimento: 1,
      })
      .returning("cod_solicitacao")
      .executeTakeFirstOrThrow();
    const url = `/api/biblioteca/solicitacoes-emprestimo/${row.cod_solicitacao}/resposta`;
    expect((await staffRequest(t.app, "POST", url, { situacao: "aguardando" })).status).toBe(422);
    expect(await (await staffRequest(t.app, "POST", url, { situacao: "disponivel" })).json()).toMatchObject({
      alterado: true,
      situacao: "disponivel",
    });
    expect(await (await staffRequest(t.app, "POST", url, { situacao: "disponivel" })).json()).toMatchObject({ alterado: false });
    expect(await (await staffRequest(t.app, "POST", url, { situacao: "finalizada" })).json()).toMatchObject({
      alterado: true,
      situacao: "finalizada",
    });
    expect((await staffRequest(t.app, "POST", url, { situacao: "transito" })).status).toBe(409);
    expect((await send("POST", url, patron, { situacao: "disponivel" })).status).toBe(403);
  });

  it("answers a request to the library with a status and the library's words, seen by the patron", async () => {
    const req = await insertRequest(t.db, {
      cod_pessoa: COMUNIDADE2,
      tipo: "ficha-catalografica",
      subtipo: null,
      dados: JSON.stringify({ titulo: "Tese" }),
      chave_duplicidade: "k1",
    });
    const res = await staffRequest(t.app, "POST", `/api/biblioteca/solicitacoes/${req.cod_solicitacao}/resposta`, {
      situacao: "atendida",
      resposta: "Ficha enviada por e-mail.",
    });
    expect(await res.json()).toMatchObject({ alterado: true, situacao: "atendida" });
    const mine = await (await get(t.app, "/api/solicitacoes/ficha-catalografica", (await login(t.app, "comunidade2")).access_token)).json();
    expect(mine[0]).toMatchObject({ situacao: "atendida", resposta: { texto: "Ficha enviada por e-mail." } });
  });

  it("makes an active hold ready for pickup until the given number of days, and refuses a cancelled hold with 409", async () => {
    const now = new Date(t.clock.now()).toISOString();
    const [active, cancelled] = await Promise.all(
      ["ativa", "cancelada"].map((situacao, i) =>
        t.db
          .insertInto("reserva")
          .values({ cod_acervo: 2 + i, cod_pessoa: COMUNIDADE2, cod_biblioteca: 1, posicao: 90, situacao, data_reserva: now })
          .returning("cod_reserva")
          .executeTakeFirstOrThrow(),
      ),
    );
    const res = await staffRequest(t.app, "POST", `/api/biblioteca/reservas/${active.cod_reserva}/disponivel`, { dias: 2, localizacao: "Balcão" });
    const body = await res.json();
    expect(body).toMatchObject({ alterado: true });
    expect(Date.parse(body.data_liberacao) - t.clock.now()).toBe(2 * 86_400_000);
    expect((await staffRequest(t.app, "POST", `/api/biblioteca/reservas/${cancelled.cod_reserva}/disponivel`)).status).toBe(409);
    expect((await staffRequest(t.app, "POST", `/api/biblioteca/reservas/${active.cod_reserva}/disponivel`, { dias: 0 })).status).toBe(422);
  });

  it("blocks a patron with a reason, which stops their writes, and unblocks them", async () => {
    const tok = (await login(t.app, "comunidade2")).access_token;
    expect((await staffRequest(t.app, "POST", `/api/biblioteca/pessoas/${COMUNIDADE2}/bloqueio`, { motivo: "  " })).status).toBe(422);
    expect(
      await (await staffRequest(t.app, "POST", `/api/biblioteca/pessoas/${COMUNIDADE2}/bloqueio`, { motivo: "Livro perdido" })).json(),
    ).toMatchObject({ bloqueado: true });
    expect((await send("POST", "/api/pesquisas-salvas", tok, { nome: "x", consulta: "?termo=x" })).status).toBe(403);
    expect(await (await staffRequest(t.app, "DELETE", `/api/biblioteca/pessoas/${COMUNIDADE2}/bloqueio`)).json()).toMatchObject({
      alterado: true,
      bloqueado: false,
    });
    expect((await send("POST", "/api/pesquisas-salvas", tok, { nome: "x", consulta: "?termo=x" })).status).toBe(201);
  });
});
