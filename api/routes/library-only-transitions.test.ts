/**
 * No route a patron's token reaches changes what only the library may change (ADR 113). The routes come from the
 * API's own OpenAPI document, so a route added later is probed without touching this test: every operation is
 * called with a patron's token, on each id of the patron's own records, with a body made from its schema
 * (preferring the values a library would set), and the library's part of the database must not move.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRequest } from "../db/library-requests.ts";
import { issueGru } from "../domain/gru.ts";
import { issuePatronTokens, PORTAL_CLIENT_ID } from "../domain/tokens.ts";
import { defaultAuthSettings } from "../lib/clock.ts";
import { createTestApi } from "../lib/testing.ts";

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  format?: string;
};
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> }; security?: Array<Record<string, unknown>> };

let t: Awaited<ReturnType<typeof createTestApi>>;
const PATRON = 6;
/** The ids of the patron's own records of every kind the library acts on. */
const ids = new Set<number>([1, PATRON]);
/** Values a library would set, preferred when a schema offers a choice. */
const LIBRARY_VALUES = ["paga", "aprovado", "disponivel", "atendida", "em_cotacao", "finalizada", "transito", "em_andamento"];

/** What only the library changes, as one string per fact: a fact that appears after a probe is a finding. */
async function libraryFacts(): Promise<Set<string>> {
  const db = t.db;
  const sb = db.withTables<{ solicitacao_biblioteca: { cod_solicitacao: number; situacao: string; resposta: string | null } }>();
  const [grus, debits, comments, suggestions, requests, holds, people, loanRequests, loans] = await Promise.all([
    db.selectFrom("gru").select(["cod_gru", "situacao", "data_pagamento"]).execute(),
    db.selectFrom("debito").select(["cod_debito", "valor_pago", "data_pagamento", "desconto", "valor_multa"]).execute(),
    db.selectFrom("comentario").select(["cod_comentario", "situacao"]).where("situacao", "<>", "aguardando").execute(),
    // A patron's new suggestion or request starts pre_sugestao / aguardando: only what differs is the library's.
    db.selectFrom("sugestao_aquisicao").select(["cod_sugestao", "situacao"]).where("situacao", "<>", "pre_sugestao").execute(),
    sb
      .selectFrom("solicitacao_biblioteca")
      .select(["cod_solicitacao", "situacao", "resposta"])
      .where((eb) => eb.or([eb("situacao", "<>", "aguardando"), eb("resposta", "is not", null)]))
      .execute(),
    db
      .selectFrom("reserva")
      .select(["cod_reserva", "situacao", "data_liberacao", "localizacao"])
      .where("situacao", "in", ["disponivel", "atendida"])
      .execute(),
    db.selectFrom("pessoa").select(["cod_pessoa", "bloqueado", "motivo_bloqueio", "cod_categoria", "validade_cadastro"]).execute(),
    db
      .selectFrom("solicitacao_emprestimo")
      .select(["cod_solicitacao", "situacao"])
      .where("situacao", "not in", ["aguardando", "cancelada"])
      .execute(),
    db.selectFrom("emprestimo").select(["cod_emprestimo", "data_devolucao"]).where("data_devolucao", "is not", null).execute(),
  ]);
  const facts = [
    ...grus.map((r) => `gru ${JSON.stringify(r)}`),
    ...debits.map((r) => `debito ${JSON.stringify(r)}`),
    ...comments.map((r) => `comentario ${JSON.stringify(r)}`),
    ...suggestions.map((r) => `sugestao ${JSON.stringify(r)}`),
    ...requests.map((r) => `solicitacao ${JSON.stringify(r)}`),
    ...holds.map((r) => `reserva ${JSON.stringify(r)}`),
    ...people.map((r) => `pessoa ${JSON.stringify(r)}`),
    ...loanRequests.map((r) => `solicitacao_emprestimo ${JSON.stringify(r)}`),
    ...loans.map((r) => `devolucao ${JSON.stringify(r)}`),
  ];
  return new Set(facts);
}

/** A value for `schema`, resolving `$ref`s against the document's components. */
function sample(schema: Schema | undefined, doc: { components?: { schemas?: Record<string, Schema> } }, depth = 0): unknown {
  if (!schema || depth > 6) return undefined;
  if (schema.$ref) return sample(doc.components?.schemas?.[schema.$ref.split("/").pop()!], doc, depth + 1);
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return sample(alt.find((s) => s.type !== "null") ?? alt[0], doc, depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(s, doc, depth + 1)));
  if (schema.enum) return schema.enum.find((v) => LIBRARY_VALUES.includes(String(v))) ?? schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s, doc, depth + 1)]));
    case "array":
      return [sample(schema.items, doc, depth + 1)];
    case "integer":
    case "number":
      return Math.max(schema.minimum ?? 1, 1);
    case "boolean":
      return true;
    case "string":
      return schema.format === "date" ? "2026-01-15" : schema.format === "email" ? "someone@example.org" : "aprovado";
    default:
      return undefined;
  }
}

beforeAll(async () => {
  t = await createTestApi({ titles: 6 });
  const db = t.db;
  await db.updateTable("pessoa").set({ cpf: "52998224725" }).where("cod_pessoa", "=", PATRON).execute();
  const debit = await db
    .insertInto("debito")
    .values({ cod_pessoa: PATRON, cod_biblioteca: 1, valor_multa: 25, tipo_servico: "Empréstimo", motivo: "Atraso" })
    .returning("cod_debito")
    .executeTakeFirstOrThrow();
  const slip = await issueGru(db, PATRON, { valor: 25, codBiblioteca: 1 }, t.clock.now());
  if (!slip.ok) throw new Error(slip.code);
  const comment = await db
    .insertInto("comentario")
    .values({ cod_acervo: 1, cod_pessoa: PATRON, cod_biblioteca: 1, texto: "Aguardando" })
    .returning("cod_comentario")
    .executeTakeFirstOrThrow();
  const suggestion = await db
    .insertInto("sugestao_aquisicao")
    .values({ cod_pessoa: PATRON, cod_biblioteca: 1, titulo: "Sugerida", editor: "Ed." })
    .returning("cod_sugestao")
    .executeTakeFirstOrThrow();
  const request = await insertRequest(db, { cod_pessoa: PATRON, tipo: "ficha-catalografica", subtipo: null, dados: "{}", chave_duplicidade: "k" });
  const hold = await db
    .insertInto("reserva")
    .values({ cod_acervo: 5, cod_pessoa: PATRON, cod_biblioteca: 1, posicao: 90, data_reserva: new Date(t.clock.now()).toISOString() })
    .returning("cod_reserva")
    .executeTakeFirstOrThrow();
  for (const id of [debit.cod_debito, slip.cod_gru, comment.cod_comentario, suggestion.cod_sugestao, request.cod_solicitacao, hold.cod_reserva])
    ids.add(Number(id));
}, 60_000);
afterAll(async () => t.cleanup());

describe("what only the library may change", () => {
  it("stays as it was after every route of the OpenAPI document is called with a patron's token", async () => {
    const doc = await (await t.app.request("/api/openapi.json")).json();
    const before = await libraryFacts();
    const staffAnswers: string[] = [];
    let probes = 0;
    let staffProbes = 0;
    for (const [route, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
        const content = op.requestBody?.content ?? {};
        const schema =
          content["application/json"]?.schema ?? content["application/x-www-form-urlencoded"]?.schema ?? content["multipart/form-data"]?.schema;
        const body = method === "get" ? undefined : JSON.stringify(sample(schema, doc) ?? {});
        for (const id of route.includes("{") ? ids : [0]) {
          // A fresh token per call: a probe that ends the session (logout, user swap) must not silence the rest.
          const { access_token } = await issuePatronTokens(t.db, { ...defaultAuthSettings, now: t.clock.now }, PORTAL_CLIENT_ID, PATRON);
          const url = `/api${route.replace(/^\/api/, "").replace(/\{[^}]+\}/g, String(id))}`;
          const res = await t.app.request(url, {
            method: method.toUpperCase(),
            headers: { authorization: `Bearer ${access_token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
            body,
          });
          probes++;
          // The staff channel's operations (its own security scheme) refuse a patron's token; the public directory's
          // GET /api/biblioteca/{code} shares the prefix and answers everyone.
          const staffOnly = (op.security ?? []).some((s) => "staff" in s);
          if (staffOnly) staffProbes++;
          if (staffOnly && res.status !== 403) staffAnswers.push(`${method.toUpperCase()} ${url} → ${res.status}`);
        }
      }
    }
    const after = await libraryFacts();
    expect(probes).toBeGreaterThan(100);
    expect(staffProbes).toBeGreaterThanOrEqual(9);
    expect(staffAnswers).toEqual([]);
    expect([...after].filter((f) => !before.has(f))).toEqual([]);
  }, 300_000);

  it("is probed for the library's own routes too: the staff channel is in the OpenAPI document", async () => {
    const doc = await (await t.app.request("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/biblioteca/gru/{id}/pagamento",
        "/api/biblioteca/comentarios/{id}/aprovacao",
        "/api/biblioteca/pessoas/{id}/bloqueio",
      ]),
    );
  });
});
