import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, insertTitles, login } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let demo: string;
let titles: number[];

function post(url: string, token: string, body: unknown, lang = "1") {
  return t.app.request(url, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", lang },
    body: JSON.stringify(body),
  });
}

const valid = { biblioteca_origem: 1, biblioteca_recebimento: 2, cod_local_recebimento: 1, telefone: "(61) 99999-0000", email: "ana@example.org" };

beforeAll(async () => {
  t = await createTestApi();
  demo = (await login(t.app, "posgrad")).access_token;
  titles = await insertTitles(
    t.db,
    [1, 2, 3, 4, 5].map((i) => ({ titulo: `Solicitável ${i}`, copies: 1 })),
  );
});
afterAll(async () => t.cleanup());

describe("loan request options", () => {
  it("offers the libraries with an available copy, every receiving library and location, and the patron's contacts", async () => {
    const res = await get(t.app, `/api/solicitacao-emprestimo/${titles[0]}/informacoes-iniciais`, demo);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.bibliotecas_origem).toEqual([{ cod_biblioteca: 1, desc_biblioteca: "Biblioteca Central" }]);
    expect(body.bibliotecas_recebimento).toHaveLength(3);
    expect(body.locais_recebimento.find((l: { domicilio: boolean }) => l.domicilio)).toBeTruthy();
    expect(body.email).toBe("rafael.santos@example.org");
  });
});

describe("requesting a loan", () => {
  it("validates e-mail, phone (digits, dash, parentheses, space, at most 16) and the required fields", async () => {
    const res = await post(`/api/solicitacao-emprestimo/${titles[0]}`, demo, { ...valid, email: "nope", telefone: "61 9999-0000 ramal 2" });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors).sort()).toEqual(["email", "telefone"]);
    const missing = await post(`/api/solicitacao-emprestimo/${titles[0]}`, demo, { telefone: "", email: "" });
    expect(Object.keys((await missing.json()).errors)).toEqual(
      expect.arrayContaining(["biblioteca_origem", "biblioteca_recebimento", "cod_local_recebimento", "telefone", "email"]),
    );
  });

  it("requires the home address for a home delivery", async () => {
    const res = await post(`/api/solicitacao-emprestimo/${titles[0]}`, demo, { ...valid, cod_local_recebimento: 3, domicilio: "   " });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ domicilio: ["O campo acima é obrigatório."] });
  });

  it("creates a request, and a repeated form submission answers the same request", async () => {
    const body = { ...valid, chave_envio: "form-key-solicitacao-1" };
    const first = await post(`/api/solicitacao-emprestimo/${titles[0]}`, demo, body);
    expect(first.status).toBe(201);
    const created = await first.json();
    expect(created).toMatchObject({ cod_acervo: titles[0], situacao: "aguardando", criada: true });
    const again = await post(`/api/solicitacao-emprestimo/${titles[0]}`, demo, body);
    expect(again.status).toBe(200);
    expect((await again.json()).cod_solicitacao).toBe(created.cod_solicitacao);
  });

  it("refuses a duplicate of an open request with its message", async () => {
    const res = await post(`/api/solicitacao-emprestimo/${titles[0]}`, demo, { ...valid, chave_envio: "form-key-solicitacao-2" }, "5");
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "solicitacao_duplicada", message: "A request with the same data already exists." });
  });

  it("refuses a request over the category's limit (3 open requests)", async () => {
    expect((await post(`/api/solicitacao-emprestimo/${titles[1]}`, demo, valid)).status).toBe(201);
    expect((await post(`/api/solicitacao-emprestimo/${titles[2]}`, demo, valid)).status).toBe(201);
    const res = await post(`/api/solicitacao-emprestimo/${titles[3]}`, demo, valid);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: "limite_solicitacoes", message: "Limite de solicitações excedido." });
    const list = await (await get(t.app, "/api/solicitacao-emprestimo?status=aguardando", demo)).json();
    expect(list).toHaveLength(3);
  });

  it("refuses a request from a library without an available copy", async () => {
    const other = (await login(t.app, "funcionario")).access_token;
    const res = await post(`/api/solicitacao-emprestimo/${titles[4]}`, other, { ...valid, biblioteca_origem: 3 });
    expect(res.status).toBe(422);
    expect((await res.json()).code).toBe("sem_exemplar_disponivel");
  });
});

describe("language of the titles (Estante addition)", () => {
  it("gives each loan request its title's MARC language code, for the portal's lang", async () => {
    const [german] = await insertTitles(t.db, [{ titulo: "Ein deutscher Titel", idioma: "ger", copies: 1 }]);
    const professor = (await login(t.app, "professor")).access_token;
    expect((await post(`/api/solicitacao-emprestimo/${german}`, professor, valid)).status).toBe(201);
    const mine = (await (await get(t.app, "/api/solicitacao-emprestimo", professor)).json()) as Array<{ cod_acervo: number; idioma: string | null }>;
    expect(mine.find((r) => r.cod_acervo === german)?.idioma).toBe("ger");
    expect(mine.every((r) => "idioma" in r)).toBe(true);
  });
});
