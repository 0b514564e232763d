import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetKey } from "../../db/rate-limit.ts";
import { createTestApi, get, login, publicToken } from "../../lib/testing.ts";
import { DEMO_DECLARATION_CODE, DEMO_REPOSITORY_LINK, seedDeclarations } from "../../seed/declarations.ts";
import { normalizeVerificationCode } from "../../domain/no-debts.ts";
import type { OutgoingMail } from "../../mail/index.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;

beforeAll(async () => {
  t = await createTestApi();
  await seedDeclarations(t.db);
  EGRESSO = (await t.db.selectFrom("login").select("cod_pessoa").where("usuario", "=", "egresso").executeTakeFirstOrThrow()).cod_pessoa;
});
afterAll(async () => t.cleanup());

const token = async (user: string) => (await login(t.app, user)).access_token;
const send = (method: string, url: string, tok: string, body?: unknown, lang?: string) =>
  t.app.request(url, {
    method,
    headers: { authorization: `Bearer ${tok}`, "content-type": "application/json", ...(lang ? { lang } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const PDF = Buffer.from("%PDF-1.7\n% a declaration\n%%EOF\n");
const mail = (tok: string, file: Blob | null, lang = "1") => {
  const form = new FormData();
  if (file !== null) form.set("arquivo", file, "nada-consta.pdf");
  return t.app.request("/api/nada-consta/send-mail", { method: "POST", headers: { authorization: `Bearer ${tok}`, lang }, body: form });
};
/** The patron the demo's declaration was issued to (login egresso). */
let EGRESSO: number;

describe("the no-debts declaration: who may have it", () => {
  it("lists what is pending for a patron with loans, a hold and a debit, and refuses to issue", async () => {
    const demo = await token("demo");
    const status = await (await get(t.app, "/api/nada-consta/verifica", demo)).json();
    expect(status.pode_emitir).toBe(false);
    expect(status.declaracao).toBeNull();
    expect(status.pendencias.map((p: { codigo: string }) => p.codigo)).toEqual(["emprestimos", "reservas", "debitos"]);
    expect(status.pendencias[0]).toMatchObject({ quantidade: 3, descricao: "Empréstimos em aberto: 3" });
    const res = await send("POST", "/api/nada-consta", demo, { confirmacao: true }, "5");
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe("nada_consta_pendencias");
    expect(body.errors.pendencias).toEqual(["Loans not returned: 3", "Active holds: 1", "Unpaid debits: 1"]);
  });

  it("lets a patron with a clean record issue it", async () => {
    const status = await (await get(t.app, "/api/nada-consta/verifica", await token("formando"))).json();
    expect(status).toEqual({ pode_emitir: true, pendencias: [], declaracao: null });
  });

  it("needs an explicit confirmation, since it removes the patron from the information unit", async () => {
    const tok = await token("formando");
    for (const body of [{}, { confirmacao: false }]) {
      const res = await send("POST", "/api/nada-consta", tok, body);
      expect(res.status).toBe(422);
      expect((await res.json()).errors.confirmacao[0]).toMatch(/encerra o seu vínculo/);
    }
    expect((await (await get(t.app, "/api/nada-consta/verifica", tok)).json()).declaracao).toBeNull();
  });

  it("answers a missing or malformed body with a 4xx, never issuing", async () => {
    const tok = await token("formando");
    const none = await t.app.request("/api/nada-consta", { method: "POST", headers: { authorization: `Bearer ${tok}` } });
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(none.status).toBeLessThan(500);
    const bad = await t.app.request("/api/nada-consta", {
      method: "POST",
      headers: { authorization: `Bearer ${tok}`, "content-type": "application/json" },
      body: "{confirmacao",
    });
    expect(bad.status).toBe(400);
    const wrongType = await send("POST", "/api/nada-consta", tok, { confirmacao: "sim" });
    expect(wrongType.status).toBe(422);
    expect((await (await get(t.app, "/api/nada-consta/verifica", tok)).json()).declaracao).toBeNull();
  });

  it("keeps the declaration away from the public token", async () => {
    const pub = await publicToken(t.app);
    expect((await get(t.app, "/api/nada-consta/verifica", pub)).status).toBe(403);
    expect((await send("POST", "/api/nada-consta", pub, { confirmacao: true })).status).toBe(403);
  });
});

describe("the no-debts declaration: issuing and checking it", () => {
  it("issues it once with a verification code, and a repeated confirmation answers the same declaration", async () => {
    const tok = await token("formando2");
    const first = await send("POST", "/api/nada-consta", tok, { confirmacao: true });
    expect(first.status).toBe(201);
    const issued = await first.json();
    expect(issued).toMatchObject({
      nome_pessoa: "Bruno Teixeira Mendes",
      documento: "2022000909",
      categoria: "Aluno de graduação",
      instituicao: { sigla: "UFD" },
    });
    expect(issued.codigo).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const again = await send("POST", "/api/nada-consta", tok, { confirmacao: true });
    expect(again.status).toBe(200);
    expect((await again.json()).codigo).toBe(issued.codigo);
    const status = await (await get(t.app, "/api/nada-consta/verifica", tok)).json();
    expect(status.pode_emitir).toBe(false);
    expect(status.declaracao.codigo).toBe(issued.codigo);
  });

  it("removes the patron from the information unit: no new holds or loan requests afterwards", async () => {
    const tok = await token("formando3");
    expect((await send("POST", "/api/nada-consta", tok, { confirmacao: true })).status).toBe(201);
    const person = await t.db
      .selectFrom("pessoa")
      .select("desvinculado_em")
      .where("nome_pessoa", "=", "Clara Azevedo Pinto")
      .executeTakeFirstOrThrow();
    expect(person.desvinculado_em).not.toBeNull();
    const hold = await send("POST", "/api/validar-fila", tok, { cod_acervo: 1, biblioteca: 1 });
    expect(hold.status).toBe(422);
    expect((await hold.json()).code).toBe("usuario_desvinculado");
  });

  it("lets anyone check a code (without the document number), typed in any case and with or without dashes", async () => {
    const pub = await publicToken(t.app);
    const res = await get(t.app, `/api/nada-consta/verificar?codigo=${encodeURIComponent(" demo nada 2026 ".replace(/ /g, ""))}`, pub);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      codigo: DEMO_DECLARATION_CODE,
      nome_pessoa: "Daniel Rocha Fernandes",
      categoria: "Aluno de graduação",
      instituicao: { sigla: "UFD" },
    });
    expect(body).not.toHaveProperty("documento");
    expect(body).not.toHaveProperty("cod_pessoa");
    expect(normalizeVerificationCode("demo-nada-2026")).toBe(DEMO_DECLARATION_CODE);
  });

  it("answers 404 for an unknown code and 422 for a malformed one", async () => {
    const pub = await publicToken(t.app);
    const unknown = await get(t.app, "/api/nada-consta/verificar?codigo=AAAA-BBBB-CCCC", pub);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe("nada_consta_nao_encontrada");
    for (const codigo of ["", "ABC", "AAAA-BBBB-CCC!"]) {
      const bad = await get(t.app, `/api/nada-consta/verificar?codigo=${encodeURIComponent(codigo)}`, pub);
      expect(bad.status).toBe(422);
      expect((await bad.json()).errors.codigo).toHaveLength(1);
    }
  });
});

describe("the no-debts declaration: by e-mail", () => {
  it("e-mails a PDF the API built from the declaration, never the file the patron sent along", async () => {
    await resetKey(t.db, `nada-consta-email:${EGRESSO}`);
    const before = t.outbox.length;
    const res = await mail(await token("egresso"), new Blob([PDF], { type: "application/pdf" }), "5");
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ enviado: true, email: "d***s@example.org" });
    const sent = t.outbox[before] as OutgoingMail;
    expect(sent.to).toEqual(["daniel.fernandes@example.org"]);
    expect(sent.text).toContain(DEMO_DECLARATION_CODE);
    const pdf = sent.attachments?.[0];
    expect(pdf).toMatchObject({ filename: `nada-consta-${DEMO_DECLARATION_CODE}.pdf`, contentType: "application/pdf" });
    expect(pdf!.content.equals(PDF)).toBe(false);
    expect(pdf!.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The document's title (an uncompressed string object), in the language asked for.
    expect(pdf!.content.toString("latin1")).toContain("(No-debts declaration)");
  });

  it("mails with no body at all, as the portal sends it", async () => {
    await resetKey(t.db, `nada-consta-email:${EGRESSO}`);
    const res = await t.app.request("/api/nada-consta/send-mail", { method: "POST", headers: { authorization: `Bearer ${await token("egresso")}` } });
    expect(res.status).toBe(202);
  });

  it("refuses a patron without a declaration with 404", async () => {
    const none = await mail(await token("formando"), null);
    expect(none.status).toBe(404);
    expect((await none.json()).code).toBe("nada_consta_inexistente");
  });

  it("sends at most three e-mails an hour, even when asked for in parallel, then 429", async () => {
    await resetKey(t.db, `nada-consta-email:${EGRESSO}`);
    const tok = await token("egresso");
    const before = t.outbox.length;
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => mail(tok, null)));
    expect(answers.map((r) => r.status).sort()).toEqual([202, 202, 202, 429, 429]);
    expect((await answers.find((r) => r.status === 429)!.json()).code).toBe("envio_limite");
    expect(t.outbox.length - before).toBe(3);
    t.clock.advance(3601);
    expect((await mail(await token("egresso"), null)).status).toBe(202);
  });
});

describe("absences", () => {
  it("lists the patron's absences, latest first, each with where it stands today", async () => {
    const res = await get(t.app, "/api/pessoas/afastamentos", await token("professor"));
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.map((a: { motivo: string; situacao: string }) => [a.motivo, a.situacao])).toEqual([
      ["Férias", "em_curso"],
      ["Licença para capacitação", "encerrado"],
    ]);
    expect(list[0].data_inicio).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("filters by state, refuses an unknown state, and is empty for a patron without absences", async () => {
    const posgrad = await token("posgrad");
    expect(
      (await (await get(t.app, "/api/pessoas/afastamentos?situacao=previsto", posgrad)).json()).map((a: { motivo: string }) => a.motivo),
    ).toEqual(["Intercâmbio acadêmico"]);
    expect(await (await get(t.app, "/api/pessoas/afastamentos?situacao=encerrado", posgrad)).json()).toEqual([]);
    expect((await get(t.app, "/api/pessoas/afastamentos?situacao=talvez", posgrad)).status).toBe(422);
    expect(await (await get(t.app, "/api/pessoas/afastamentos", await token("formando"))).json()).toEqual([]);
    expect((await get(t.app, "/api/pessoas/afastamentos", await publicToken(t.app))).status).toBe(403);
  });
});

describe("paper posting", () => {
  it("hands the patron over to the configured repository with a one-time ticket", async () => {
    const res = await send("POST", "/api/pessoas/postagem-trabalho/redirect", await token("formando"));
    expect(res.status).toBe(200);
    const { url } = await res.json();
    expect(url.startsWith(`${DEMO_REPOSITORY_LINK}?token=`)).toBe(true);
  });

  it("answers 404 postagem_indisponivel when no repository is configured", async () => {
    const inst = await t.db.selectFrom("instituicao").select("parametros").executeTakeFirstOrThrow();
    const params = JSON.parse(inst.parametros) as Record<string, unknown>;
    await t.db
      .updateTable("instituicao")
      .set({ parametros: JSON.stringify({ ...params, link_repositorio: "javascript:alert(1)" }) })
      .execute();
    try {
      const res = await send("POST", "/api/pessoas/postagem-trabalho/redirect", await token("formando"));
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe("postagem_indisponivel");
    } finally {
      await t.db.updateTable("instituicao").set({ parametros: inst.parametros }).execute();
    }
  });
});

describe("user swap", () => {
  it("ends the current session: the patron's token stops working", async () => {
    const tok = await token("funcionario");
    const res = await send("POST", "/api/pessoas/meu-pergamum/troca-usuario", tok, { usuario: "professor" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ usuario: "professor" });
    expect((await get(t.app, "/api/nada-consta/verifica", tok)).status).toBe(401);
  });

  it("needs a user name, different from the one signed in, and keeps the session when refused", async () => {
    const tok = await token("posgrad");
    const blank = await send("POST", "/api/pessoas/meu-pergamum/troca-usuario", tok, { usuario: "  " });
    expect(blank.status).toBe(422);
    expect((await blank.json()).errors.usuario).toHaveLength(1);
    const same = await send("POST", "/api/pessoas/meu-pergamum/troca-usuario", tok, { usuario: "PosGrad" });
    expect(same.status).toBe(422);
    expect((await same.json()).code).toBe("mesmo_usuario");
    expect((await get(t.app, "/api/pessoas/afastamentos", tok)).status).toBe(200);
  });
});
