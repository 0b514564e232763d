import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures/warm";
import type { APIRequestContext } from "@playwright/test";
import { DEMO, PRIVATE_AREA } from "../fixtures/demo";

/**
 * Every portal action, sent what no form of ours sends (ADR 110): a multipart body without a boundary or with a
 * broken one, an empty body, junk fields, a wrong Content-Type. Each must answer a 4xx page (or the form again,
 * or a redirect), never a 5xx, signed out and signed in. Plain HTTP: it runs once (js-on).
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "plain HTTP: the same with JavaScript on or off");

const A = PRIVATE_AREA;
/** The URL each route module with an action answers at (demo ids; a missing one is a 404, which also counts). */
const ACTIONS: Record<string, string> = {
  "acervo/comentarios.tsx": "/acervo/1/comentarios",
  "acervo/enviar.tsx": "/acervo/1/enviar",
  "acervo/reserva.tsx": "/acervo/1/reserva",
  "acervo/solicitacao-emprestimo.tsx": "/acervo/1/solicitacao-emprestimo",
  "acervo/index.tsx": "/acervo/1",
  "cesta.tsx": "/cesta",
  "comentario.tsx": "/comentario",
  "confirmar-email.tsx": "/confirmar-email",
  "descadastro.tsx": "/descadastro",
  "grupoa.tsx": "/grupoa",
  "historico.tsx": "/historico",
  "listas.adicionar.tsx": "/listas/adicionar?acervo=1",
  "login.escolher.tsx": "/login/escolher",
  "login.institucional.tsx": "/login/institucional",
  "login.tsx": "/login",
  "meu/alertas.tsx": `${A}/alertas`,
  "meu/comentarios.tsx": `${A}/comentarios`,
  "meu/comutacao-levantamento.formulario.tsx": `${A}/comutacao-levantamento/comutacao`,
  "meu/dados-pessoais.senha.tsx": `${A}/dados-pessoais/senha`,
  "meu/dados-pessoais.tsx": `${A}/dados-pessoais`,
  "meu/debitos.tsx": `${A}/debitos`,
  "meu/emprestimo-entre-bibliotecas.tsx": `${A}/emprestimo-entre-bibliotecas`,
  "meu/emprestimos.tsx": `${A}/emprestimos`,
  "meu/emprestimos.historico.tsx": `${A}/emprestimos/historico`,
  "meu/ficha-catalografica.tsx": `${A}/ficha-catalografica`,
  "meu/itens-salvos.tsx": `${A}/itens-salvos`,
  "meu/lista.tsx": `${A}/listas/1`,
  "meu/listas.tsx": `${A}/listas`,
  "meu/cesta-permanente.tsx": `${A}/cesta-permanente`,
  "meu/nada-consta.tsx": `${A}/nada-consta`,
  "meu/notificacoes.tsx": `${A}/notificacoes`,
  "meu/perfil-interesse.periodicos.tsx": `${A}/perfil-interesse/periodicos`,
  "meu/perfil-interesse.tsx": `${A}/perfil-interesse`,
  "meu/pesquisa-especializada.tsx": `${A}/pesquisa-especializada`,
  "meu/postagem-trabalho.tsx": `${A}/postagem-trabalho`,
  "meu/reserva.tsx": `${A}/reservas/1`,
  "meu/reservas.tsx": `${A}/reservas`,
  "meu/solicitacoes-emprestimo.tsx": `${A}/solicitacoes-emprestimo`,
  "meu/sugestao-professor.tsx": `${A}/sugestao-professor`,
  "meu/token.tsx": `${A}/token`,
  "pearson.tsx": "/pearson",
  "preferencias.idioma.tsx": "/preferencias/idioma",
  "preferencias.tsx": "/preferencias",
  "recuperar-senha.codigo.tsx": "/recuperar-senha/codigo",
  "recuperar-senha.nova-senha.tsx": "/recuperar-senha/nova-senha",
  "recuperar-senha.tsx": "/recuperar-senha",
  "saml-response.tsx": "/saml-response",
  "sugestao.tsx": "/sugestao",
  // Last: these end the session of the signed-in round.
  "meu/troca-usuario.tsx": `${A}/troca-usuario`,
  "sair.tsx": "/sair",
};

/** The bodies: [label, Content-Type, body]. */
const BODIES: Array<[string, string, string]> = [
  ["multipart without a boundary", "multipart/form-data", "intent=x"],
  ["multipart with a boundary the body does not use", "multipart/form-data; boundary=zzz", "garbage\r\n"],
  ["a truncated multipart part", "multipart/form-data; boundary=b", '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx'],
  ["an empty form", "application/x-www-form-urlencoded", ""],
  ["junk fields", "application/x-www-form-urlencoded", "intent=%00&chave=%FF&codigo=-1e309&id=abc&password=&username=" + "x".repeat(300)],
  [
    "junk fields as multipart",
    "multipart/form-data; boundary=b",
    '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\n\u0000\r\n--b\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n\u00ff\u00fe\r\n--b--\r\n',
  ],
  ["JSON", "application/json", '{"intent":"x"}'],
  ["no Content-Type", "", "intent=x"],
];

function actionFiles(dir: string, base = ""): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...actionFiles(path.join(dir, entry.name), rel));
    else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.(test|server)\.tsx?$/.test(entry.name) &&
      /export (async )?(function|const) action\b/.test(fs.readFileSync(path.join(dir, entry.name), "utf8"))
    )
      out.push(rel);
  }
  return out.sort();
}

async function fuzz(request: APIRequestContext, origin: string) {
  const failures: string[] = [];
  for (const url of Object.values(ACTIONS)) {
    for (const [label, type, body] of BODIES) {
      const headers: Record<string, string> = { origin };
      if (type) headers["content-type"] = type;
      const res = await request.post(url, { headers, data: Buffer.from(body, "latin1"), maxRedirects: 0 });
      if (res.status() >= 500) failures.push(`${res.status()} ${url} (${label})`);
    }
  }
  return failures;
}

test("the table names every route module that has an action", () => {
  expect(Object.keys(ACTIONS).sort()).toEqual(actionFiles(path.resolve(import.meta.dirname, "../../app/routes")));
});

test("no action answers a 5xx to a malformed, empty or mistyped body when signed out", async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  expect(await fuzz(request, new URL(baseURL!).origin)).toEqual([]);
});

test("no action answers a 5xx to a malformed, empty or mistyped body when signed in", async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL });
  const origin = new URL(baseURL!).origin;
  const login = await request.post("/login", {
    form: { username: DEMO.professor.login, password: DEMO.professor.password, destino: "area" },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  expect(await fuzz(request, origin)).toEqual([]);
  await request.dispose();
});

test("a multipart body without a boundary is a 400 page that says the form could not be read", async ({ request, baseURL }) => {
  const res = await request.post("/login", {
    headers: { origin: new URL(baseURL!).origin, "content-type": "multipart/form-data" },
    data: Buffer.from("username=demo"),
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain("The form you sent could not be read.");
  expect(res.headers()["content-security-policy"]).toContain("nonce-");
});
