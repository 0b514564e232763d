import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, insertTitles, login, publicToken } from "../../lib/testing.ts";
import { parseRecipients } from "./cesta.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let casmurro: number;
let semAutor: number;

const MARC = {
  leader: "00000nam a2200000 a 4500",
  fields: [
    { "001": "demo-1" },
    { "100": { ind1: "1", ind2: " ", subfields: [{ a: "Machado de Assis, Joaquim Maria," }, { d: "1839-1908." }] } },
    { "245": { ind1: "1", ind2: "0", subfields: [{ a: "Dom Casmurro :" }, { b: "romance /" }, { c: "Machado de Assis." }] } },
    { "590": { ind1: " ", ind2: " ", subfields: [{ a: "Doação da família Souza" }] } },
  ],
};

beforeAll(async () => {
  t = await createTestApi({ patrons: true, titles: 2 });
  [casmurro, semAutor] = await insertTitles(t.db, [
    {
      titulo: "Dom Casmurro",
      subtitulo: "romance",
      autor: "Machado de Assis, Joaquim Maria, 1839-1908",
      edicao: "2. ed.",
      local_publicacao: "São Paulo",
      editora: "Penguin",
      ano_publicacao: 2019,
      assuntos: ["Ficção brasileira"],
      marc: MARC,
      copies: 2,
    },
    { titulo: "=SUM(A1) anuário estatístico", editora: "IBGE", ano_publicacao: 2020, copies: 0 },
  ]);
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

function post(url: string, body: unknown, bearer = token, method = "POST", lang?: string) {
  const headers: Record<string, string> = { "content-type": "application/json", authorization: `Bearer ${bearer}` };
  if (lang) headers.lang = lang;
  return t.app.request(url, { method, headers, body: JSON.stringify(body) });
}

const exportar = async (tipo: string, acervos = [casmurro]) => {
  const res = await post("/api/exportar-cesta", { tipo, dados: "texto", acervos });
  expect(res.status).toBe(200);
  return (await res.json()) as { conteudo: string; contentType: string; extensao: string; itens: number };
};

describe("POST /api/exportar-cesta (dados=texto)", () => {
  it("gives the ABNT reference list in alphabetical order", async () => {
    const r = await exportar("referencia", [casmurro, semAutor]);
    expect(r.itens).toBe(2);
    expect(r.conteudo.split("\n")).toEqual([
      "=SUM(A1) anuário estatístico. [S. l.]: IBGE, 2020.",
      "MACHADO DE ASSIS, Joaquim Maria. Dom Casmurro: romance. 2. ed. São Paulo: Penguin, 2019.",
    ]);
  });

  it("formats APA through citeproc", async () => {
    const r = await exportar("apa");
    expect(r.conteudo).toBe("Machado de Assis, J. M. (2019). Dom Casmurro: romance (2nd ed.). Penguin.");
  });

  it("formats RIS with the book type, authors, year, publisher and place", async () => {
    const r = await exportar("ris");
    expect(r.contentType).toMatch(/research-info-systems/);
    expect(r.extensao).toBe("ris");
    for (const line of [
      "TY  - BOOK",
      "AU  - Machado de Assis, Joaquim Maria",
      "PY  - 2019",
      "PB  - Penguin",
      "CY  - São Paulo",
      "TI  - Dom Casmurro: romance",
      "ER  -",
    ]) {
      expect(r.conteudo).toContain(line);
    }
  });

  it("formats BibTeX as a @book entry", async () => {
    const r = await exportar("bibtex");
    expect(r.conteudo).toMatch(/^@book\{/);
    expect(r.conteudo).toContain("author = {Machado de Assis, Joaquim Maria}");
    expect(r.conteudo).toContain("year = {2019}");
  });

  it("serialises MARCXML from the stored record, without local 59X/9XX fields", async () => {
    const r = await exportar("marcxml", [casmurro, semAutor]);
    expect(r.contentType).toMatch(/marcxml\+xml/);
    expect(r.conteudo).toContain('<collection xmlns="http://www.loc.gov/MARC21/slim">');
    expect(r.conteudo.match(/<record>/g)).toHaveLength(2);
    expect(r.conteudo).toContain('<subfield code="a">Dom Casmurro :</subfield>');
    expect(r.conteudo).not.toContain("Doação");
    // The title stored without MARC gets a record built from its columns.
    expect(r.conteudo).toContain('<subfield code="b">IBGE</subfield>');
  });

  it("serialises ISO 2709 with byte lengths in the leader (UTF-8)", async () => {
    const r = await exportar("iso2709");
    const bytes = Buffer.from(r.conteudo, "utf8");
    expect(Number(r.conteudo.slice(0, 5))).toBe(bytes.length);
    expect(r.conteudo[9]).toBe("a");
    expect(r.conteudo.endsWith("\x1d")).toBe(true);
  });

  it("writes CSV with a header, quoting, and formula cells neutralised", async () => {
    const r = await exportar("csv", [semAutor]);
    const [header, row] = r.conteudo.split("\r\n");
    expect(header.split(",")[0]).toBe("cod_acervo");
    expect(row).toContain(",'=SUM(A1) anuário estatístico,");
  });

  it("answers 422 for an unknown format or an empty list, and 404 when no title exists", async () => {
    expect((await post("/api/exportar-cesta", { tipo: "docx", acervos: [casmurro] })).status).toBe(422);
    expect((await post("/api/exportar-cesta", { tipo: "ris", acervos: [] })).status).toBe(422);
    expect((await post("/api/exportar-cesta", { tipo: "ris", acervos: [999999] })).status).toBe(404);
  });

  it("needs a token", async () => {
    const res = await t.app.request("/api/exportar-cesta", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(401);
  });
});

describe("POST /api/exportar-cesta (dados=email)", () => {
  // Sending mail needs a signed-in patron (it must not be an open relay).
  let patron: string;
  beforeAll(async () => {
    patron = (await login(t.app, "professor")).access_token;
  });

  it("sends the export to every recipient separated by semicolons", async () => {
    const before = t.outbox.length;
    const res = await post(
      "/api/exportar-cesta",
      {
        tipo: "referencia",
        dados: "email",
        acervos: [casmurro],
        opcoesEmail: { destinatarios: " ana@example.org ; bruno@example.net;" },
      },
      patron,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ enviado: true, destinatarios: ["ana@example.org", "bruno@example.net"], itens: 1 });
    expect(t.outbox).toHaveLength(before + 1);
    const mail = t.outbox.at(-1) as { to: string[]; subject: string; text: string };
    expect(mail.to).toEqual(["ana@example.org", "bruno@example.net"]);
    expect(mail.subject).toBe("Referências da cesta (1)");
    expect(mail.text).toContain("MACHADO DE ASSIS, Joaquim Maria. Dom Casmurro");
  });

  it("refuses the whole send, naming each invalid address, in the request's language", async () => {
    const before = t.outbox.length;
    const res = await post(
      "/api/exportar-cesta",
      { tipo: "ris", dados: "email", acervos: [casmurro], opcoesEmail: { destinatarios: "ana@example.org; nao-e-email; x@y" } },
      patron,
      "POST",
      "5",
    );
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors["opcoesEmail.destinatarios"][0]).toBe("Invalid e-mail address: nao-e-email Invalid e-mail address: x@y");
    expect(t.outbox).toHaveLength(before);
  });

  it("requires at least one recipient and refuses ISO 2709 by e-mail", async () => {
    const none = await post(
      "/api/exportar-cesta",
      { tipo: "ris", dados: "email", acervos: [casmurro], opcoesEmail: { destinatarios: " ; " } },
      patron,
    );
    expect(none.status).toBe(422);
    expect((await none.json()).errors["opcoesEmail.destinatarios"]).toEqual(["O campo acima é obrigatório."]);
    const iso = await post(
      "/api/exportar-cesta",
      { tipo: "iso2709", dados: "email", acervos: [casmurro], opcoesEmail: { destinatarios: "a@b.org" } },
      patron,
    );
    expect(iso.status).toBe(422);
  });

  it("is not an open relay: a public token is refused, the subject is the library's and the text only a quoted note", async () => {
    const before = t.outbox.length;
    const email = {
      tipo: "referencia",
      dados: "email",
      acervos: [casmurro],
      opcoesEmail: { destinatarios: "x@example.org", assunto: "You won!", mensagem: "Click http://spam.example\nnow" },
    };
    const anonymous = await post("/api/exportar-cesta", email, token);
    expect(anonymous.status).toBe(403);
    expect(t.outbox).toHaveLength(before);
    const res = await post("/api/exportar-cesta", email, patron);
    expect(res.status).toBe(200);
    const mail = t.outbox.at(-1) as { subject: string; text: string };
    expect(mail.subject).toBe("Referências da cesta (1)");
    expect(mail.text.startsWith("Professor")).toBe(false);
    expect(mail.text).toMatch(/^.+ enviou estas referências pelo catálogo on-line da biblioteca\./);
    expect(mail.text).toContain("> Click http://spam.example\n> now");
  });

  it("limits e-mails per patron and per address within an hour", async () => {
    const other = (await login(t.app, "funcionario")).access_token;
    const send = (bearer: string, ip: string) =>
      t.app.request("/api/exportar-cesta", {
        method: "POST",
        headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json", "x-estante-client-ip": ip },
        body: JSON.stringify({ tipo: "ris", dados: "email", acervos: [casmurro], opcoesEmail: { destinatarios: "a@example.org" } }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(other, `192.0.2.${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await send(patron, "192.0.2.99")).status).toBe(200);
  });
});

describe("parseRecipients", () => {
  it("splits on semicolons, trims, and separates valid from invalid addresses", () => {
    expect(parseRecipients("a@b.org;; c d@e.org ;f@g.co")).toEqual({ valid: ["a@b.org", "f@g.co"], invalid: ["c d@e.org"] });
  });
});

describe("GET /api/acervos?ids=", () => {
  it("returns the titles in the order asked, with copy counts, skipping unknown ids", async () => {
    const res = await get(t.app, `/api/acervos?ids=${semAutor},999999,${casmurro},${casmurro}`, token);
    expect(res.status).toBe(200);
    const rows = await res.json();
    expect(rows.map((r: { cod_acervo: number }) => r.cod_acervo)).toEqual([semAutor, casmurro]);
    expect(rows[1]).toMatchObject({ titulo: "Dom Casmurro", exemplares: 2, disponiveis: 2, desc_tipo_obra: "Livro" });
    expect(rows[0]).toMatchObject({ exemplares: 0, disponiveis: 0 });
  });
});

describe("/api/acervo/cesta-permanente", () => {
  it("refuses a public token with 403", async () => {
    expect((await post("/api/acervo/cesta-permanente", { acervos: [casmurro] })).status).toBe(403);
  });

  it("saves titles once (a resubmit adds nothing) and PUT adds one", async () => {
    const { access_token } = await login(t.app, "posgrad");
    const first = await post("/api/acervo/cesta-permanente", { acervos: [casmurro, 999999] }, access_token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ total: 1, acervos: [casmurro] });
    await post("/api/acervo/cesta-permanente", { acervos: [casmurro] }, access_token);
    const put = await post("/api/acervo/cesta-permanente", { acervo: semAutor }, access_token, "PUT");
    expect((await put.json()).total).toBe(2);
    const list = await (await get(t.app, "/api/acervo/cesta-permanente", access_token)).json();
    expect(list.acervos.sort()).toEqual([casmurro, semAutor].sort());
    expect((await post("/api/acervo/cesta-permanente", { acervo: 999999 }, access_token, "PUT")).status).toBe(404);
  });
});

describe("GET /api/acervo/{id}/referencia?formato=", () => {
  it("keeps the ABNT answer by default and adds the requested formats", async () => {
    const plain = await (await get(t.app, `/api/acervo/${casmurro}/referencia`, token)).json();
    expect(plain.formatos).toBeUndefined();
    const one = await (await get(t.app, `/api/acervo/${casmurro}/referencia?formato=bibtex`, token)).json();
    expect(one.referencia).toBe(plain.referencia);
    expect(one.formatos.map((f: { tipo: string }) => f.tipo)).toEqual(["bibtex"]);
    const all = await (await get(t.app, `/api/acervo/${casmurro}/referencia?formato=todos`, token)).json();
    expect(all.formatos.map((f: { tipo: string }) => f.tipo)).toEqual([
      "referencia",
      "apa",
      "mla",
      "chicago",
      "vancouver",
      "ris",
      "bibtex",
      "marcxml",
      "csv",
    ]);
    expect((await get(t.app, `/api/acervo/${casmurro}/referencia?formato=pdf`, token)).status).toBe(422);
  });
});
