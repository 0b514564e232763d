/**
 * A title's extra data (spec §3 "Extra data", ADR 215), read from what the catalogue already holds:
 * - the area of knowledge: the class of its classification (the K filter's value) and the scheme it belongs to
 *   (`cod_tipo_area_conhec` 1 = Dewey, a digit; 2 = Library of Congress, a letter);
 * - `rota`: the way to the shelf, per library that keeps a copy: library, location, call number, and whether the
 *   location is in closed stacks (migration 091); `acervo_fechado` when one is;
 * - `cursos_disc`: the courses and disciplines whose teaching plans cite the title;
 * - `dados_adicionais`: the title's values of the derived search filters (ADR 068), by filter code.
 */
import { titleDerivedFilterValues, titleShelves, titleTeachingPlans } from "../db/acervo.ts";
import type { Db } from "../db/index.ts";
import { classOf, DERIVED_FACET_TYPES, type DerivedFacetType } from "../search/index.ts";

/** The classification scheme of an area of knowledge: 1 = Dewey (a digit), 2 = Library of Congress (a letter). */
export type ClassScheme = 1 | 2;

/** The extra data as codes: the route names the scheme and the area in the request's language. */
export interface TitleExtraData {
  cod_tipo_area_conhec: ClassScheme | null;
  cod_area_conhecimento: string | null;
  rota: Array<{ cod_biblioteca: number; desc_biblioteca: string; localizacao: string | null; chamada: string | null; fechado: boolean }>;
  acervo_fechado: boolean;
  cursos_disc: Array<{ cod_curso: number; curso: string; cod_disciplina: number; codigo_disciplina: string; disciplina: string }>;
  dados_adicionais: Partial<Record<DerivedFacetType, Array<{ codigo: string; descricao: string }>>>;
}

/** The extra data of one title (three indexed reads: its copies, its teaching plans, its derived filter values). */
export async function titleExtraData(db: Db, codAcervo: number, classificacao: string | null): Promise<TitleExtraData> {
  const area = classOf(classificacao);
  const scheme = area ? (/\d/.test(area) ? 1 : 2) : null;
  const [shelves, plans, values] = await Promise.all([
    titleShelves(db, codAcervo),
    titleTeachingPlans(db, codAcervo),
    titleDerivedFilterValues(db, codAcervo),
  ]);
  const dados: TitleExtraData["dados_adicionais"] = {};
  for (const v of values) {
    if (!(DERIVED_FACET_TYPES as readonly string[]).includes(v.tipo)) continue;
    (dados[v.tipo as DerivedFacetType] ??= []).push({ codigo: v.codigo, descricao: v.descricao });
  }
  return {
    cod_tipo_area_conhec: scheme,
    cod_area_conhecimento: area,
    rota: shelves.map(({ fechada, ...r }) => ({ ...r, fechado: fechada !== null })),
    acervo_fechado: shelves.some((r) => r.fechada !== null),
    cursos_disc: plans,
    dados_adicionais: dados,
  };
}
