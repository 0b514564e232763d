import { sql, type RawBuilder } from "kysely";
import {
  ACT_KINDS,
  DECISION_KINDS,
  decadeLabel,
  kindPatterns,
  optionLabel,
  TAB_OPTION_FIELDS,
  type Kind,
  type OptionField,
  type OptionTab,
  type TabOptionValues,
} from "./tab-options.ts";
import type { Lang } from "../lib/messages.ts";
import { isScopeField, scopeCondition } from "./scope-options.ts";
import type { Db } from "../db/index.ts";

/** Values listed per option field at most (by number of titles; years and decades by recency). */
export const OPTION_VALUES_MAX = 40;

/** The lower-cased title and subjects of alias `a`, padded so every word has a neighbour on each side. */
const kindText = sql`(' ' || lower(a.titulo) || ' ' || lower(coalesce(a.subtitulo, '')) || ' ' || lower(a.assuntos) || ' ')`;

/** The condition "this title is of this kind" over alias `a`. */
function kindCondition(kind: Kind): RawBuilder<unknown> {
  return sql`(${sql.join(
    kindPatterns(kind).map((p) => sql`${kindText} LIKE ${p}`),
    sql` OR `,
  )})`;
}

const KINDS_OF: Partial<Record<OptionField, Kind[]>> = { especie: ACT_KINDS, decisao: DECISION_KINDS };

/** The condition one selected option puts on alias `a`. */
function optionCondition(field: OptionField, value: string): RawBuilder<unknown> {
  switch (field) {
    case "material":
      return sql`a.cod_tipo_obra = ${Number(value)}`;
    case "decada":
      return sql`a.ano_publicacao BETWEEN ${Number(value)} AND ${Number(value) + 9}`;
    case "ano":
      return sql`a.ano_publicacao = ${Number(value)}`;
    case "tribunal":
      return sql`a.autor = ${value}`;
    case "especie":
    case "decisao": {
      const kind = KINDS_OF[field]!.find((k) => k.codigo === value);
      return kind ? kindCondition(kind) : sql`1 = 0`;
    }
  }
}

/**
 * `AND …` for the tab's selected options over alias `a` (ADR 065); empty when none is selected. `id`, when given,
 * is the title's id where `a` may not be joined: the options tested on the id alone (`KEY_SCOPE_FIELDS`) use it.
 */
export function tabOptionsWhere(options: TabOptionValues | undefined, id?: RawBuilder<unknown>): RawBuilder<unknown> {
  const parts = Object.entries(options ?? {})
    .filter(([, v]) => v)
    .map(([field, v]) => sql`AND ${isScopeField(field) ? scopeCondition(field, v!, id) : optionCondition(field as OptionField, v!)}`);
  return parts.length ? sql.join(parts, sql` `) : sql``;
}

/** One option of a tab's form, with the number of the tab's titles that have it. */
export interface TabOption {
  codigo: string;
  descricao: string;
  total: number;
}

/** One labelled field of a tab's form. */
export interface TabOptionGroup {
  campo: OptionField;
  descricao: string;
  opcoes: TabOption[];
}

/**
 * The options of a tab's form, derived from the titles of that tab (`acervo_guia`), each with its number of
 * titles: kinds found in titles and subjects, work types, years or decades, courts (the titles' main entry).
 */
export async function tabOptionGroups(db: Db, guia: OptionTab, lang: Lang): Promise<TabOptionGroup[]> {
  const inTab = sql`EXISTS (SELECT 1 FROM acervo_guia g WHERE g.guia = ${guia} AND g.cod_acervo = a.cod_acervo)`;
  const kinds = async (list: Kind[]): Promise<TabOption[]> => {
    const cols = list.map((k) => sql`sum(CASE WHEN ${kindCondition(k)} THEN 1 ELSE 0 END) AS ${sql.ref(k.codigo)}`);
    const { rows } = await sql<Record<string, number | null>>`SELECT ${sql.join(cols)} FROM acervo a WHERE ${inTab}`.execute(db);
    return list
      .map((k) => ({ codigo: k.codigo, descricao: optionLabel(k.codigo, lang), total: Number(rows[0]?.[k.codigo] ?? 0) }))
      .filter((o) => o.total > 0);
  };
  const grouped = async (value: RawBuilder<unknown>, order: "count" | "recent"): Promise<Array<{ codigo: string; total: number }>> => {
    const orderBy = order === "recent" ? sql`codigo DESC` : sql`total DESC, codigo ASC`;
    const { rows } = await sql<{ codigo: string | number; total: number }>`
      SELECT ${value} AS codigo, count(*) AS total FROM acervo a WHERE ${inTab} AND ${value} IS NOT NULL
      GROUP BY ${value} ORDER BY ${orderBy} LIMIT ${OPTION_VALUES_MAX}`.execute(db);
    return rows.map((r) => ({ codigo: String(r.codigo), total: Number(r.total) }));
  };
  const group = (campo: OptionField, opcoes: TabOption[]): TabOptionGroup => ({ campo, descricao: optionLabel(campo, lang), opcoes });

  const fields = TAB_OPTION_FIELDS[guia];
  if (guia === "arquivo") {
    const [types, decades] = await Promise.all([grouped(sql`a.cod_tipo_obra`, "count"), grouped(sql`(a.ano_publicacao / 10) * 10`, "recent")]);
    const names = types.length
      ? await db
          .selectFrom("tipo_obra")
          .select(["cod_tipo_obra", "descricao"])
          .where(
            "cod_tipo_obra",
            "in",
            types.map((t) => Number(t.codigo)),
          )
          .execute()
      : [];
    const name = new Map(names.map((n) => [String(n.cod_tipo_obra), n.descricao]));
    return [
      group(
        fields[0],
        types.map((t) => ({ ...t, descricao: name.get(t.codigo) ?? t.codigo })),
      ),
      group(
        fields[1],
        decades.map((d) => ({ ...d, descricao: decadeLabel(Number(d.codigo)) })),
      ),
    ];
  }
  if (guia === "atos") {
    const [especies, anos] = await Promise.all([kinds(ACT_KINDS), grouped(sql`a.ano_publicacao`, "recent")]);
    return [
      group(fields[0], especies),
      group(
        fields[1],
        anos.map((y) => ({ ...y, descricao: y.codigo })),
      ),
    ];
  }
  const [courts, decisions] = await Promise.all([grouped(sql`a.autor`, "count"), kinds(DECISION_KINDS)]);
  return [
    group(
      fields[0],
      courts.map((c) => ({ ...c, descricao: c.codigo })),
    ),
    group(fields[1], decisions),
  ];
}
