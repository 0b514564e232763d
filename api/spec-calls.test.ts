import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, login } from "./lib/testing.ts";
import { seedApiContract } from "./seed/api-contract.ts";
import { seedNetworkMembers } from "./seed/network.ts";
import { seedTeachingPlans } from "./seed/teaching-plans.ts";
import { operationIdOf } from "./lib/operation-ids.ts";

/** One row of docs/api.md's table of spec §7 calls. */
interface Row {
  n: number;
  call: string;
  method: string;
  path: string;
  status: "implemented" | "planned";
  ref: string;
}

const DOC = path.resolve(import.meta.dirname, "../docs/api.md");

function readTable(): { rows: Row[]; countLine: string | undefined } {
  const text = fs.readFileSync(DOC, "utf8");
  const section = /<!-- spec-calls:start -->([\s\S]*?)<!-- spec-calls:end -->/.exec(text)?.[1] ?? "";
  const rows: Row[] = [];
  for (const line of section.split("\n")) {
    if (!/^\| \d+ \|/.test(line)) continue;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, "|"));
    const [n, , call, method, p, status, ref] = cells;
    rows.push({ n: Number(n), call, method, path: p.replace(/`/g, ""), status: status as Row["status"], ref: ref.replace(/`/g, "") });
  }
  return { rows, countLine: /Implemented: (\d+) of (\d+)\./.exec(section)?.[0] };
}

const { rows, countLine } = readTable();
const implemented = rows.filter((r) => r.status === "implemented");

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let samples: Record<string, string>;
/** Parameters of probes whose record has its own id (the resource of that path). */
let byPath: Record<string, string>;
let operations: Map<string, string>;

beforeAll(async () => {
  t = await createTestApi({ titles: 3 });
  await t.db.insertInto("acervo_link").values({ cod_acervo: 1, url: "https://example.org/a", descricao: "Texto", restrito: 1 }).execute();
  token = (await login(t.app, "demo")).access_token;
  const link = await t.db.selectFrom("acervo_link").select(["cod_acervo", "cod_link"]).orderBy("cod_link").executeTakeFirstOrThrow();
  // One of each record a probe names, so that a 404 can only mean a missing route.
  const demo = await t.db.selectFrom("login").select("cod_pessoa").where("usuario", "=", "demo").executeTakeFirstOrThrow();
  const { cod_comentario } = await t.db
    .insertInto("comentario")
    .values({ cod_acervo: 1, cod_pessoa: demo.cod_pessoa, cod_biblioteca: 1, texto: "Bom" })
    .returning("cod_comentario")
    .executeTakeFirstOrThrow();
  const alert = await t.db.insertInto("alerta").values({ cod_pessoa: demo.cod_pessoa, mensagem: "Aviso" }).returning("id").executeTakeFirstOrThrow();
  const { cod_autoridade } = await t.db
    .insertInto("autoridade")
    .values({
      chave_origem: "a1",
      tipo: 1,
      cabecalho: "Silva, Ana",
      cabecalho_normalizado: "silva ana",
      marc: JSON.stringify({ leader: "", fields: [] }),
    })
    .returning("cod_autoridade")
    .executeTakeFirstOrThrow();
  await seedNetworkMembers(t.db);
  await seedTeachingPlans(t.db);
  await seedApiContract(t.db);
  const professor = await t.db.selectFrom("login").select("cod_pessoa").where("usuario", "=", "professor").executeTakeFirstOrThrow();
  const course = await t.db.selectFrom("curso").select("cod_curso").executeTakeFirstOrThrow();
  const discipline = await t.db.selectFrom("disciplina").select("cod_disciplina").executeTakeFirstOrThrow();
  const standard = await t.db.selectFrom("produto_target").select("cod_produto").executeTakeFirstOrThrow();
  const { cod_registro } = await t.db
    .insertInto("rede_registro")
    .values({ cod_instituicao: 1, identificador_oai: "oai:x:1", cod_origem: "1", titulo: "Registro" })
    .returning("cod_registro")
    .executeTakeFirstOrThrow();
  // Path parameters of the probes: things the seeded database has.
  samples = {
    id: "1",
    user: "demo",
    campus: "1",
    code: "1",
    base: "pearson",
    type: "comutacao-bibliografica",
    ano: "2020",
    a: String(link.cod_acervo),
    b: String(link.cod_link),
  };
  byPath = {
    "/api/autoridade/{id}": String(cod_autoridade),
    "/api/comentarios/usuario/{id}": String(cod_comentario),
    "/api/parametros/atividade/{id}": "8",
    "/api/parametros/atividade/{id}/informativo": "12",
    "/api/professor/{code}": String(professor.cod_pessoa),
    "/api/curso/{code}": String(course.cod_curso),
    "/api/disciplina/{code}": String(discipline.cod_disciplina),
    "/api/vinculos/abnt/{id}": String(standard.cod_produto),
    "/api/rede-pergamum/acervo/{id}": String(cod_registro),
    "/api/solicitacoes/alertas/{id}": String(alert.id),
  };
  const res = await t.app.request("/api/openapi.json");
  const doc = (await res.json()) as { paths: Record<string, Record<string, { operationId?: string }>> };
  operations = new Map();
  for (const [p, ops] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(ops)) operations.set(`${m.toUpperCase()} ${p}`, op.operationId ?? "");
});
afterAll(async () => t.cleanup());

describe("docs/api.md: every spec §7 call", () => {
  it("lists the 156 calls of spec §7 once each, and states how many are implemented", () => {
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 156 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => `${r.method} ${r.path}`)).size).toBe(rows.length);
    expect(countLine).toBe(`Implemented: ${implemented.length} of ${rows.length}.`);
    for (const r of rows.filter((x) => x.status === "planned")) expect(r.ref, r.call).toMatch(/^#\d+$/);
    console.log(`spec §7 calls: ${implemented.length} of ${rows.length} implemented`);
  });

  it("names, for each implemented call, an operation of the OpenAPI document with that id", () => {
    const missing = implemented.filter((r) => operations.get(`${r.method} ${r.path}`) !== r.ref || r.ref !== operationIdOf(r.method, r.path));
    expect(missing.map((r) => `${r.n} ${r.method} ${r.path} (${r.ref})`)).toEqual([]);
  });

  it("finds a route for each implemented call (no unknown-route 404), with a patron token", async () => {
    const notFound: string[] = [];
    for (const r of implemented) {
      const url = r.path.replace(/\{(\w+)\}/g, (_, name: string) => byPath[r.path] ?? samples[name]);
      const write = r.method !== "GET";
      const res = await t.app.request(url, {
        method: r.method,
        headers: { authorization: `Bearer ${token}`, ...(write ? { "content-type": "application/json" } : {}) },
        body: write ? "{}" : undefined,
      });
      // A 404 of the route itself (rota_inexistente), not a 404 the call gives about its subject (an SSO the
      // institution has not configured, say): the API's unknown-route answer.
      if (res.status === 404) {
        const text = await res.text();
        if (text.includes('"rota_inexistente"')) notFound.push(`${r.n} ${r.method} ${url}: ${text}`);
      }
    }
    expect(notFound).toEqual([]);
  });
});
