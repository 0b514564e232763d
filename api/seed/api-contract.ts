import type { Db } from "../db/index.ts";
import { parseJsonObject } from "../lib/http.ts";
import type { MarcRecord } from "../marc/types.ts";

/** ABNT standards of the demo's Target catalogue (spec §7 `produtos-target`, `vinculos/abnt/{id}`). */
export const DEMO_TARGET_STANDARDS = [
  { codigo: "ABNT NBR 6023", titulo: "Informação e documentação — Referências — Elaboração", ano: 2018 },
  { codigo: "ABNT NBR 6024", titulo: "Informação e documentação — Numeração progressiva das seções de um documento — Apresentação", ano: 2012 },
  { codigo: "ABNT NBR 6027", titulo: "Informação e documentação — Sumário — Apresentação", ano: 2012 },
  { codigo: "ABNT NBR 6028", titulo: "Informação e documentação — Resumo, resenha e recensão — Apresentação", ano: 2021 },
  { codigo: "ABNT NBR 10520", titulo: "Informação e documentação — Citações em documentos — Apresentação", ano: 2023 },
  { codigo: "ABNT NBR 14724", titulo: "Informação e documentação — Trabalhos acadêmicos — Apresentação", ano: 2011 },
];

/** Indexing services noted (MARC 510) on the demo's first titles with online links. */
const INDEXES = [
  [
    { a: "SciELO", u: "https://scielo.org" },
    { a: "DOAJ", u: "https://doaj.org" },
  ],
  [{ a: "Scopus", b: "2010-" }],
  [{ a: "LILACS", u: "https://lilacs.bvsalud.org" }],
];

/**
 * Demo data of ADR 180: Target standards, Eventum events, an activity note, "indexed in" notes and the demo
 * patron's registration due for renewal. Idempotent.
 */
export async function seedApiContract(
  db: Db,
  { now = Date.now(), log = (_m: string) => {} }: { now?: number; log?: (m: string) => void } = {},
): Promise<void> {
  const have = await db.selectFrom("produto_target").select("codigo").execute();
  const known = new Set(have.map((r) => r.codigo));
  const fresh = DEMO_TARGET_STANDARDS.filter((s) => !known.has(s.codigo));
  if (fresh.length) await db.insertInto("produto_target").values(fresh).execute();

  const inst = await db.selectFrom("instituicao").select(["cod_empresa", "parametros"]).orderBy("cod_empresa").executeTakeFirst();
  if (inst) {
    const p = parseJsonObject(inst.parametros);
    const day = (d: number) => new Date(now + d * 86_400_000).toISOString().slice(0, 10);
    p.eventos_eventum ??= [
      {
        titulo: "Oficina: normas ABNT para trabalhos acadêmicos",
        data_inicio: day(10),
        data_fim: day(10),
        local: "Biblioteca Central, sala 2",
        url: "https://eventum.example.org/eventos/abnt",
      },
      {
        titulo: "Semana do livro e da biblioteca",
        data_inicio: day(30),
        data_fim: day(34),
        local: "Campus Central",
        url: "https://eventum.example.org/eventos/semana-do-livro",
      },
    ];
    p.informativos ??= { "12": "<p>Sugestões de compra são avaliadas pela comissão de seleção uma vez por semestre.</p>" };
    await db
      .updateTable("instituicao")
      .set({ parametros: JSON.stringify(p) })
      .where("cod_empresa", "=", inst.cod_empresa)
      .execute();
  }

  const linked = await db.selectFrom("acervo_link").select("cod_acervo").distinct().orderBy("cod_acervo").limit(INDEXES.length).execute();
  for (const [i, { cod_acervo }] of linked.entries()) {
    const row = await db.selectFrom("acervo").select("marc").where("cod_acervo", "=", cod_acervo).executeTakeFirstOrThrow();
    const marc = JSON.parse(row.marc) as MarcRecord;
    if (marc.fields.some((f) => f.tag === "510")) continue;
    for (const ix of INDEXES[i]) {
      marc.fields.push({ tag: "510", ind1: "2", ind2: " ", subfields: Object.entries(ix).map(([code, value]) => ({ code, value })) });
    }
    await db
      .updateTable("acervo")
      .set({ marc: JSON.stringify(marc) })
      .where("cod_acervo", "=", cod_acervo)
      .execute();
  }

  // The demo patron's registration expires in 20 days: GET /api/pessoas/renovar answers renovar: true.
  const demo = await db.selectFrom("login").select("cod_pessoa").where("usuario", "=", "demo").executeTakeFirst();
  if (demo)
    await db
      .updateTable("pessoa")
      .set({ validade_cadastro: new Date(now + 20 * 86_400_000).toISOString().slice(0, 10) })
      .where("cod_pessoa", "=", demo.cod_pessoa)
      .execute();
  log("seeded the directory extras: Target standards, Eventum events, indexing notes");
}
