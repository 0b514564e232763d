import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_LIST_ITEMS, MAX_LIST_NOTE, MAX_LISTS } from "../../../contract/lists.ts";
import { insertTitles, createTestApi, get, login, publicToken } from "../../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let ana: string;
let outro: string;
let titles: number[];

type Lista = { cod_lista: number | null; nome: string; padrao: boolean; publica: boolean; token_publico: string | null; itens: number };

function send(method: string, url: string, token: string, body?: unknown, lang = "1") {
  return t.app.request(url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", lang },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const create = async (token: string, nome: string) => (await (await send("POST", "/api/estante/listas", token, { nome })).json()) as Lista;

beforeAll(async () => {
  t = await createTestApi({ titles: 12 });
  titles = (await t.db.selectFrom("acervo").select("cod_acervo").orderBy("cod_acervo").execute()).map((r) => r.cod_acervo);
  ana = (await login(t.app, "demo")).access_token;
  outro = (await login(t.app, "posgrad")).access_token;
});
afterAll(async () => t.cleanup());

describe("a patron's lists", () => {
  it("start with the default list, listed before its first use", async () => {
    const res = await get(t.app, "/api/estante/listas", outro);
    expect(res.status).toBe(200);
    const { listas, limite } = (await res.json()) as { listas: Lista[]; limite: number };
    expect(listas).toEqual([expect.objectContaining({ cod_lista: null, padrao: true, nome: "Cesta permanente", itens: 0 })]);
    expect(limite).toBe(MAX_LISTS);
  });

  it("are created, renamed and deleted, with a title and its note", async () => {
    const created = await send("POST", "/api/estante/listas", ana, { nome: "  Leituras   de férias " });
    expect(created.status).toBe(201);
    const lista = (await created.json()) as Lista;
    expect(lista).toMatchObject({ nome: "Leituras de férias", padrao: false, publica: false, itens: 0 });
    const added = await send("POST", `/api/estante/listas/${lista.cod_lista}/itens`, ana, { acervo: titles[0], nota: "Capítulo 3" });
    expect(await added.json()).toMatchObject({ itens: 1, adicionado: true });
    const again = await send("POST", `/api/estante/listas/${lista.cod_lista}/itens`, ana, { acervo: titles[0] });
    expect(await again.json()).toMatchObject({ itens: 1, adicionado: false });
    expect((await send("PUT", `/api/estante/listas/${lista.cod_lista}/itens/${titles[0]}`, ana, { nota: "Capítulos 3 e 4" })).status).toBe(200);
    const renamed = await send("PUT", `/api/estante/listas/${lista.cod_lista}`, ana, { nome: "Férias" });
    expect(await renamed.json()).toMatchObject({ nome: "Férias" });
    const full = (await (await get(t.app, `/api/estante/listas/${lista.cod_lista}`, ana)).json()) as {
      titulos: Array<{ cod_acervo: number; nota: string }>;
    };
    expect(full.titulos).toEqual([expect.objectContaining({ cod_acervo: titles[0], nota: "Capítulos 3 e 4" })]);
    const removed = await send("DELETE", `/api/estante/listas/${lista.cod_lista}/itens/${titles[0]}`, ana);
    expect(await removed.json()).toMatchObject({ itens: 0 });
    expect((await send("DELETE", `/api/estante/listas/${lista.cod_lista}`, ana)).status).toBe(200);
    expect((await get(t.app, `/api/estante/listas/${lista.cod_lista}`, ana)).status).toBe(404);
  });

  it("say which lists hold a title", async () => {
    const lista = await create(ana, "Com o título");
    await send("POST", `/api/estante/listas/${lista.cod_lista}/itens`, ana, { acervo: titles[1] });
    const { listas } = (await (await get(t.app, `/api/estante/listas?acervo=${titles[1]}`, ana)).json()) as {
      listas: Array<Lista & { contem: boolean }>;
    };
    expect(listas.find((l) => l.cod_lista === lista.cod_lista)?.contem).toBe(true);
    expect(listas.find((l) => l.padrao)?.contem).toBe(false);
  });
});

describe("the default list", () => {
  it("is the permanent basket: what the spec's calls save is in it, and what it holds they answer", async () => {
    await send("POST", "/api/acervo/cesta-permanente", ana, { acervos: [titles[2]] });
    await send("POST", "/api/estante/listas/padrao/itens", ana, { acervo: titles[3] });
    const basket = (await (await get(t.app, "/api/acervo/cesta-permanente", ana)).json()) as { total: number; acervos: number[] };
    expect(basket).toEqual({ total: 2, acervos: [titles[2], titles[3]] });
    const padrao = (await (await get(t.app, "/api/estante/listas/padrao", ana)).json()) as Lista & { titulos: unknown[] };
    expect(padrao).toMatchObject({ padrao: true, itens: 2 });
    expect(typeof padrao.cod_lista).toBe("number");
  });

  it("can be renamed but not deleted", async () => {
    expect(await (await send("PUT", "/api/estante/listas/padrao", ana, { nome: "Para ler" })).json()).toMatchObject({
      nome: "Para ler",
      padrao: true,
    });
    const res = await send("DELETE", "/api/estante/listas/padrao", ana);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "lista_padrao", message: "A lista padrão (cesta permanente) não pode ser apagada." });
    const { listas } = (await (await get(t.app, "/api/estante/listas", ana)).json()) as { listas: Lista[] };
    const id = listas.find((l) => l.padrao)!.cod_lista;
    expect((await send("DELETE", `/api/estante/listas/${id}`, ana)).status).toBe(409);
  });
});

describe("another patron's private list", () => {
  it("answers 404 to every call, as a list that does not exist, and is left unchanged", async () => {
    const lista = await create(ana, "Só minha");
    await send("POST", `/api/estante/listas/${lista.cod_lista}/itens`, ana, { acervo: titles[4], nota: "particular" });
    const url = `/api/estante/listas/${lista.cod_lista}`;
    const attempts = [
      await get(t.app, url, outro),
      await send("PUT", url, outro, { nome: "Roubada" }),
      await send("PUT", url, outro, { publica: true }),
      await send("DELETE", url, outro),
      await send("POST", `${url}/itens`, outro, { acervo: titles[5] }),
      await send("PUT", `${url}/itens/${titles[4]}`, outro, { nota: "x" }),
      await send("DELETE", `${url}/itens/${titles[4]}`, outro),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "lista_nao_encontrada" });
    }
    const missing = await get(t.app, "/api/estante/listas/999999", outro);
    expect(missing.status).toBe(404);
    const mine = (await (await get(t.app, url, ana)).json()) as Lista & { titulos: Array<{ nota: string }> };
    expect(mine).toMatchObject({ nome: "Só minha", publica: false, itens: 1 });
    expect(mine.titulos[0].nota).toBe("particular");
    const { listas } = (await (await get(t.app, "/api/estante/listas", outro)).json()) as { listas: Lista[] };
    expect(listas.map((l) => l.nome)).not.toContain("Só minha");
  });

  it("needs a patron's token: a public token is refused", async () => {
    expect((await get(t.app, "/api/estante/listas", await publicToken(t.app))).status).toBe(403);
    expect((await get(t.app, "/api/estante/listas")).status).toBe(401);
  });
});

describe("a public list", () => {
  it("opens read-only by its random token, and making it private revokes the token", async () => {
    const lista = await create(ana, "Bibliografia da disciplina");
    await send("POST", `/api/estante/listas/${lista.cod_lista}/itens`, ana, { acervo: titles[6], nota: "Leitura obrigatória" });
    const made = (await (await send("PUT", `/api/estante/listas/${lista.cod_lista}`, ana, { publica: true })).json()) as Lista;
    expect(made.publica).toBe(true);
    // 24 random bytes, base64url: 192 bits.
    expect(made.token_publico).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const pub = await get(t.app, `/api/estante/listas/publicas/${made.token_publico}`, await publicToken(t.app));
    expect(pub.status).toBe(200);
    const body = (await pub.json()) as { nome: string; titulos: Array<{ cod_acervo: number; nota: string }> };
    expect(body.nome).toBe("Bibliografia da disciplina");
    expect(body.titulos).toEqual([expect.objectContaining({ cod_acervo: titles[6], nota: "Leitura obrigatória" })]);
    expect(JSON.stringify(body)).not.toMatch(/cod_pessoa|cod_lista|token/);
    // Public again keeps its link; private revokes it; public once more makes a new one.
    expect(((await (await send("PUT", `/api/estante/listas/${lista.cod_lista}`, ana, { publica: true })).json()) as Lista).token_publico).toBe(
      made.token_publico,
    );
    await send("PUT", `/api/estante/listas/${lista.cod_lista}`, ana, { publica: false });
    expect((await get(t.app, `/api/estante/listas/publicas/${made.token_publico}`, outro)).status).toBe(404);
    const again = (await (await send("PUT", `/api/estante/listas/${lista.cod_lista}`, ana, { publica: true })).json()) as Lista;
    expect(again.token_publico).not.toBe(made.token_publico);
  });

  it("cannot be changed through its link: the token is not a list id", async () => {
    const lista = await create(ana, "Compartilhada");
    const { token_publico } = (await (await send("PUT", `/api/estante/listas/${lista.cod_lista}`, ana, { publica: true })).json()) as Lista;
    expect((await send("POST", `/api/estante/listas/publicas/${token_publico}`, outro, { acervo: titles[0] })).status).toBe(404);
    expect((await send("DELETE", `/api/estante/listas/${token_publico}`, outro)).status).toBe(422);
  });
});

describe("bad requests", () => {
  it("refuse bad bodies with 422 and the field, in the request's language", async () => {
    const empty = await send("POST", "/api/estante/listas", ana, { nome: "   " }, "5");
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ code: "lista_nome_vazio", errors: { nome: ["Enter the list's name."] } });
    expect((await send("POST", "/api/estante/listas", ana, { nome: "x".repeat(81) })).status).toBe(422);
    expect((await send("POST", "/api/estante/listas", ana, {})).status).toBe(422);
    expect((await send("POST", "/api/estante/listas/padrao/itens", ana, { acervo: "um" })).status).toBe(422);
    expect((await send("POST", "/api/estante/listas/padrao/itens", ana, { acervo: titles[0], nota: "x".repeat(MAX_LIST_NOTE + 1) })).status).toBe(
      422,
    );
    expect((await send("PUT", `/api/estante/listas/padrao/itens/${titles[0]}`, ana, { nota: 5 })).status).toBe(422);
    expect((await send("PUT", "/api/estante/listas/padrao", ana, { publica: "sim" })).status).toBe(422);
    const noJson = await t.app.request("/api/estante/listas", {
      method: "POST",
      headers: { authorization: `Bearer ${ana}`, "content-type": "text/plain" },
      body: "nome=x",
    });
    expect(noJson.status).toBe(400);
  });

  it("refuse ids past the schema's 32-bit integers with 422, not a database error", async () => {
    const huge = "99999999999";
    expect((await get(t.app, `/api/estante/listas/${huge}`, ana)).status).toBe(422);
    expect((await get(t.app, "/api/estante/listas/2147483648", ana)).status).toBe(422);
    expect((await get(t.app, "/api/estante/listas/2147483647", ana)).status).toBe(404);
    expect((await send("POST", "/api/estante/listas/padrao/itens", ana, { acervo: 1e20 })).status).toBe(422);
    expect((await send("PUT", `/api/estante/listas/padrao/itens/${huge}`, ana, { nota: "x" })).status).toBe(422);
    expect((await send("DELETE", `/api/estante/listas/padrao/itens/${huge}`, ana)).status).toBe(422);
    expect((await get(t.app, `/api/estante/listas?acervo=${huge}`, ana)).status).toBe(422);
  });

  it("drop control characters (NUL among them) from names and notes; a name of nothing else is empty", async () => {
    const res = await send("POST", "/api/estante/listas", ana, { nome: "Lei\u0000turas\u0007\tnovas" });
    expect(res.status).toBe(201);
    const lista = (await res.json()) as Lista;
    expect(lista.nome).toBe("Leituras novas");
    const empty = await send("POST", "/api/estante/listas", ana, { nome: "\u0000\u001b" });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ code: "lista_nome_vazio" });
    await send("POST", `/api/estante/listas/${lista.cod_lista}/itens`, ana, { acervo: titles[1], nota: "linha 1\r\nlinha\u0000 2" });
    const full = (await (await get(t.app, `/api/estante/listas/${lista.cod_lista}`, ana)).json()) as { titulos: Array<{ nota: string }> };
    expect(full.titulos[0].nota).toBe("linha 1\nlinha 2");
  });

  it("refuse a body past the API's size limit with 413, not a 500", async () => {
    const res = await send("POST", "/api/estante/listas", ana, { nome: "x".repeat(5_000_000) });
    expect(res.status).toBe(413);
  });

  it("refuse an unknown title with 404", async () => {
    const res = await send("POST", "/api/estante/listas/padrao/itens", ana, { acervo: 999999 });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "lista_titulo_desconhecido" });
  });

  it("refuse a note on a title that is not in the list", async () => {
    const lista = await create(ana, "Vazia");
    expect((await send("PUT", `/api/estante/listas/${lista.cod_lista}/itens/${titles[0]}`, ana, { nota: "x" })).status).toBe(404);
  });
});

describe("limits", () => {
  it("hold under parallel adds: a list never passes its item limit", async () => {
    const more = await insertTitles(
      t.db,
      Array.from({ length: MAX_LIST_ITEMS + 10 - titles.length }, (_, i) => ({ titulo: `Título extra ${i}` })),
    );
    const all = [...titles, ...more];
    const lista = await create(outro, "Cheia");
    const results = await Promise.all(all.map((acervo) => send("POST", `/api/estante/listas/${lista.cod_lista}/itens`, outro, { acervo })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_LIST_ITEMS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(all.length - MAX_LIST_ITEMS);
    const full = (await (await get(t.app, `/api/estante/listas/${lista.cod_lista}`, outro)).json()) as Lista;
    expect(full.itens).toBe(MAX_LIST_ITEMS);
    // A title surely not in the list: which of the parallel adds got in varies, and adding one already there is a 200.
    const [another] = await insertTitles(t.db, [{ titulo: "Um título a mais" }]);
    const refused = await send("POST", `/api/estante/listas/${lista.cod_lista}/itens`, outro, { acervo: another });
    expect(await refused.json()).toMatchObject({ code: "lista_limite_itens" });
  });

  it("hold under parallel first uses of the default list: one default list, each title once", async () => {
    const who = outro;
    const picks = [titles[0], titles[1], titles[2], titles[0], titles[1], titles[2]];
    const results = await Promise.all(picks.map((acervo) => send("POST", "/api/estante/listas/padrao/itens", who, { acervo })));
    expect(results.map((r) => r.status)).toEqual(picks.map(() => 200));
    const added = await Promise.all(results.map(async (r) => ((await r.json()) as { adicionado: boolean }).adicionado));
    expect(added.filter(Boolean)).toHaveLength(3);
    const { listas } = (await (await get(t.app, "/api/estante/listas", who)).json()) as { listas: Lista[] };
    expect(listas.filter((l) => l.padrao)).toEqual([expect.objectContaining({ itens: 3 })]);
  });

  it("hold under parallel creates: a patron never passes the list limit", async () => {
    const who = (await login(t.app, "funcionario")).access_token;
    const results = await Promise.all(
      Array.from({ length: MAX_LISTS + 5 }, (_, i) => send("POST", "/api/estante/listas", who, { nome: `Lista ${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_LISTS);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    expect(await refused[0].json()).toMatchObject({ code: "lista_limite_listas" });
  });
});
