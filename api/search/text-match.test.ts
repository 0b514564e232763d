import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, get, publicToken } from "../lib/testing.ts";
import { reindexAcervos, searchLimits } from "./index.ts";

/**
 * A broad word narrowed by a rare year: the year's few titles drive the search and their stored index text is
 * tested in JS (ADR 105, "A year drives with its type and language"). Every answer must be the text index's own:
 * each query runs with a driving filter and again with none (the text index's MATCH alone) and both must agree,
 * on titles whose words are plain, accented, outside ASCII, in one field only, or matched by a prefix.
 */
let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
const defaults = { ...searchLimits };
const RARE = 1801;
const rare = [
  { titulo: "Historia do mar", autor: "Silva, Ana", assunto: "Oceanos" },
  { titulo: "Histórias de pescadores", autor: "Souza, João", assunto: "Pesca" },
  { titulo: "Ørsted og historia", autor: "Ørsted, Hans", assunto: "Física" },
  { titulo: "Straße der historia", autor: "Müller, Jürgen", assunto: "Geschichte" },
  { titulo: "東京 historia", autor: "山田, 太郎", assunto: "日本" },
  { titulo: "Historiografia colonial", autor: "Lima, José", assunto: "Brasil" },
  { titulo: "Cartas do mar", autor: "Historia, Pedro", assunto: "Navegação" },
  { titulo: "Navios", autor: "Costa, Rui", assunto: "Historia naval" },
  { titulo: "Sem a palavra", autor: "Mar, Rosa", assunto: "Viagens" },
];

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  const rows = [
    ...rare.map((r, i) => ({ ...r, ano: RARE, chave: `tm-rare-${i}` })),
    // The other titles of every query's words: many more than the year's, so the year drives each search.
    ...Array.from({ length: 400 }, (_, i) => ({
      titulo: `Historia ${i} do mar`,
      autor: "Historia, Outro",
      assunto: "Historia, oceanos e pesca",
      ano: 1950 + (i % 50),
      chave: `tm-${i}`,
    })),
  ];
  const got = await t.db
    .insertInto("acervo")
    .values(
      rows.map((r) => ({
        cod_empresa: 1,
        chave_origem: r.chave,
        cod_tipo_obra: 1,
        titulo: r.titulo,
        autor: r.autor,
        ano_publicacao: r.ano,
        idioma: "por",
        assuntos: JSON.stringify([r.assunto]),
        marc: JSON.stringify({ leader: "00000nam a2200000 a 4500", fields: [] }),
      })),
    )
    .returning("cod_acervo")
    .execute();
  await reindexAcervos(
    t.db,
    got.map((g) => g.cod_acervo),
  );
  token = await publicToken(t.app);
}, 60_000);
afterAll(async () => t.cleanup());
afterEach(() => Object.assign(searchLimits, defaults));

const titles = async (qs: string) => {
  const res = await get(t.app, `/api/consulta?${qs}&filtro=Y:${RARE}&qtd=50`, token);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { total: number; resultados: Array<{ titulo: string }> };
  return { total: body.total, titulos: body.resultados.map((r) => r.titulo).sort() };
};

describe("a search driven by a rare year, its titles' text tested in JS", () => {
  const cases: Array<[string, string[]]> = [
    // The last word is a prefix: "historia" finds "histórias", not "historiografia".
    [
      "termo=historia",
      ["Historia do mar", "Histórias de pescadores", "Ørsted og historia", "Straße der historia", "東京 historia", "Cartas do mar", "Navios"],
    ],
    [
      "termo=histori",
      [
        "Historia do mar",
        "Histórias de pescadores",
        "Ørsted og historia",
        "Straße der historia",
        "東京 historia",
        "Historiografia colonial",
        "Cartas do mar",
        "Navios",
      ],
    ],
    ["termo=historia+mar", ["Historia do mar", "Cartas do mar"]],
    ["termo=historia&tipo=autor", ["Cartas do mar"]],
    ["termo=historia&tipo=titulo", ["Historia do mar", "Histórias de pescadores", "Ørsted og historia", "Straße der historia", "東京 historia"]],
    ["termo=historia&tipo=assunto", ["Navios"]],
    // FTS5 keeps "ø" (it is not a letter with a diacritic): "orsted" does not find it, "ørsted" does.
    ["termo=historia+orsted", []],
    ["termo=historia+%C3%B8rsted", ["Ørsted og historia"]],
    ["termo=strasse+historia", []],
    ["termo=historia+東京", ["東京 historia"]],
    ["termo=oceanos+pesca&modo=qualquer", ["Historia do mar", "Histórias de pescadores"]],
  ];
  for (const [qs, expected] of cases) {
    it(`finds what the text index finds: ${decodeURIComponent(qs)}`, async () => {
      const driven = await titles(qs);
      Object.assign(searchLimits, { driveMax: 0 });
      const matched = await titles(qs);
      expect(driven).toEqual(matched);
      expect(driven.titulos).toEqual([...expected].sort());
    });
  }
});
