import { isValidBoleto } from "@brazilian-utils/brazilian-utils";
import { parsePix } from "pix-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/index.ts";
import { nextHoldToServe } from "../domain/my-holds.ts";
import { createTestApi, get, insertTitles, login, staffRequest } from "../lib/testing.ts";
import { seedCirculationHolds } from "../seed/circulation-holds.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let leitora: string;
let demo: string;
let codLeitora: number;

function send(method: string, url: string, token: string, body?: unknown, lang = "1") {
  return t.app.request(url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", lang },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

type Hold = {
  cod_reserva: number;
  cod_acervo: number;
  posicao: number;
  estado: string;
  cod_biblioteca: number;
  suspensa_ate: string | null;
  observacao: string | null;
};
const holds = async (token: string) => (await (await get(t.app, "/api/reserva", token)).json()) as Hold[];
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A title whose only copy is lent (so it can be held), in library 1, with a second holdable copy in library 2. */
async function holdableTitle(db: Db, name: string): Promise<number> {
  const [id] = await insertTitles(db, [{ titulo: name, copies: 1 }]);
  await db
    .insertInto("exemplar")
    .values({ cod_acervo: id, cod_biblioteca: 2, codigo_barras: `L2-${id}`, situacao: "emprestado" })
    .execute();
  await db.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_acervo", "=", id).execute();
  return id;
}

async function placeHold(token: string, codAcervo: number) {
  const res = await send("POST", "/api/reserva", token, { cod_acervo: codAcervo, biblioteca: 1 });
  expect(res.status).toBe(201);
  return ((await res.json()) as { cod_reserva: number }).cod_reserva;
}

beforeAll(async () => {
  t = await createTestApi({ titles: 30 });
  await seedCirculationHolds(t.db);
  leitora = (await login(t.app, "leitora")).access_token;
  demo = (await login(t.app, "demo")).access_token;
  codLeitora = (await t.db.selectFrom("login").select("cod_pessoa").where("usuario", "=", "leitora").executeTakeFirstOrThrow()).cod_pessoa;
});
afterAll(async () => t.cleanup());

describe("the patron's holds", () => {
  it("lists every hold field with a state: one ready for pickup, one suspended behind demo's hold", async () => {
    const list = await holds(leitora);
    expect(list.map((h) => h.estado).sort()).toEqual(["disponivel", "suspensa"]);
    const suspended = list.find((h) => h.estado === "suspensa")!;
    expect(suspended.posicao).toBe(2);
    expect(list.find((h) => h.estado === "disponivel")).toMatchObject({ observacao: "Retirar no balcão de empréstimo." });
    expect(Object.keys(list[0])).toEqual(
      expect.arrayContaining(["volume", "tomo", "parte", "material_adicional", "biblioteca", "data_liberacao", "data_cancelamento", "observacao"]),
    );
  });

  it("does not count the patron's own hold among the people before them, and says they already hold the title", async () => {
    const suspended = (await holds(leitora)).find((h) => h.estado === "suspensa")!;
    const mine = await (await get(t.app, `/api/reserva/${suspended.cod_acervo}/informacoes-iniciais`, leitora)).json();
    expect(mine).toMatchObject({ fila: 1, minha_reserva: { cod_reserva: suspended.cod_reserva, posicao: 2 } });
    const someoneElse = await (
      await get(t.app, `/api/reserva/${suspended.cod_acervo}/informacoes-iniciais`, (await login(t.app, "funcionario")).access_token)
    ).json();
    expect(someoneElse).toMatchObject({ fila: 2, minha_reserva: null });
  });

  it("refuses to cancel nothing (at least one selection), in the request's language", async () => {
    const res = await send("DELETE", "/api/reserva", leitora, { reservas: [] }, "5");
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe("Invalid data.");
  });

  it("cancels the selected holds once: a repeated cancel changes nothing, another patron's hold is untouched", async () => {
    const id = await holdableTitle(t.db, "Obra para cancelar");
    const own = await placeHold(leitora, id);
    const others = await placeHold(demo, id);
    const first = await send("DELETE", "/api/reserva", leitora, { reservas: [own, others] });
    expect(await first.json()).toEqual({ canceladas: [own] });
    const again = await send("DELETE", "/api/reserva", leitora, { reservas: [own] });
    expect(await again.json()).toEqual({ canceladas: [] });
    expect((await holds(demo)).find((h) => h.cod_reserva === others)).toMatchObject({ posicao: 1 });
    const history = (await (await get(t.app, "/api/reserva/historico", leitora)).json()) as Array<{
      cod_reserva: number;
      estado: string;
      data_cancelamento: string | null;
    }>;
    expect(history.find((h) => h.cod_reserva === own)).toMatchObject({ estado: "cancelada", data_cancelamento: expect.any(String) });
    await send("DELETE", "/api/reserva", demo, { reservas: [others] });
  });

  it("suspends a hold until a date: it keeps its place and is skipped until the date has passed, then resumes", async () => {
    const id = await holdableTitle(t.db, "Obra para suspender");
    const first = await placeHold(leitora, id);
    const second = await placeHold(demo, id);
    expect((await send("PUT", `/api/reserva/${first}/suspensao`, leitora, { ate: inDays(10) })).status).toBe(204);
    const mine = (await holds(leitora)).find((h) => h.cod_reserva === first)!;
    expect(mine).toMatchObject({ estado: "suspensa", posicao: 1, suspensa_ate: inDays(10) });
    expect((await nextHoldToServe(t.db, id, today()))?.cod_reserva).toBe(second);
    expect((await nextHoldToServe(t.db, id, inDays(11)))?.cod_reserva).toBe(first);
    expect((await send("PUT", `/api/reserva/${first}/suspensao`, leitora, { ate: null })).status).toBe(204);
    expect((await holds(leitora)).find((h) => h.cod_reserva === first)!.estado).toBe("aguardando");
    await send("DELETE", "/api/reserva", leitora, { reservas: [first] });
    await send("DELETE", "/api/reserva", demo, { reservas: [second] });
  });

  it("refuses a suspension date in the past or more than a year ahead, and a hold ready for pickup", async () => {
    const list = await holds(leitora);
    const suspended = list.find((h) => h.estado === "suspensa")!;
    const past = await send("PUT", `/api/reserva/${suspended.cod_reserva}/suspensao`, leitora, { ate: today() }, "5");
    expect(past.status).toBe(422);
    expect((await past.json()).message).toBe("Enter a date from tomorrow and within 365 days.");
    expect((await send("PUT", `/api/reserva/${suspended.cod_reserva}/suspensao`, leitora, { ate: inDays(400) })).status).toBe(422);
    const ready = list.find((h) => h.estado === "disponivel")!;
    expect((await (await send("PUT", `/api/reserva/${ready.cod_reserva}/suspensao`, leitora, { ate: inDays(5) })).json()).code).toBe(
      "reserva_nao_suspensivel",
    );
    expect((await send("PUT", `/api/reserva/${suspended.cod_reserva}/suspensao`, demo, { ate: inDays(5) })).status).toBe(404);
  });

  it("changes the pickup library to one with holdable copies, but not once a copy is in transit", async () => {
    const id = await holdableTitle(t.db, "Obra para trocar de biblioteca");
    const hold = await placeHold(leitora, id);
    expect((await send("PUT", `/api/reserva/${hold}/biblioteca`, leitora, { biblioteca: 2 })).status).toBe(204);
    expect((await holds(leitora)).find((h) => h.cod_reserva === hold)!.cod_biblioteca).toBe(2);
    expect((await (await send("PUT", `/api/reserva/${hold}/biblioteca`, leitora, { biblioteca: 3 })).json()).code).toBe("biblioteca_invalida");
    await t.db.updateTable("reserva").set({ data_transito: new Date().toISOString() }).where("cod_reserva", "=", hold).execute();
    expect((await holds(leitora)).find((h) => h.cod_reserva === hold)!.estado).toBe("transito");
    const moved = await send("PUT", `/api/reserva/${hold}/biblioteca`, leitora, { biblioteca: 1 });
    expect(moved.status).toBe(422);
    expect((await moved.json()).code).toBe("reserva_em_transito");
    await send("DELETE", "/api/reserva", leitora, { reservas: [hold] });
  });
});

describe("the waiting list", () => {
  it("lets the patron leave a title's waiting list, once", async () => {
    const [id] = await insertTitles(t.db, [{ titulo: "Obra em restauro", copies: 0 }]);
    await t.db.insertInto("lista_espera").values({ cod_acervo: id, cod_pessoa: codLeitora }).execute();
    expect((await (await get(t.app, "/api/lista-espera", leitora)).json()).map((e: { cod_acervo: number }) => e.cod_acervo)).toContain(id);
    expect(await (await send("DELETE", `/api/lista-espera/${id}`, leitora)).json()).toEqual({ saiu: true });
    expect(await (await send("DELETE", `/api/lista-espera/${id}`, leitora)).json()).toEqual({ saiu: false });
    expect((await (await get(t.app, "/api/lista-espera", leitora)).json()).map((e: { cod_acervo: number }) => e.cod_acervo)).not.toContain(id);
  });
});

describe("loan requests", () => {
  type Req = { cod_solicitacao: number; situacao: string; created_at: string };
  const list = async (q = "") => (await (await get(t.app, `/api/solicitacao-emprestimo${q}`, leitora)).json()) as Req[];

  it("lists the requests in every status and filters them by status and date range", async () => {
    expect((await list()).map((r) => r.situacao).sort()).toEqual(["aguardando", "disponivel", "finalizada", "nao_finalizada", "transito"]);
    expect((await list("?status=transito")).map((r) => r.situacao)).toEqual(["transito"]);
    const recent = await list(`?dataIni=${inDays(-15)}&dataFim=${today()}`);
    expect(recent.map((r) => r.situacao).sort()).toEqual(["aguardando", "disponivel"]);
  });

  it("refuses a date range whose start is after its end", async () => {
    expect((await get(t.app, `/api/solicitacao-emprestimo?dataIni=${today()}&dataFim=${inDays(-1)}`, leitora)).status).toBe(422);
  });

  it("cancels a waiting request, and refuses to cancel one the library already handled", async () => {
    const all = await list();
    const waiting = all.find((r) => r.situacao === "aguardando")!;
    expect((await send("DELETE", `/api/solicitacao-emprestimo/${waiting.cod_solicitacao}`, leitora)).status).toBe(204);
    expect((await list("?status=cancelada")).map((r) => r.cod_solicitacao)).toEqual([waiting.cod_solicitacao]);
    const again = await send("DELETE", `/api/solicitacao-emprestimo/${waiting.cod_solicitacao}`, leitora, undefined, "5");
    expect(again.status).toBe(422);
    expect((await again.json()).message).toBe("Only a request still waiting can be cancelled.");
    expect((await send("DELETE", `/api/solicitacao-emprestimo/${waiting.cod_solicitacao}`, demo)).status).toBe(404);
  });
});

describe("GRU payment slips", () => {
  type Debits = { debitos: Array<{ cod_debito: number; total: number; biblioteca: string | null }>; total: number };
  type PaidDebits = {
    debitos: Array<{
      cod_debito: number;
      cod_acervo: number | null;
      titulo: string | null;
      motivo: string;
      valor_pago: number;
      data_pagamento: string | null;
    }>;
    total: number;
  };

  it("refuses a slip to a patron without a CPF with the spec's message", async () => {
    const res = await send("POST", "/api/gru", demo, { valor: 4.5, codBiblioteca: 1 }, "5");
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "sem_cpf", message: "User has no tax number registered." });
  });

  it("refuses an amount that is not the total of the selected debits", async () => {
    const res = await send("POST", "/api/gru", leitora, { valor: 5, codBiblioteca: 1 });
    expect((await res.json()).code).toBe("valor_divergente");
  });

  it("issues one slip with a valid PIX code for the selected debits, even when submitted twice, and the library's payment confirmation settles them", async () => {
    const before = (await (await get(t.app, "/api/emprestimo/debitos-pendentes", leitora)).json()) as Debits;
    expect(before.total).toBe(14.5);
    const res = await send("POST", "/api/gru", leitora, { valor: 13, codBiblioteca: 1 });
    expect(res.status).toBe(201);
    const slip = await res.json();
    expect(slip).toMatchObject({ valor: 13, situacao: "emitida", contribuinte: { cpf: "12345678909" } });
    expect(slip.debitos).toHaveLength(2);
    const pix = parsePix(slip.pix);
    expect(pix).toMatchObject({ transactionAmount: 13, type: "STATIC" });
    const again = await send("POST", "/api/gru", leitora, { valor: 13, codBiblioteca: 1 });
    expect(again.status).toBe(200);
    expect((await again.json()).cod_gru).toBe(slip.cod_gru);
    expect((await get(t.app, `/api/gru/${slip.cod_gru}`, demo)).status).toBe(404);

    const paid = await staffRequest(t.app, "POST", `/api/biblioteca/gru/${slip.cod_gru}/pagamento`);
    expect(await paid.json()).toEqual({ id: slip.cod_gru, alterado: true, situacao: "paga" });
    expect((await (await get(t.app, `/api/gru/${slip.cod_gru}`, leitora)).json()).situacao).toBe("paga");
    const after = (await (await get(t.app, "/api/emprestimo/debitos-pendentes", leitora)).json()) as Debits;
    expect(after.total).toBe(1.5);
    // The slip's debits are now in the paid history, with the title of the loan that caused them.
    const history = (await (await get(t.app, "/api/emprestimo/debitos-pagos", leitora)).json()) as PaidDebits;
    expect(history.debitos.map((d) => d.valor_pago).sort((a, b) => a - b)).toEqual([2, 3, 10]);
    expect(history.total).toBe(15);
    const slips = (await (await get(t.app, "/api/gru", leitora)).json()) as {
      guias: Array<{ cod_gru: number; situacao: string; data_pagamento: string | null; valor: number }>;
    };
    expect(slips.guias[0]).toMatchObject({ cod_gru: slip.cod_gru, situacao: "paga", valor: 13 });
    expect(slips.guias[0].data_pagamento).not.toBeNull();
  });

  it("answers a slip with its barcode and linha digitável, which an independent validator accepts and which carry the amount", async () => {
    const res = await send("POST", "/api/gru", leitora, { valor: 1.5, codBiblioteca: 2 });
    const slip = (await res.json()) as { cod_gru: number; codigo_barras: string; linha_digitavel: string; numero_referencia: string };
    expect(slip.codigo_barras).toMatch(/^858\d00000000150/);
    expect(isValidBoleto(slip.codigo_barras)).toBe(true);
    expect(isValidBoleto(slip.linha_digitavel)).toBe(true);
    // The linha digitável is the barcode in four blocks, each with its own check digit.
    expect([0, 12, 24, 36].map((at) => slip.linha_digitavel.slice(at, at + 11)).join("")).toBe(slip.codigo_barras);
    expect(slip.codigo_barras).toContain(slip.numero_referencia);
    const again = (await (await get(t.app, `/api/gru/${slip.cod_gru}`, leitora)).json()) as typeof slip;
    expect(again.linha_digitavel).toBe(slip.linha_digitavel);
  });

  it("lists the patron's slips (only theirs) and the paid debits with the title that caused them", async () => {
    const slips = (await (await get(t.app, "/api/gru", leitora)).json()) as {
      guias: Array<{ situacao: string; biblioteca: string; created_at: string }>;
    };
    expect(slips.guias.map((g) => g.situacao)).toContain("emitida");
    expect(slips.guias.filter((g) => g.situacao === "paga")).toHaveLength(2);
    expect((await (await get(t.app, "/api/gru", demo)).json()).guias).toEqual([]);
    const paid = (await (await get(t.app, "/api/emprestimo/debitos-pagos", leitora)).json()) as PaidDebits;
    const seeded = paid.debitos.find((d) => d.motivo === "Devolução com 4 dias de atraso")!;
    expect(seeded.titulo).toBeTruthy();
    expect(seeded.cod_acervo).toBeGreaterThan(0);
    expect(seeded.data_pagamento).toBeTruthy();
    // An open debit shows its title too.
    const open = (await (await get(t.app, "/api/emprestimo/debitos-pendentes", leitora)).json()) as { debitos: Array<{ titulo: string | null }> };
    expect(open.debitos.every((d) => d.titulo === null || d.titulo.length > 0)).toBe(true);
    expect((await get(t.app, "/api/emprestimo/debitos-pagos", "not-a-token")).status).toBe(401);
  });
});

describe("saved searches", () => {
  it("saves a search once, lists it and deletes it", async () => {
    const body = { nome: "Cartografia", consulta: "?termo=cartografia" };
    const first = await send("POST", "/api/pesquisas-salvas", leitora, body);
    expect(first.status).toBe(201);
    const saved = await first.json();
    expect(saved.consulta).toBe("termo=cartografia");
    expect((await send("POST", "/api/pesquisas-salvas", leitora, body)).status).toBe(200);
    const list = async () => (await (await get(t.app, "/api/pesquisas-salvas", leitora)).json()) as Array<{ id: number; nome: string }>;
    expect((await list()).map((s) => s.nome)).toEqual(["Cartografia", "História do Brasil"]);
    expect((await send("DELETE", `/api/pesquisas-salvas/${saved.id}`, demo)).status).toBe(404);
    expect((await send("DELETE", `/api/pesquisas-salvas/${saved.id}`, leitora)).status).toBe(204);
    expect((await list()).map((s) => s.nome)).toEqual(["História do Brasil"]);
  });

  it("refuses one saved search past the limit, in the patron's language, and saves again after a delete", async () => {
    const mine = async () => (await (await get(t.app, "/api/pesquisas-salvas", demo)).json()) as Array<{ id: number }>;
    for (let i = (await mine()).length; i < 50; i++)
      expect((await send("POST", "/api/pesquisas-salvas", demo, { nome: `Busca ${i}`, consulta: `termo=limite${i}` })).status).toBe(201);
    const over = { nome: "Mais uma", consulta: "termo=alem-do-limite" };
    const pt = await send("POST", "/api/pesquisas-salvas", demo, over);
    expect(pt.status).toBe(422);
    expect(await pt.json()).toMatchObject({
      code: "limite_pesquisas",
      message: "Limite de 50 pesquisas salvas atingido: exclua uma para salvar outra.",
    });
    const en = await send("POST", "/api/pesquisas-salvas", demo, over, "5");
    expect((await en.json()).message).toBe("Limit of 50 saved searches reached: delete one to save another.");
    const [first] = await mine();
    expect((await send("DELETE", `/api/pesquisas-salvas/${first.id}`, demo)).status).toBe(204);
    expect((await send("POST", "/api/pesquisas-salvas", demo, over)).status).toBe(201);
  });
});

describe("the permanent basket", () => {
  it("lists the saved titles, by period too, and removes the selected ones", async () => {
    type Item = { cod_acervo: number; data_inclusao: string };
    const all = (await (await get(t.app, "/api/acervo/cesta-permanente/colecao", leitora)).json()) as Item[];
    expect(all).toHaveLength(3);
    const recent = (await (
      await get(t.app, `/api/acervo/cesta-permanente/colecao?tipoBusca=periodo&dataIni=${inDays(-25)}&dataFim=${today()}`, leitora)
    ).json()) as Item[];
    expect(recent).toHaveLength(2);
    expect((await get(t.app, `/api/acervo/cesta-permanente/colecao?tipoBusca=periodo&dataIni=${today()}`, leitora)).status).toBe(422);
    const res = await send("DELETE", "/api/acervo/cesta-permanente", leitora, { acervos: [all[0].cod_acervo] });
    expect((await res.json()).total).toBe(2);
  });
});
