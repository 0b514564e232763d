import crypto from "node:crypto";
import { sql } from "kysely";
import * as hashMigration from "../../db/migrations/083-calendar-feed-hash.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCirculation, seedRenewalRules } from "../../seed/circulation.ts";
import { createTestApi, get, login } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let leitor: string;
let leitor2: string;

type Pendente = {
  cod_emprestimo: number;
  titulo: string;
  renovavel: boolean;
  motivo: string | null;
  motivo_mensagem: string | null;
  tipo: string;
  renovacoes: number;
  data_devolucao_prevista: string;
  atrasado: boolean;
};

function send(method: string, url: string, token: string, body?: unknown, lang = "1") {
  return t.app.request(url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", lang },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function pendentes(token: string): Promise<Pendente[]> {
  return (await (await get(t.app, "/api/emprestimo/titulos-pendentes", token)).json()) as Pendente[];
}

beforeAll(async () => {
  t = await createTestApi({ titles: 40 });
  await seedCirculation(t.db);
  leitor = (await login(t.app, "leitor")).access_token;
  leitor2 = (await login(t.app, "leitor2")).access_token;
});
afterAll(async () => t.cleanup());

describe("current loans", () => {
  it("say, before the patron tries, which loans can be renewed and why the others cannot", async () => {
    const loans = await pendentes(leitor);
    expect(loans).toHaveLength(5);
    const reasons = loans.map((l) => (l.renovavel ? "ok" : l.motivo)).sort();
    expect(reasons).toEqual(["atrasado", "horario", "limite", "ok", "reservado"]);
    const overdue = loans.find((l) => l.motivo === "atrasado")!;
    expect(overdue.atrasado).toBe(true);
    expect(overdue.motivo_mensagem).toBe("Em atraso: sua categoria não permite renovar.");
  });

  it("word the reasons in the lang header's language", async () => {
    const res = await get(t.app, "/api/emprestimo/titulos-pendentes", leitor, "5");
    const loans = (await res.json()) as Pendente[];
    expect(loans.find((l) => l.motivo === "reservado")?.motivo_mensagem).toBe("Reserved by another patron.");
  });

  it("refuse a public token", async () => {
    const tok = await t.app.request("/api/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials&client_id=4",
    });
    const { access_token } = (await tok.json()) as { access_token: string };
    expect((await get(t.app, "/api/emprestimo/titulos-pendentes", access_token)).status).toBe(403);
  });
});

describe("renewal", () => {
  it("renews the renewable loan and gives every other loan its reason (renew all)", async () => {
    const res = await send("POST", "/api/emprestimo/renovacao", leitor, { todos: true, chave_envio: "form-key-all-1" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      renovados: number;
      total: number;
      resultados: Array<{ renovado: boolean; motivo: string | null; data_devolucao_prevista: string }>;
    };
    expect(body.total).toBe(5);
    expect(body.renovados).toBe(1);
    const renewed = body.resultados.find((r) => r.renovado)!;
    // Undergraduates get 14 days from today.
    const days = (Date.parse(renewed.data_devolucao_prevista) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13);
    expect(days).toBeLessThan(15.1);
    expect(
      body.resultados
        .filter((r) => !r.renovado)
        .map((r) => r.motivo)
        .sort(),
    ).toEqual(["atrasado", "horario", "limite", "reservado"]);
  });

  it("renews once when the same form is submitted twice, even at the same time", async () => {
    const loans = await pendentes(leitor2);
    const target = loans.find((l) => l.renovavel)!;
    const body = { emprestimos: [target.cod_emprestimo], chave_envio: "double-submit-key" };
    const [a, b] = await Promise.all([
      send("POST", "/api/emprestimo/renovacao", leitor2, body),
      send("POST", "/api/emprestimo/renovacao", leitor2, body),
    ]);
    const ra = (await a.json()) as { resultados: Array<{ renovado: boolean; data_devolucao_prevista: string }> };
    const rb = (await b.json()) as { resultados: Array<{ renovado: boolean; data_devolucao_prevista: string }> };
    expect(ra.resultados[0].renovado).toBe(true);
    expect(rb.resultados[0]).toEqual(ra.resultados[0]);
    const again = await send("POST", "/api/emprestimo/renovacao", leitor2, body);
    expect(((await again.json()) as typeof ra).resultados[0]).toEqual(ra.resultados[0]);
    const after = (await pendentes(leitor2)).find((l) => l.cod_emprestimo === target.cod_emprestimo)!;
    expect(after.renovacoes).toBe(target.renovacoes + 1);
    const rows = await t.db.selectFrom("renovacao").selectAll().where("cod_emprestimo", "=", target.cod_emprestimo).execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses a renewal that would not move the due date later (a second form right after the first)", async () => {
    const target = (await pendentes(leitor2)).find((l) => l.renovacoes === 1 && l.tipo === "emprestado" && !l.atrasado)!;
    const res = await send("POST", "/api/emprestimo/renovacao", leitor2, { emprestimos: [target.cod_emprestimo], chave_envio: "another-form-key" });
    expect(((await res.json()) as { resultados: Array<{ motivo: string }> }).resultados[0].motivo).toBe("cedo");
  });

  it("needs at least one selection (422 in the request's language)", async () => {
    const res = await send("POST", "/api/emprestimo/renovacao", leitor, { emprestimos: [], chave_envio: "form-key-empty" }, "5");
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe("Select at least one loan.");
  });

  it("does not renew another patron's loan", async () => {
    const other = (await pendentes(leitor2))[0];
    const res = await send("POST", "/api/emprestimo/renovacao", leitor, { emprestimos: [other.cod_emprestimo], chave_envio: "form-key-other" });
    expect(((await res.json()) as { resultados: Array<{ motivo: string }> }).resultados[0].motivo).toBe("nao_encontrado");
  });

  it("follows the category: a professor may renew an overdue loan, an undergraduate may not", async () => {
    await seedRenewalRules(t.db);
    const prof = (await login(t.app, "professor")).access_token;
    // The professor's loan that nobody holds.
    const loan = (await pendentes(prof)).find((l) => l.motivo !== "reservado")!;
    await t.db
      .updateTable("emprestimo")
      .set({ data_devolucao_prevista: new Date(Date.now() - 3 * 86_400_000).toISOString(), renovacoes: 0 })
      .where("cod_emprestimo", "=", loan.cod_emprestimo)
      .execute();
    const res = await send("POST", "/api/emprestimo/renovacao", prof, { emprestimos: [loan.cod_emprestimo], chave_envio: "form-key-prof" });
    expect(((await res.json()) as { resultados: Array<{ renovado: boolean }> }).resultados[0].renovado).toBe(true);
  });

  it("refuses every loan of a patron blocked by the library, and of one whose debits exceed the category's limit", async () => {
    const target = (await pendentes(leitor2)).find((l) => l.motivo === "atrasado")!;
    await t.db.updateTable("categoria").set({ renova_atrasado: 1 }).where("cod_categoria", "=", "01").execute();
    await t.db.insertInto("debito").values({ cod_pessoa: 61, valor_multa: 80, tipo_servico: "Empréstimo", motivo: "Atraso" }).execute();
    expect((await pendentes(leitor2)).find((l) => l.cod_emprestimo === target.cod_emprestimo)?.motivo).toBe("debito");
    await t.db.updateTable("pessoa").set({ bloqueado: 1 }).where("cod_pessoa", "=", 61).execute();
    expect((await pendentes(leitor2)).every((l) => l.motivo === "bloqueado")).toBe(true);
    await t.db.updateTable("pessoa").set({ bloqueado: 0 }).where("cod_pessoa", "=", 61).execute();
    await t.db.deleteFrom("debito").where("cod_pessoa", "=", 61).execute();
    await t.db.updateTable("categoria").set({ renova_atrasado: 0 }).where("cod_categoria", "=", "01").execute();
  });
});

describe("loan history", () => {
  const range = (ini: string, fim: string, extra = "") => `/api/emprestimo/historico?dataIni=${ini}&dataFim=${fim}${extra}`;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  it("lists the loans made in the range, newest first, paged", async () => {
    const res = await get(t.app, range(day(-365), day(0), "&qtd=3&pagina=1"), leitor);
    const body = (await res.json()) as { total: number; itens: Array<{ data_emprestimo: string }> };
    expect(body.total).toBe(8);
    expect(body.itens).toHaveLength(3);
    expect(body.itens[0].data_emprestimo >= body.itens[1].data_emprestimo).toBe(true);
    const page3 = (await (await get(t.app, range(day(-365), day(0), "&qtd=3&pagina=3"), leitor)).json()) as { itens: unknown[] };
    expect(page3.itens).toHaveLength(2);
    const narrow = (await (await get(t.app, range(day(-100), day(-50)), leitor)).json()) as { total: number };
    expect(narrow.total).toBe(2);
  });

  it("keeps only loans with a fine when asked", async () => {
    const body = (await (await get(t.app, range(day(-365), day(0), "&multa=S"), leitor)).json()) as {
      total: number;
      itens: Array<{ multa: number }>;
    };
    expect(body.total).toBe(1);
    expect(body.itens[0].multa).toBe(6);
  });

  it("needs both dates, and a start not after the end", async () => {
    const missing = await get(t.app, `/api/emprestimo/historico?dataIni=${day(-5)}`, leitor);
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { errors: Record<string, string[]> }).errors.dataFim).toEqual(["Informe as duas datas."]);
    const inverted = await get(t.app, range(day(0), day(-5)), leitor, "5");
    expect(inverted.status).toBe(422);
    expect(((await inverted.json()) as { message: string }).message).toBe("The start date cannot be after the end date.");
  });
});

describe("due-date calendar", () => {
  it("downloads an iCalendar with one all-day event per current loan", async () => {
    const res = await get(t.app, "/api/emprestimo/calendario", leitor);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    const text = await res.text();
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(5);
    expect(text).toMatch(/DTSTART;VALUE=DATE:\d{8}/);
  });

  it("makes an hourly loan a timed event ending at its due hour, and the others all-day events", async () => {
    const text = await (await get(t.app, "/api/emprestimo/calendario", leitor)).text();
    const hourly = await t.db
      .selectFrom("emprestimo as m")
      .innerJoin("login as l", "l.cod_pessoa", "m.cod_pessoa")
      .select("m.data_devolucao_prevista")
      .where("l.usuario", "=", "leitor")
      .where("m.tipo", "=", "horario")
      .where("m.data_devolucao", "is", null)
      .executeTakeFirstOrThrow();
    const stamp = (d: Date) =>
      d
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
    expect(text).toContain(`DTEND:${stamp(new Date(hourly.data_devolucao_prevista))}`);
    expect(text.match(/DTSTART;VALUE=DATE:/g)).toHaveLength(4);
  });

  it("serves a private feed by its token until the patron revokes it, and a new token replaces the old", async () => {
    const first = (await (await send("POST", "/api/emprestimo/calendario/feed", leitor)).json()) as { token: string };
    expect((await t.app.request(`/api/calendario/${first.token}`)).status).toBe(200);
    const second = (await (await send("POST", "/api/emprestimo/calendario/feed", leitor)).json()) as { token: string };
    expect((await t.app.request(`/api/calendario/${first.token}`)).status).toBe(404);
    expect(await (await t.app.request(`/api/calendario/${second.token}`)).text()).toContain("BEGIN:VEVENT");
    await send("DELETE", "/api/emprestimo/calendario/feed", leitor);
    expect((await t.app.request(`/api/calendario/${second.token}`)).status).toBe(404);
    expect(((await (await get(t.app, "/api/emprestimo/calendario/feed", leitor)).json()) as { token: string | null }).token).toBeNull();
  });

  it("keeps only a hash of the feed's token and shows the token only when it is made", async () => {
    const made = (await (await send("POST", "/api/emprestimo/calendario/feed", leitor)).json()) as { token: string; criado_em: string };
    const stored = await t.db.selectFrom("calendario_feed").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(made.token);
    expect(stored.map((r) => r.token_hash)).toContain(crypto.createHash("sha256").update(made.token).digest("hex"));
    expect(await (await get(t.app, "/api/emprestimo/calendario/feed", leitor)).json()).toEqual({ token: null, criado_em: made.criado_em });
    expect((await t.app.request(`/api/calendario/${made.token}`)).status).toBe(200);
    // The hash itself is not a way in.
    expect((await t.app.request(`/api/calendario/${stored[0].token_hash}`)).status).toBe(404);
  });

  it("keeps a feed made before the tokens were hashed working after the upgrade (migration 083)", async () => {
    const made = (await (await send("POST", "/api/emprestimo/calendario/feed", leitor)).json()) as { token: string };
    // The table as it was before: the token in clear.
    const { cod_pessoa } = await t.db.selectFrom("calendario_feed").select("cod_pessoa").executeTakeFirstOrThrow();
    await hashMigration.down(t.db);
    await sql`INSERT INTO calendario_feed (cod_pessoa, token) VALUES (${cod_pessoa}, ${made.token})`.execute(t.db);
    await hashMigration.up(t.db);
    expect(JSON.stringify(await t.db.selectFrom("calendario_feed").selectAll().execute())).not.toContain(made.token);
    expect((await t.app.request(`/api/calendario/${made.token}`)).status).toBe(200);
  });
});

describe("loan token", () => {
  it("has none until generated, then an eight-digit token valid for a few minutes; a new one replaces it", async () => {
    expect(((await (await get(t.app, "/api/emprestimo/token", leitor)).json()) as { token: string | null }).token).toBeNull();
    const made = (await (await send("POST", "/api/emprestimo/token", leitor)).json()) as { token: string; valido_ate: string };
    expect(made.token).toMatch(/^\d{8}$/);
    const minutes = (Date.parse(made.valido_ate) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(await (await get(t.app, "/api/emprestimo/token", leitor)).json()).toEqual(made);
    await t.db
      .updateTable("token_emprestimo")
      .set({ valido_ate: new Date(t.clock.now() - 1000).toISOString() })
      .execute();
    expect(((await (await get(t.app, "/api/emprestimo/token", leitor)).json()) as { token: string | null }).token).toBeNull();
  });
});

describe("language of the titles (Estante addition)", () => {
  it("gives each current and past loan its title's MARC language code, for the portal's lang", async () => {
    const leitor3 = (await login(t.app, "leitor3")).access_token;
    const [first] = (await (await get(t.app, "/api/emprestimo/titulos-pendentes", leitor3)).json()) as Array<{ cod_acervo: number }>;
    await t.db.updateTable("acervo").set({ idioma: "ger" }).where("cod_acervo", "=", first.cod_acervo).execute();

    const loans = (await (await get(t.app, "/api/emprestimo/titulos-pendentes", leitor3)).json()) as Array<{
      cod_acervo: number;
      idioma: string | null;
    }>;
    expect(loans.find((l) => l.cod_acervo === first.cod_acervo)?.idioma).toBe("ger");
    const others = loans.filter((l) => l.cod_acervo !== first.cod_acervo);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((l) => l.idioma === "por")).toBe(true);

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const history = (await (await get(t.app, `/api/emprestimo/historico?dataIni=${day(-365)}&dataFim=${day(0)}&todos=S`, leitor3)).json()) as {
      itens: Array<{ cod_acervo: number; idioma: string | null }>;
    };
    expect(history.itens.find((h) => h.cod_acervo === first.cod_acervo)?.idioma).toBe("ger");
    expect(history.itens.every((h) => h.cod_acervo === first.cod_acervo || h.idioma === "por")).toBe(true);
  });
});
