import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { rebuildRequestedDerivedData } from "../search/index.ts";
import { up as workKeyMigration } from "../db/migrations/096-work-key.ts";
import { createTestApi, get, insertTitles, publicToken } from "../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let first: number;
let later: number;
let namesake: number;
let sameAuthor: number;
let sameSubject: number;
let unrelated: number;

beforeAll(async () => {
  t = await createTestApi({ titles: 0 });
  [first, later, namesake, sameAuthor, sameSubject, unrelated] = await insertTitles(t.db, [
    { titulo: "Iracema", autor: "Alencar, José de, 1829-1877", ano_publicacao: 1865, assuntos: ["Romance brasileiro"] },
    { titulo: "Iracema.", autor: "ALENCAR, José de", ano_publicacao: 2005, edicao: "3. ed.", editora: "Ática" },
    { titulo: "Iracema", autor: "Souza, Outra", ano_publicacao: 1990 },
    { titulo: "Senhora", autor: "Alencar, José de, 1829-1877", ano_publicacao: 1875 },
    { titulo: "Lucíola", autor: "Lima, Rosa", ano_publicacao: 1990, assuntos: ["Romance brasileiro"] },
    { titulo: "Química geral", autor: "Pereira, Luís", ano_publicacao: 2001, assuntos: ["Química"] },
  ]);
  token = await publicToken(t.app);
});
afterAll(async () => t.cleanup());

const ids = (list: Array<{ cod_acervo: number }>) => list.map((r) => r.cod_acervo);

describe("other editions of a work (GET /acervo/{id}/edicoes)", () => {
  it("lists the other titles with the same filing title and main author, newest first, whatever their dates or case", async () => {
    const res = await get(t.app, `/api/acervo/${first}/edicoes`, token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Array<{ cod_acervo: number; edicao: string | null; ano_publicacao: number | null }>;
    expect(ids(body)).toEqual([later]);
    expect(body[0]).toMatchObject({ edicao: "3. ed.", ano_publicacao: 2005, editora: "Ática" });
  });

  it("does not count a title of the same name by another author as an edition", async () => {
    const body = (await (await get(t.app, `/api/acervo/${namesake}/edicoes`, token)).json()) as unknown[];
    expect(body).toEqual([]);
  });

  it("answers 404 for a title that does not exist", async () => {
    expect((await get(t.app, "/api/acervo/999999/edicoes", token)).status).toBe(404);
    expect((await get(t.app, "/api/acervo/999999/semelhantes", token)).status).toBe(404);
  });

  it("counts each search hit's editions", async () => {
    const body = (await (await get(t.app, "/api/consulta?termo=iracema", token)).json()) as {
      resultados: Array<{ cod_acervo: number; edicoes: number }>;
    };
    const byId = new Map(body.resultados.map((r) => [r.cod_acervo, r.edicoes]));
    expect(byId.get(first)).toBe(2);
    expect(byId.get(later)).toBe(2);
    expect(byId.get(namesake)).toBe(1);
  });
});

describe("more like this (GET /acervo/{id}/semelhantes)", () => {
  it("ranks a title by the same author before one sharing a subject, and leaves out the work's own editions and unrelated titles", async () => {
    const res = await get(t.app, `/api/acervo/${first}/semelhantes`, token);
    expect(res.status).toBe(200);
    const found = ids((await res.json()) as Array<{ cod_acervo: number }>);
    expect(found).toEqual([sameAuthor, sameSubject]);
    expect(found).not.toContain(later);
    expect(found).not.toContain(unrelated);
  });

  it("is embedded in the title with ?incluir=edicoes,semelhantes, in the shape of its own call", async () => {
    const body = (await (await get(t.app, `/api/acervo/${first}?incluir=edicoes,semelhantes`, token)).json()) as {
      edicoes: unknown;
      semelhantes: unknown;
    };
    expect(body.edicoes).toEqual(await (await get(t.app, `/api/acervo/${first}/edicoes`, token)).json());
    expect(body.semelhantes).toEqual(await (await get(t.app, `/api/acervo/${first}/semelhantes`, token)).json());
  });
});

describe("migration 096", () => {
  it("gives titles indexed before it their work key once the derived data is rebuilt", async () => {
    await sql`DROP INDEX busca_ordem_obra`.execute(t.db);
    await sql`DROP INDEX acervo_classificacao`.execute(t.db);
    await t.db.schema.alterTable("busca_ordem").dropColumn("chave_obra").execute();
    await workKeyMigration(t.db);
    expect(
      (await t.db.selectFrom("busca_ordem").select("chave_obra").where("cod_acervo", "=", first).executeTakeFirstOrThrow()).chave_obra,
    ).toBeNull();
    expect(await rebuildRequestedDerivedData(t.db)).toContain("ordem");
    const keys = await t.db.selectFrom("busca_ordem").select(["cod_acervo", "chave_obra"]).where("cod_acervo", "in", [first, later]).execute();
    expect(keys.map((k) => k.chave_obra)).toEqual(["iracema|alencar jose de", "iracema|alencar jose de"]);
  });
});
