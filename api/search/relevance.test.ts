/**
 * Relevance on a realistic catalogue (issue 27, ADR 250): a small deterministic catalogue from the realistic
 * generator (bench/realistic-catalogue.ts: the demo records' titles, subtitles, headings, names and publishers
 * recombined, Zipf-distributed words, mixed languages, 852/949 holdings; without the system word lists, so it is
 * the same on every machine) plus records that put each ranking rule to the test, imported into a temporary
 * database through the real import path (ISO 2709 → `importFiles`), then searched through `/api/consulta`.
 * Each case names the titles that must come first, or that must come before others.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realisticRecords } from "../../bench/realistic-catalogue.ts";
import { createTestApi, get, publicToken } from "../lib/testing.ts";
import { importFiles } from "../marc/import.ts";
import type { MarcRecord } from "../marc/types.ts";
import { toIso2709 } from "../marc/write.ts";
import { searchAcervos, searchLimits } from "./query.ts";
import { fold, words } from "./text.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let token: string;
let dir: string;
let generated: MarcRecord[] = [];

/** A planted record: title, subtitle, language (MARC code), subjects, author; one 852 copy. */
function planted(n: number, titulo: string, o: { sub?: string; lang?: string; subjects?: string[]; author?: string } = {}): MarcRecord {
  return {
    leader: "00000nam a2200000 a 4500",
    fields: [
      { tag: "001", value: `REL${n}` },
      { tag: "003", value: "ESTREL" },
      { tag: "008", value: `261128s2001    xx            000 0 ${o.lang ?? "por"} d` },
      { tag: "100", ind1: "1", ind2: " ", subfields: [{ code: "a", value: o.author ?? "Autora, Ana" }] },
      {
        tag: "245",
        ind1: "1",
        ind2: "0",
        subfields: o.sub
          ? [
              { code: "a", value: `${titulo} :` },
              { code: "b", value: o.sub },
            ]
          : [{ code: "a", value: titulo }],
      },
      ...(o.subjects ?? []).map((s) => ({ tag: "650", ind1: " ", ind2: "4", subfields: [{ code: "a", value: s }] })),
      {
        tag: "852",
        ind1: "0",
        ind2: " ",
        subfields: [
          { code: "b", value: "BC" },
          { code: "h", value: `001 R${n}` },
          { code: "p", value: `REL${n}` },
        ],
      },
    ],
  };
}

/**
 * The rules' records, in this order (ids ascend): each case's record that must come later is written first and
 * is never longer, so an order by length and id alone puts it first.
 */
const PLANTED: Array<[string, Parameters<typeof planted>[2]?]> = [
  // A word as typed outranks its stems (Portuguese plural typed; singular by the stem).
  ["Zorbiteca"],
  ["Zorbitecas rurais"],
  ["Quelmaria"],
  ["Quelmarias antigas"],
  ["Fulgeto"],
  ["Fulgetos novos"],
  ["Cavrinha"],
  ["Cavrinhas do sul"],
  ["Selmudo"],
  ["Selmudos e mares"],
  ["Gorpeta"],
  ["Gorpetas de papel"],
  // The patron's language's stem outranks another language's (the same query, two patrons).
  ["Plorvics", { lang: "eng" }],
  ["Plorvicas", { lang: "por" }],
  ["Drantics", { lang: "eng" }],
  ["Dranticas", { lang: "por" }],
  // A prefix match ranks last.
  ["Gralmoteca"],
  ["Gralmos antigos"],
  ["Gralmo do norte e do sul"],
  ["Vesprilandia"],
  ["Vespril da serra"],
  ["Tamborenas"],
  ["Tamboren de cobre"],
  // Main title and subtitle weigh alike; both before the word elsewhere.
  ["Estudos gerais", { subjects: ["Vintrelho"] }],
  ["Vintrelho no campo"],
  ["Estudos", { sub: "vintrelho no campo" }],
  ["Ensaios", { author: "Drumfel, Paulo" }],
  ["Notas", { subjects: ["Drumfel -- História"] }],
  ["Drumfel e a cidade"],
  // The shorter title first: the query is a larger share of it.
  ["Quorvex nas cidades do interior entre a colônia e o império com mapas e notas"],
  ["Quorvex hoje"],
  // The whole title equal to the query first.
  ["Verde tarmelo"],
  ["Tarmelo verde e azul"],
  ["Tarmelo verde"],
];

beforeAll(async () => {
  t = await createTestApi({ patrons: false, titles: 0 });
  token = await publicToken(t.app);
  ({ records: generated } = await realisticRecords(300, 27, {}));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-relevance-"));
  const file = path.join(dir, "catalogue.mrc");
  const records = [...generated, ...PLANTED.map(([titulo, o], i) => planted(i + 1, titulo, o))];
  fs.writeFileSync(file, Buffer.concat(records.map((r) => toIso2709(r))));
  const summary = await importFiles(t.db, [file], { codEmpresa: 1 });
  expect(summary.errors).toEqual([]);
}, 300_000);
afterAll(async () => {
  await t?.cleanup();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function titlesFor(termo: string, lang = "1"): Promise<string[]> {
  const res = await get(t.app, `/api/consulta?${new URLSearchParams({ termo, qtd: "100" })}`, token, lang);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { resultados: Array<{ titulo: string; subtitulo: string | null }> };
  return body.resultados.map((r) => (r.subtitulo ? `${r.titulo} : ${r.subtitulo}` : r.titulo));
}

/** Cases: the query, the patron's language (the API's `lang` header: 1 Portuguese, 5 English), the titles that must come first (in any order among them). */
const FIRST: Array<{ rule: string; q: string; lang?: string; first: string[]; then?: string[] }> = [
  ...[
    ["zorbitecas", "Zorbitecas rurais", "Zorbiteca"],
    ["quelmarias", "Quelmarias antigas", "Quelmaria"],
    ["fulgetos", "Fulgetos novos", "Fulgeto"],
    ["cavrinhas", "Cavrinhas do sul", "Cavrinha"],
    ["selmudos", "Selmudos e mares", "Selmudo"],
    ["gorpetas", "Gorpetas de papel", "Gorpeta"],
  ].map(([q, typed, stem]) => ({ rule: "a word as typed outranks its stems", q, first: [typed], then: [stem] })),
  ...[
    ["zorbiteca", "Zorbiteca", "Zorbitecas rurais"],
    ["selmudo", "Selmudo", "Selmudos e mares"],
  ].map(([q, typed, stem]) => ({ rule: "a word as typed outranks its stems (singular typed)", q, first: [typed], then: [stem] })),
  { rule: "the patron's language's stem first (Portuguese)", q: "plorvic", lang: "1", first: ["Plorvicas"], then: ["Plorvics"] },
  { rule: "the patron's language's stem first (English)", q: "plorvic", lang: "5", first: ["Plorvics"], then: ["Plorvicas"] },
  { rule: "the patron's language's stem first (Portuguese)", q: "drantic", lang: "1", first: ["Dranticas"], then: ["Drantics"] },
  { rule: "the patron's language's stem first (English)", q: "drantic", lang: "5", first: ["Drantics"], then: ["Dranticas"] },
  {
    rule: "a prefix match ranks last (after the word and its stems)",
    q: "gralmo",
    first: ["Gralmo do norte e do sul", "Gralmos antigos"],
    then: ["Gralmoteca"],
  },
  { rule: "a prefix match ranks last (after the word as typed)", q: "vespril", first: ["Vespril da serra"], then: ["Vesprilandia"] },
  { rule: "a prefix match ranks last (after the word as typed)", q: "tamboren", first: ["Tamboren de cobre"], then: ["Tamborenas"] },
  {
    rule: "main title and subtitle weigh alike",
    q: "vintrelho",
    first: ["Vintrelho no campo", "Estudos : vintrelho no campo"],
    then: ["Estudos gerais"],
  },
  { rule: "main title and subtitle weigh alike (two words)", q: "vintrelho campo", first: ["Vintrelho no campo", "Estudos : vintrelho no campo"] },
  { rule: "the word in the title outranks it as author or subject", q: "drumfel", first: ["Drumfel e a cidade"], then: ["Ensaios", "Notas"] },
  {
    rule: "the word in the title outranks it as author or subject (with a stem)",
    q: "drumfels",
    first: ["Drumfel e a cidade"],
    then: ["Ensaios", "Notas"],
  },
  {
    rule: "the shorter title first",
    q: "quorvex",
    first: ["Quorvex hoje"],
    then: ["Quorvex nas cidades do interior entre a colônia e o império com mapas e notas"],
  },
  { rule: "the whole title equal to the query first", q: "tarmelo verde", first: ["Tarmelo verde"], then: ["Verde tarmelo", "Tarmelo verde e azul"] },
  {
    rule: "the whole title equal to the query first, typed without accents or capitals",
    q: "TARMELO VERDE",
    first: ["Tarmelo verde"],
    then: ["Verde tarmelo", "Tarmelo verde e azul"],
  },
];

/** Titles of the generated catalogue searched as typed: each must come first (the exact-title tier). */
function generatedTitles(n: number): string[] {
  const out: string[] = [];
  for (const r of generated) {
    const f = r.fields.find((x) => x.tag === "245");
    if (!f || !("subfields" in f) || f.subfields.length !== 1) continue;
    const title = f.subfields[0].value.replace(/[.\s]+$/, "");
    const ws = words(title);
    if (ws.length < 3 || ws.length > 8 || !/^[\p{L} ]+$/u.test(title) || out.some((x) => fold(x) === fold(title))) continue;
    out.push(title);
    if (out.length === n) break;
  }
  return out;
}

describe("relevance on a realistic catalogue", () => {
  it("has at least 30 cases", () => {
    expect(FIRST.length + generatedTitles(10).length).toBeGreaterThanOrEqual(30);
  });

  it.each(FIRST)("$rule: $q ($lang)", async ({ q, lang, first, then }) => {
    const got = await titlesFor(q, lang);
    expect(got.slice(0, first.length).sort()).toEqual([...first].sort());
    for (const later of then ?? []) expect(got.indexOf(later), `${later} in ${JSON.stringify(got)}`).toBeGreaterThan(first.length - 1);
  });

  it("reads the same relevance pages from the title tier's best level and the index's hints as from the full grouping (ADRs 259, 267)", async () => {
    // The generated catalogue's most frequent title words (their tiers mix levels), and the planted rules' words.
    const df = new Map<string, number>();
    for (const r of generated) {
      const f = r.fields.find((x) => x.tag === "245");
      if (f && "subfields" in f) for (const w of new Set(words(f.subfields.map((x) => x.value).join(" ")).map(fold))) df.set(w, (df.get(w) ?? 0) + 1);
    }
    const common = [...df]
      .filter(([w]) => w.length >= 3)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 8)
      .map(([w]) => w);
    // With each common word's first four letters (a prefix: most of its tier at the last level) and its plural
    // (typed in few titles, found mostly by its stem), where the text index's hints decide (ADR 267).
    const queries = [
      ...common,
      ...common.map((w) => w.slice(0, 4)),
      ...common.map((w) => `${w}s`),
      "zorbitecas",
      "gralmo",
      "plorvic",
      "tarmelo verde",
      "vintrelho",
    ];
    const pages = async () => {
      const out: string[] = [];
      for (const termo of queries)
        for (const lingua of ["pt", "en"])
          for (const pagina of [1, 2, 3]) {
            const r = await searchAcervos(t.db, { termos: [{ termo, tipo: "livre" }], pagina, qtd: 5, ordenacao: "C", lingua });
            out.push(`${termo} ${lingua} ${pagina}: ${r.total} ${r.resultados.map((h) => h.cod_acervo).join(",")}`);
          }
      return out;
    };
    const saved = { ...searchLimits };
    try {
      // The walk on every listed tier, however small (this catalogue's largest tiers have a few hundred titles).
      // Each tier read from the order's index as the walk goes (`orderWalkMax`), however sparse.
      Object.assign(searchLimits, { walkMin: 0, levelHintMin: Number.POSITIVE_INFINITY, orderWalkMax: Number.POSITIVE_INFINITY });
      const walked = await pages();
      // The same with the index's hints on every tier, walks of 4 titles a chunk (the hints' level 0 is then read
      // whenever the walk's first chunk could not fill the page) and the title tier always from a pass of its field.
      Object.assign(searchLimits, { walkChunk: 4, levelHintMin: 0, tierPassMin: 0 });
      const hinted = await pages();
      // The same, each tier sorted at once instead.
      Object.assign(searchLimits, { orderWalkMax: 0 });
      const sorted = await pages();
      // Without probes the title tier is found by another pass of the text index and every title read and grouped.
      Object.assign(searchLimits, saved, { levelHintMin: Number.POSITIVE_INFINITY, probeMax: 0 });
      const full = await pages();
      expect(walked).toEqual(full);
      expect(hinted).toEqual(full);
      expect(sorted).toEqual(full);
    } finally {
      Object.assign(searchLimits, saved);
    }
  });

  it("a generated catalogue's titles, searched as written, come first", async () => {
    const titles = generatedTitles(10);
    expect(titles.length).toBe(10);
    for (const title of titles) {
      const got = await titlesFor(title);
      const key = (x: string) => words(x).map(fold).join(" ");
      expect(key(got[0] ?? ""), title).toBe(key(title));
    }
  });
});
