import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, login, publicToken } from "../../lib/testing.ts";
import { seedAccountProfile } from "../../seed/account-profile.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let demo: string;

beforeAll(async () => {
  t = await createTestApi();
  await seedAccountProfile(t.db);
  demo = (await login(t.app, "demo")).access_token;
});
afterAll(async () => t.cleanup());

const send = (method: string, url: string, token: string, body: unknown, lang?: string) =>
  t.app.request(url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(lang ? { lang } : {}) },
    body: JSON.stringify(body),
  });
const PD = "/api/pessoas/meu-pergamum/dados-pessoais";

describe("personal data", () => {
  it("shows every spec §3 field and which ones the patron may change", async () => {
    const body = await (await get(t.app, PD, demo)).json();
    expect(body.nome_pessoa).toBe("Ana Beatriz Souza");
    expect(Object.keys(body.dados).sort()).toEqual([
      "bairro",
      "cep",
      "cidade",
      "complemento",
      "cpf",
      "data_nascimento",
      "escolaridade",
      "estado_civil",
      "identidade",
      "localizacao",
      "logradouro",
      "nacionalidade",
      "profissao",
      "recebe_email",
      "sexo",
    ]);
    expect(body.dados).toMatchObject({ cep: "70853-030", estado_civil: "solteiro", recebe_email: true });
    expect(body.editaveis).toContain("cep");
    expect(body.editaveis).not.toContain("identidade");
  });

  it("saves a change, storing the CPF as digits and the CEP as 00000-000", async () => {
    const { access_token } = await login(t.app, "perfil1");
    const res = await send("PUT", PD, access_token, {
      logradouro: "  Rua Nova, 10 ",
      cep: "70910900",
      cpf: "111.444.777-35",
      estado_civil: "casado",
      recebe_email: false,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).dados).toMatchObject({
      logradouro: "Rua Nova, 10",
      cep: "70910-900",
      cpf: "11144477735",
      estado_civil: "casado",
      recebe_email: false,
      identidade: "7654321 SSP/DF",
    });
  });

  it("refuses a CPF with wrong check digits, a malformed CEP and an unknown marital status, writing nothing", async () => {
    const { access_token } = await login(t.app, "perfil2");
    const res = await send("PUT", PD, access_token, { cpf: "111.444.777-36", cep: "7091-900", estado_civil: "noivo", bairro: "Lago Sul" }, "5");
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors).toEqual({
      cep: ["Invalid postal code (CEP): use the format 00000-000."],
      cpf: ["Invalid CPF: check the digits."],
      estado_civil: ["Choose one of the options."],
    });
    expect((await (await get(t.app, PD, access_token)).json()).dados.bairro).toBe("Asa Norte");
  });

  it("refuses a change to a field the institution keeps read-only", async () => {
    const res = await send("PUT", PD, demo, { identidade: "999" });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.identidade[0]).toMatch(/não pode ser alterado/);
  });

  it("gives the logged-in person's e-mail, and a login's name (first name only for someone else)", async () => {
    expect(await (await get(t.app, "/api/pessoas/email-pessoa-logada", demo)).json()).toEqual({ email: "ana.souza@example.org" });
    expect(await (await get(t.app, "/api/pessoas/demo/nome", demo)).json()).toEqual({ nome: "Ana Beatriz Souza" });
    expect(await (await get(t.app, "/api/pessoas/professor/nome", demo)).json()).toEqual({ nome: "Helena" });
    expect((await get(t.app, "/api/pessoas/ninguem/nome", demo)).status).toBe(404);
  });

  it("limits lookups of a login's name per client address, like /duplicadas", async () => {
    const lookup = (user: string) =>
      t.app.request(`/api/pessoas/${user}/nome`, { headers: { authorization: `Bearer ${demo}`, "x-estante-client-ip": "198.51.100.40" } });
    const statuses = (await Promise.all(Array.from({ length: 32 }, (_, i) => lookup(i % 2 ? "professor" : `ninguem-${i}`)))).map((r) => r.status);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect((await lookup("professor")).status).toBe(429);
  });

  it("keeps personal data away from the public token", async () => {
    expect((await get(t.app, PD, await publicToken(t.app))).status).toBe(403);
  });
});

describe("password change", () => {
  const PW = "/api/pessoas/meu-pergamum/senha";

  it("lists the institution's rules", async () => {
    expect(await (await get(t.app, PW, demo)).json()).toEqual({
      length: { min: 8, max: 32 },
      has_numbers: true,
      only_numbers: false,
      special_char: true,
      diff_case: true,
      diff_name: true,
      last_pw: 3,
    });
  });

  it("refuses a wrong current password", async () => {
    const res = await send("PUT", PW, demo, { senhaAtual: "errada123", senhaNova: "Livro#2026x" });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "senha_atual_incorreta", errors: { senhaAtual: ["A senha atual está incorreta."] } });
  });

  it("refuses a password that breaks rules, with the spec's message and the rules it broke", async () => {
    const res = await send("PUT", PW, demo, { senhaAtual: "demo1234", senhaNova: "souza" }, "5");
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe("The password doesn't match all the criteria!");
    expect(body.errors.regras).toEqual(["length", "has_numbers", "special_char", "diff_case", "diff_name"]);
  });

  it("changes the password (trimmed), ends the other sessions but not this one, and refuses the last N passwords", async () => {
    const { login: loginAs } = await import("../../lib/testing.ts");
    const mine = (await loginAs(t.app, "posgrad")).access_token;
    const other = (await loginAs(t.app, "posgrad")).access_token;
    const res = await send("PUT", PW, mine, { senhaAtual: "demo1234", senhaNova: "  Estante#2026  " });
    expect(res.status).toBe(204);
    expect((await get(t.app, PD, other)).status).toBe(401);
    expect((await get(t.app, PD, mine)).status).toBe(200);
    expect((await loginAs(t.app, "posgrad", "Estante#2026")).access_token).toBeTruthy();
    // The same one again: refused by the history rule, which only the server checks.
    const reuse = await send("PUT", PW, mine, { senhaAtual: "Estante#2026", senhaNova: "Estante#2026" });
    expect((await reuse.json()).errors.regras).toEqual(["last_pw"]);
  });

  it("ends the private calendar feed along with the other sessions", async () => {
    const mine = (await login(t.app, "posgrad", "Estante#2026")).access_token;
    const { token } = (await (await send("POST", "/api/emprestimo/calendario/feed", mine, {})).json()) as { token: string };
    expect((await t.app.request(`/api/calendario/${token}`)).status).toBe(200);
    expect((await send("PUT", PW, mine, { senhaAtual: "Estante#2026", senhaNova: "Livro#2027y" })).status).toBe(204);
    expect((await t.app.request(`/api/calendario/${token}`)).status).toBe(404);
    expect(await (await get(t.app, "/api/emprestimo/calendario/feed", mine)).json()).toEqual({ token: null, criado_em: null });
  });
});

describe("my data and the loan-history choice", () => {
  it("bundles everything the library holds about the patron as JSON", async () => {
    const res = await get(t.app, "/api/pessoas/meu-pergamum/meus-dados", demo);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="meus-dados-\d{4}-\d{2}-\d{2}\.json"/);
    const body = await res.json();
    expect(body.dados_pessoais).toMatchObject({ nome_pessoa: "Ana Beatriz Souza" });
    expect(body.emprestimos).toHaveLength(3);
    expect(body.historico.length).toBeGreaterThanOrEqual(4);
    expect(body.reservas).toHaveLength(1);
    expect(body.debitos).toHaveLength(1);
    expect(body.comentarios).toHaveLength(2);
    expect(body.sugestoes).toHaveLength(4);
  });

  it("bundles the same as one CSV of section, item, field and value", async () => {
    const res = await get(t.app, "/api/pessoas/meu-pergamum/meus-dados?formato=csv", demo);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A UTF-8 byte-order mark, so spreadsheets read the accents right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n")[0]).toBe("secao,item,campo,valor");
    expect(text).toContain("dados_pessoais,1,nome_pessoa,Ana Beatriz Souza");
    expect(text).toMatch(/\r\nsugestoes,4,titulo,/);
  });

  it("needs a confirmation to stop keeping the history, then deletes it (keeping a loan a debit needs)", async () => {
    const { access_token } = await login(t.app, "perfil1");
    const H = "/api/pessoas/meu-pergamum/historico-privacidade";
    expect(await (await get(t.app, H, access_token)).json()).toEqual({ guardar: true, total: 3 });
    const refused = await send("PUT", H, access_token, { guardar: false });
    expect(refused.status).toBe(422);
    expect((await refused.json()).code).toBe("confirmacao_necessaria");
    const done = await send("PUT", H, access_token, { guardar: false, confirmar: true });
    expect(await done.json()).toEqual({ guardar: false, apagados: 3 });
    expect(await (await get(t.app, H, access_token)).json()).toEqual({ guardar: false, total: 0 });
    // demo's late return carries a debit: it survives the deletion.
    await send("PUT", H, demo, { guardar: false, confirmar: true });
    expect((await (await get(t.app, H, demo)).json()).total).toBe(1);
    await send("PUT", H, demo, { guardar: true });
  });
});

describe("my comments", () => {
  it("lists the titles commented on and each comment with its moderation status", async () => {
    const titles = await (await get(t.app, "/api/comentarios/usuario/acervos", demo)).json();
    expect(titles).toHaveLength(1);
    expect(titles[0].total).toBe(2);
    const comments = await (await get(t.app, `/api/comentarios/usuario/acervo/${titles[0].cod_acervo}`, demo)).json();
    expect(comments.map((c: { situacao: string }) => c.situacao)).toEqual(["rejeitado", "aprovado"]);
  });

  it("deletes the patron's own comment, and nobody else's", async () => {
    const { access_token } = await login(t.app, "perfil2");
    const [mine] = await (await get(t.app, "/api/comentarios/usuario", access_token)).json();
    expect((await send("DELETE", `/api/comentarios/usuario/${mine.cod_comentario}`, demo, {})).status).toBe(404);
    expect((await send("DELETE", `/api/comentarios/usuario/${mine.cod_comentario}`, access_token, {})).status).toBe(204);
    expect(await (await get(t.app, "/api/comentarios/usuario", access_token)).json()).toEqual([]);
  });
});

describe("my purchase suggestions", () => {
  it("lists the 14 statuses of spec §3 in the request's language", async () => {
    const s = await (await get(t.app, "/api/aquisicao/sugestoes/situacao", demo, "5")).json();
    expect(s).toHaveLength(14);
    expect(s[0]).toEqual({ codigo: "aguardando_entrega", descricao: "Awaiting delivery" });
  });

  it("filters by status and by period", async () => {
    const all = await (await get(t.app, "/api/aquisicao/sugestoes", demo)).json();
    expect(all.map((s: { situacao: string }) => s.situacao)).toEqual(["pre_sugestao", "em_cotacao", "atendida", "esgotada"]);
    expect((await (await get(t.app, "/api/aquisicao/sugestoes?situacao=atendida", demo)).json()).map((s: { titulo: string }) => s.titulo)).toEqual([
      "Anatomia humana básica",
    ]);
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const recent = await (await get(t.app, `/api/aquisicao/sugestoes?dataIni=${day(-60)}&dataFim=${day(0)}`, demo)).json();
    expect(recent).toHaveLength(2);
  });

  it("needs both dates, start not after end", async () => {
    expect((await get(t.app, "/api/aquisicao/sugestoes?dataIni=2026-01-01", demo)).status).toBe(422);
    expect((await get(t.app, "/api/aquisicao/sugestoes?dataIni=2026-02-01&dataFim=2026-01-01", demo)).status).toBe(422);
    expect((await get(t.app, "/api/aquisicao/sugestoes?situacao=inventada", demo)).status).toBe(422);
  });
});
