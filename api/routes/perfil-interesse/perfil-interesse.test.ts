import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disseminateNewTitles, todayOf } from "../../domain/interest-profiles.ts";
import { importFiles } from "../../marc/import.ts";
import type { OutgoingMail } from "../../mail/index.ts";
import { createTestApi, get, insertTitles, login, publicToken } from "../../lib/testing.ts";
import { monthBefore } from "./index.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let demo: string;
let journal: number;

beforeAll(async () => {
  t = await createTestApi({ titles: 0 });
  await t.db
    .insertInto("tipo_obra")
    .values([
      { cod_tipo_obra: 2, descricao: "Periódico" },
      { cod_tipo_obra: 3, descricao: "Tese / dissertação" },
    ])
    .execute();
  await insertTitles(t.db, [
    { titulo: "Memórias póstumas de Brás Cubas", autor: "Machado de Assis", assuntos: ["Literatura brasileira"] },
    { titulo: "Dom Casmurro", autor: "Machado de Assis", assuntos: ["Literatura brasileira", "Romance"] },
  ]);
  [journal] = await insertTitles(t.db, [{ titulo: "Revista Brasileira de Biblioteconomia" }]);
  await t.db.updateTable("acervo").set({ cod_tipo_obra: 2 }).where("cod_acervo", "=", journal).execute();
  demo = (await login(t.app, "demo")).access_token;
});
afterAll(async () => t.cleanup());

const send = (method: string, url: string, token: string, body: unknown, lang?: string) =>
  t.app.request(`/api/perfil-interesse/${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(lang ? { lang } : {}) },
    body: JSON.stringify(body),
  });
const inDays = (days: number) => todayOf(Date.now() + days * 86_400_000);

describe("interest profile: areas, authors and subjects", () => {
  it("finds authors and subjects of the catalogue by part of their name, accents and case aside", async () => {
    const res = await get(t.app, "/api/perfil-interesse/pesquisa?tipoDSI=autor&termo=MACHADO", demo);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      expect.objectContaining({ codigo: "machado-de-assis", descricao: "Machado de Assis", tipoDSI: "autor", total: 2 }),
    ]);
    const subjects = await (await get(t.app, "/api/perfil-interesse/pesquisa?tipoDSI=assunto&termo=literatura", demo)).json();
    expect(subjects.map((s: { codigo: string }) => s.codigo)).toEqual(["literatura-brasileira"]);
  });

  it("refuses a search term shorter than 3 characters, naming the field", async () => {
    const res = await get(t.app, "/api/perfil-interesse/pesquisa?tipoDSI=autor&termo=ma", demo);
    expect(res.status).toBe(422);
    expect((await res.json()).errors.termo).toEqual(["Informe ao menos 3 caracteres."]);
    expect((await get(t.app, "/api/perfil-interesse/pesquisa?tipoDSI=editora&termo=abc", demo)).status).toBe(422);
  });

  it("saves items with the profile's expiry date, lists them, and removes one", async () => {
    const { access_token } = await login(t.app, "posgrad");
    const res = await send("POST", "area-autor-assunto", access_token, { tipoDSI: "autor", validade: inDays(30), itens: ["machado-de-assis"] });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      validade: inDays(30),
      itens: [{ codigo: "machado-de-assis", tipoDSI: "autor", codTipoArea: 0, descricao: "Machado de Assis" }],
    });
    // Saving the same item again keeps one.
    await send("POST", "area-autor-assunto", access_token, { tipoDSI: "autor", validade: inDays(30), itens: ["machado-de-assis"] });
    await send("POST", "area-autor-assunto", access_token, { tipoDSI: "area", validade: inDays(30), itens: ["8"] });
    const profile = await (await get(t.app, "/api/perfil-interesse/area-autor-assunto", access_token)).json();
    expect(profile.itens.map((i: { tipoDSI: string; codigo: string }) => `${i.tipoDSI}:${i.codigo}`)).toEqual(["area:8", "autor:machado-de-assis"]);
    expect((await send("DELETE", "area-autor-assunto", access_token, { codigo: "8", tipoDSI: "area", codTipoArea: 1 })).status).toBe(204);
    expect((await send("DELETE", "area-autor-assunto", access_token, { codigo: "8", tipoDSI: "area", codTipoArea: 1 })).status).toBe(404);
  });

  it("refuses codes the catalogue does not know, an empty list and a past or too distant expiry date", async () => {
    const bad = await send("POST", "area-autor-assunto", demo, { tipoDSI: "assunto", validade: inDays(10), itens: ["nao-existe"] });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors.itens).toBeDefined();
    expect(
      (await (await send("POST", "area-autor-assunto", demo, { tipoDSI: "assunto", validade: inDays(10), itens: [] })).json()).errors.itens,
    ).toEqual(["Escolha ao menos um item."]);
    const past = await send("POST", "area-autor-assunto", demo, { tipoDSI: "autor", validade: inDays(-1), itens: ["machado-de-assis"] }, "5");
    expect(past.status).toBe(422);
    expect((await past.json()).errors.validade).toEqual(["The expiry date cannot be before today."]);
    const far = await send("PUT", "area-autor-assunto/validade", demo, { validade: inDays(800) });
    expect((await far.json()).errors.validade).toEqual(["A validade pode ser de no máximo dois anos a partir de hoje."]);
    expect((await send("PUT", "area-autor-assunto/validade", demo, { validade: "amanhã" })).status).toBe(422);
  });

  it("changes the expiry date", async () => {
    const res = await send("PUT", "area-autor-assunto/validade", demo, { validade: inDays(60) });
    expect(res.status).toBe(200);
    expect((await res.json()).validade).toBe(inDays(60));
  });

  it("keeps the profile away from the public token", async () => {
    expect((await get(t.app, "/api/perfil-interesse/area-autor-assunto", await publicToken(t.app))).status).toBe(403);
  });
});

describe("interest profile: periodicals and work types", () => {
  it("finds periodicals by title and follows one with at least one journal type", async () => {
    const found = await (await get(t.app, "/api/perfil-interesse/periodicos/pesquisa?termo=biblioteconomia", demo)).json();
    expect(found).toEqual([{ cod_acervo: journal, titulo: "Revista Brasileira de Biblioteconomia", issn: null, seguido: false }]);
    const none = await send("POST", "periodicos", demo, { cod_acervo: journal, tipos: [] });
    expect(none.status).toBe(422);
    expect((await none.json()).errors.tipos).toEqual(["Escolha ao menos um tipo de periódico."]);
    expect((await send("POST", "periodicos", demo, { cod_acervo: journal, tipos: ["sumarios"] })).status).toBe(201);
    expect((await (await send("POST", "periodicos", demo, { cod_acervo: journal, tipos: ["sumarios"] })).json()).code).toBe("periodico_existente");
    const changed = await send("PUT", "periodicos", demo, { cod_acervo: journal, tipos: ["fasciculos", "sumarios"] });
    expect(await changed.json()).toMatchObject({ cod_acervo: journal, tipos: ["fasciculos", "sumarios"] });
    expect((await send("PUT", "periodicos", demo, { cod_acervo: journal, tipos: [] })).status).toBe(422);
    const list = await (await get(t.app, "/api/perfil-interesse/periodicos", demo)).json();
    expect(list).toEqual([expect.objectContaining({ cod_acervo: journal, tipos: ["fasciculos", "sumarios"] })]);
    expect((await send("DELETE", "periodicos", demo, { cod_acervo: journal })).status).toBe(204);
    expect((await send("DELETE", "periodicos", demo, { cod_acervo: journal })).status).toBe(404);
  });

  it("refuses to follow a title that is not a periodical", async () => {
    const book = (await t.db.selectFrom("acervo").select("cod_acervo").where("cod_tipo_obra", "=", 1).executeTakeFirstOrThrow()).cod_acervo;
    const res = await send("POST", "periodicos", demo, { cod_acervo: book, tipos: ["fasciculos"] });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.cod_acervo).toEqual(["Este título não é um periódico."]);
  });

  it("narrows the profile to work types: add, replace, remove, and unknown types refused", async () => {
    expect((await send("POST", "tipo-obra", demo, { cod_tipo_obra: 3 })).status).toBe(201);
    expect((await send("POST", "tipo-obra", demo, { cod_tipo_obra: 3 })).status).toBe(200);
    expect((await send("POST", "tipo-obra", demo, { cod_tipo_obra: 99 })).status).toBe(422);
    const put = await send("PUT", "tipo-obra", demo, { tipos: [1, 2] });
    expect((await put.json()).filter((w: { selecionado: boolean }) => w.selecionado).map((w: { cod_tipo_obra: number }) => w.cod_tipo_obra)).toEqual([
      1, 2,
    ]);
    expect((await send("PUT", "tipo-obra", demo, { tipos: [1, 42] })).status).toBe(422);
    expect((await send("DELETE", "tipo-obra", demo, { cod_tipo_obra: 2 })).status).toBe(204);
    expect((await send("DELETE", "tipo-obra", demo, { cod_tipo_obra: 2 })).status).toBe(404);
    const list = await (await get(t.app, "/api/perfil-interesse/tipo-obra", demo)).json();
    expect(list.filter((w: { selecionado: boolean }) => w.selecionado).map((w: { cod_tipo_obra: number }) => w.cod_tipo_obra)).toEqual([1]);
    await send("PUT", "tipo-obra", demo, { tipos: [] });
  });
});

const MARCXML = (
  records: Array<{ id: string; title: string; author: string; subject: string; cls: string }>,
) => `<?xml version="1.0" encoding="UTF-8"?>
<collection xmlns="http://www.loc.gov/MARC21/slim">${records
  .map(
    (r) => `<record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">${r.id}</controlfield>
  <datafield tag="082" ind1="0" ind2="4"><subfield code="a">${r.cls}</subfield></datafield>
  <datafield tag="100" ind1="1" ind2=" "><subfield code="a">${r.author}</subfield></datafield>
  <datafield tag="245" ind1="1" ind2="0"><subfield code="a">${r.title}</subfield></datafield>
  <datafield tag="650" ind1=" " ind2="4"><subfield code="a">${r.subject}</subfield></datafield></record>`,
  )
  .join("")}</collection>`;

describe("interest profile: new titles in the catalogue", () => {
  it("alerts and e-mails the patron once when imported titles match the profile, and not for other titles", async () => {
    const { access_token } = await login(t.app, "funcionario");
    await send("POST", "area-autor-assunto", access_token, { tipoDSI: "assunto", validade: inDays(90), itens: ["literatura-brasileira"] });
    await send("POST", "area-autor-assunto", access_token, { tipoDSI: "area", validade: inDays(90), itens: ["5"] });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-dsi-"));
    const file = path.join(dir, "novos.xml");
    fs.writeFileSync(
      file,
      MARCXML([
        { id: "dsi-1", title: "Quincas Borba", author: "Assis, Machado de", subject: "Literatura brasileira", cls: "869.3" },
        { id: "dsi-2", title: "Cálculo diferencial", author: "Souza, Pedro", subject: "Matemática", cls: "515" },
        { id: "dsi-3", title: "Receitas da vovó", author: "Lima, Rosa", subject: "Culinária", cls: "641.5" },
      ]),
    );
    const mail: OutgoingMail[] = [];
    const mailer = { send: async (m: OutgoingMail) => void mail.push(m) };
    const hook = async (ids: number[]) => void (await disseminateNewTitles(t.db, mailer, ids));
    const summary = await importFiles(t.db, [file], { onTitlesAdded: hook });
    expect(summary).toMatchObject({ imported: 3, errors: [] });

    const alerts = await (await get(t.app, "/api/solicitacoes/alertas", access_token)).json();
    expect(alerts.alertas).toHaveLength(1);
    expect(alerts.alertas[0]).toMatchObject({ tipo: "perfil_interesse", dados: { total: 2 } });
    expect(alerts.alertas[0].mensagem).toContain("Quincas Borba");
    expect(alerts.alertas[0].mensagem).toContain("Cálculo diferencial");
    expect(alerts.alertas[0].mensagem).not.toContain("Receitas");
    expect(mail).toHaveLength(1);
    expect(mail[0].to).toEqual(["juliana.alves@example.org"]);
    expect(mail[0].text).toMatch(/Quincas Borba \/ Assis, Machado de/);
    expect(mail[0].text).not.toContain("Receitas");

    // A re-import updates the titles: nothing new arrives, nobody is told again.
    await importFiles(t.db, [file], { onTitlesAdded: hook });
    expect((await (await get(t.app, "/api/solicitacoes/alertas", access_token)).json()).alertas).toHaveLength(1);
    expect(mail).toHaveLength(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("leaves out expired profiles, titles of other work types, and the e-mail when the patron does not want e-mails", async () => {
    const [a, b] = await insertTitles(t.db, [
      { titulo: "Helena", autor: "Machado de Assis", assuntos: ["Romance"] },
      { titulo: "Iaiá Garcia", autor: "Machado de Assis", assuntos: ["Romance"] },
    ]);
    await t.db.updateTable("acervo").set({ cod_tipo_obra: 3 }).where("cod_acervo", "=", b).execute();
    const { access_token } = await login(t.app, "comunidade");
    await send("POST", "area-autor-assunto", access_token, { tipoDSI: "autor", validade: inDays(5), itens: ["machado-de-assis"] });
    await send("PUT", "tipo-obra", access_token, { tipos: [1] });
    await t.db.updateTable("pessoa").set({ recebe_email: 0 }).where("cod_pessoa", "=", 6).execute();
    const mail: OutgoingMail[] = [];
    // Both profiles naming the author (comunidade's, 5 days; posgrad's, 30) have ended 40 days from now.
    expect(await disseminateNewTitles(t.db, { send: async (m) => void mail.push(m) }, [a, b], inDays(40))).toBe(0);
    expect(await disseminateNewTitles(t.db, { send: async (m) => void mail.push(m) }, [a, b])).toBe(2);
    const alerts = (await (await get(t.app, "/api/solicitacoes/alertas", access_token)).json()).alertas;
    expect(alerts).toEqual([
      expect.objectContaining({ tipo: "perfil_interesse", dados: expect.objectContaining({ total: 1, titulo: "Helena", cod_acervo: a }) }),
    ]);
    // posgrad (e-mails on) got one; comunidade (off) none.
    expect(mail.map((m) => m.to[0])).toEqual(["rafael.santos@example.org"]);
  });
});

describe("areas of interest", () => {
  it("lists the catalogue's areas marking the profile's, and the titles of the profile's areas", async () => {
    const { access_token } = await login(t.app, "funcionario");
    const info = await (await get(t.app, "/api/perfil-interesse/areas-interesse/info-auxiliar", access_token)).json();
    expect(info.areas).toEqual(
      expect.arrayContaining([{ codigo: "5", descricao: "500 – Ciências naturais e matemática", total: 1, selecionada: true }]),
    );
    expect(info.areas.find((a: { codigo: string }) => a.codigo === "6")).toMatchObject({ selecionada: false });
    const titles = await (await get(t.app, "/api/perfil-interesse/areas-interesse/titulos", access_token)).json();
    expect(titles).toMatchObject({ total: 1, pagina: 1, resultados: [{ titulo: "Cálculo diferencial", area: "5" }] });
    const other = await (await get(t.app, "/api/perfil-interesse/areas-interesse/titulos?area=6", access_token)).json();
    expect(other.resultados.map((r: { titulo: string }) => r.titulo)).toEqual(["Receitas da vovó"]);
    expect((await get(t.app, "/api/perfil-interesse/areas-interesse/titulos?area=zz", access_token)).status).toBe(422);
  });
});

describe("check titles (spec §2, §9)", () => {
  it("lists the titles added from today back one month: the profile's areas when it names some, otherwise every one", async () => {
    const [recent, old] = await insertTitles(t.db, [{ titulo: "Geometria recente" }, { titulo: "Geometria antiga" }]);
    await t.db.updateTable("acervo").set({ classificacao: "516" }).where("cod_acervo", "in", [recent, old]).execute();
    await t.db.updateTable("acervo").set({ created_at: "2020-01-01 10:00:00" }).where("cod_acervo", "=", old).execute();
    // funcionario's profile names area 5 (above): only area 5, only the last month.
    const { access_token } = await login(t.app, "funcionario");
    const mine = await (await get(t.app, "/api/perfil-interesse/verificar-titulos", access_token)).json();
    expect(mine).toMatchObject({ porPerfil: true, desde: monthBefore(todayOf()) });
    const titles = mine.resultados.map((r: { titulo: string }) => r.titulo);
    expect(titles).toContain("Geometria recente");
    expect(titles).not.toContain("Geometria antiga");
    expect(titles).not.toContain("Receitas da vovó");
    expect(mine.resultados.every((r: { area: string }) => r.area === "5")).toBe(true);
    // A patron without areas in the profile: every title of the month, newest first.
    const { access_token: other } = await login(t.app, "professor");
    const all = await (await get(t.app, "/api/perfil-interesse/verificar-titulos?qtd=100", other)).json();
    expect(all.porPerfil).toBe(false);
    expect(all.resultados.map((r: { titulo: string }) => r.titulo)).toEqual(
      expect.arrayContaining(["Geometria recente", "Receitas da vovó", "Dom Casmurro"]),
    );
    expect(all.resultados.map((r: { titulo: string }) => r.titulo)).not.toContain("Geometria antiga");
    expect(all.total).toBe(all.resultados.length);
    expect((await get(t.app, "/api/perfil-interesse/verificar-titulos?pagina=0", other)).status).toBe(422);
  });

  it("starts the window one calendar month before today, on the month's last day when it is shorter", () => {
    expect(monthBefore("2026-11-25")).toBe("2026-10-25");
    expect(monthBefore("2026-03-31")).toBe("2026-02-28");
    expect(monthBefore("2028-03-30")).toBe("2028-02-29");
    expect(monthBefore("2026-01-15")).toBe("2025-12-15");
  });
});
