/**
 * A title's extra data (spec §3 "Extra data", ADR 215), read from what the catalogue already holds:
 * - the area of knowledge: the class of its classification (the K filter's value) and the scheme it belongs to
 *   (`cod_tipo_area_conhec` 1 = Dewey, a digit; 2 = Library of Congress, a letter);
 * - `rota`: the way to the shelf, per library that keeps a copy: library, location, call number, and whether the
 *   location is in closed stacks (migration 091); `acervo_fechado` when one is;
 * - `cursos_disc`: the courses and disciplines whose teaching plans cite the title;
 * - `dados_adicionais`: the title's values of the derived search filters (ADR 068), by filter code.
 */
import type { Db } from "../db/index.ts";
import { prepared } from "../db/prepared.ts";
import { classLabel, classOf, DERIVED_FACET_TYPES, type DerivedFacetType } from "../search/index.ts";
import type { Lang } from "../lib/messages.ts";

const SCHEMES: Record<1 | 2, Record<Lang, string>> = {
  1: { pt: "Classificação Decimal de Dewey", es: "Clasificación Decimal de Dewey", en: "Dewey Decimal Classification" },
  2: { pt: "Classificação da Library of Congress", es: "Clasificación de la Library of Congress", en: "Library of Congress Classification" },
};

export interface TitleExtras {
  cod_tipo_area_conhec: number | null;
  desc_tipo_area_conhec: string | null;
  cod_area_conhecimento: string | null;
  areas_conhecimento: Array<{ codigo: string; descricao: string }>;
  rota: Array<{ cod_biblioteca: number; desc_biblioteca: string; localizacao: string | null; chamada: string | null; fechado: boolean }>;
  acervo_fechado: boolean;
  cursos_disc: Array<{ cod_curso: number; curso: string; cod_disciplina: number; codigo_disciplina: string; disciplina: string }>;
  dados_adicionais: Partial<Record<DerivedFacetType, Array<{ codigo: string; descricao: string }>>>;
}

/** Its copies' shelves, the teaching plans citing it, its derived filter values: built and compiled once (ADR 210). */
const SHELVES = prepared((db, p: { id: number }) =>
  db
    .selectFrom("exemplar as e")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "e.cod_biblioteca")
    .leftJoin("localizacao_fechada as f", (j) => j.onRef("f.cod_biblioteca", "=", "e.cod_biblioteca").onRef("f.localizacao", "=", "e.localizacao"))
    .select(["b.cod_biblioteca", "b.desc_biblioteca", "e.localizacao", "e.chamada", "f.localizacao as fechada"])
    .where("e.cod_acervo", "=", p.id)
    .where((w) => w.or([w("e.localizacao", "is not", null), w("e.chamada", "is not", null)]))
    .distinct()
    .orderBy("b.cod_biblioteca")
    .orderBy("e.localizacao")
    .orderBy("e.chamada"),
);
const PLANS = prepared((db, p: { id: number }) =>
  db
    .selectFrom("plano_bibliografia as pb")
    .innerJoin("plano_ensino as p", "p.cod_plano", "pb.cod_plano")
    .innerJoin("curso as c", "c.cod_curso", "p.cod_curso")
    .innerJoin("disciplina as d", "d.cod_disciplina", "p.cod_disciplina")
    .select(["c.cod_curso", "c.nome as curso", "d.cod_disciplina", "d.codigo as codigo_disciplina", "d.nome as disciplina"])
    .where("pb.cod_acervo", "=", p.id)
    .distinct()
    .orderBy("c.nome")
    .orderBy("d.nome"),
);
const VALUES = prepared((db, p: { id: number }) =>
  db
    .selectFrom("acervo_faceta as af")
    .innerJoin("faceta_valor as v", "v.cod_valor", "af.cod_valor")
    .select(["v.tipo", "v.codigo", "v.descricao"])
    .where("af.cod_acervo", "=", p.id)
    .orderBy("v.tipo")
    .orderBy("v.descricao"),
);

/** The extra data of one title (three indexed reads: its copies, its teaching plans, its derived filter values). */
export async function titleExtras(db: Db, codAcervo: number, classificacao: string | null, lang: Lang): Promise<TitleExtras> {
  const area = classOf(classificacao);
  const scheme = area ? (/\d/.test(area) ? 1 : 2) : null;
  const [shelves, plans, values] = await Promise.all([
    SHELVES.all(db, { id: codAcervo }),
    PLANS.all(db, { id: codAcervo }),
    VALUES.all(db, { id: codAcervo }),
  ]);
  const dados: TitleExtras["dados_adicionais"] = {};
  for (const v of values) {
    if (!(DERIVED_FACET_TYPES as readonly string[]).includes(v.tipo)) continue;
    (dados[v.tipo as DerivedFacetType] ??= []).push({ codigo: v.codigo, descricao: v.descricao });
  }
  return {
    cod_tipo_area_conhec: scheme,
    desc_tipo_area_conhec: scheme ? SCHEMES[scheme][lang] : null,
    cod_area_conhecimento: area,
    areas_conhecimento: area ? [{ codigo: area, descricao: classLabel(area, lang) }] : [],
    rota: shelves.map(({ fechada, ...r }) => ({ ...r, fechado: fechada !== null })),
    acervo_fechado: shelves.some((r) => r.fechada !== null),
    cursos_disc: plans,
    dados_adicionais: dados,
  };
}
