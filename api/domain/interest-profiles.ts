/**
 * Interest profiles (DSI, selective dissemination of information; spec §7 "Perfil-interesse", ADR 191): the rules
 * of what a profile may hold, and what it does: when new titles enter the catalogue, each patron whose valid
 * profile matches them gets one alert listing them (and the e-mail, with receive-e-mails on). Reason codes only;
 * the route maps them to statuses and messages.
 */
import {
  addProfileItems,
  facetValuesByCode,
  facetValuesLike,
  matchingItems,
  profileWorkTypes,
  recordSent,
  titlesForMatching,
} from "../db/interest-profiles.ts";
import { MIN_ANY_WORD_LENGTH } from "../../contract/search-terms.ts";
import type { Db } from "../db/index.ts";
import type { Lang } from "../lib/messages.ts";
import type { Mailer } from "../mail/index.ts";
import { materialCode } from "../marc/map.ts";
import { classLabel, facetKey, fold } from "../search/index.ts";
import { notify } from "./alerts.ts";

/** The kinds of profile item: an area of knowledge (a class of the classification), an author, a subject. */
export const DSI_KINDS = ["area", "autor", "assunto"] as const;
export type DsiKind = (typeof DSI_KINDS)[number];

/** The area table of each kind (`codTipoArea`): areas are classes of the classification (1); authors and subjects have none (0). */
export const AREA_TABLE: Record<DsiKind, number> = { area: 1, autor: 0, assunto: 0 };

/** The kinds of news a followed periodical brings (spec §5: at least one to save): new issues, tables of contents. */
export const PERIODICAL_NEWS = ["fasciculos", "sumarios"] as const;

/** The work type whose titles are periodicals. */
export const PERIODICAL_WORK_TYPE = materialCode("periodical");

/** How far ahead a profile may be valid. */
export const MAX_VALIDITY_YEARS = 2;

/** Shortest search term (spec §5: contains-any matching needs at least 3 characters), shared with the portal. */
export const MIN_TERM = MIN_ANY_WORD_LENGTH;

export type ValidityIssue = "validade_passada" | "validade_longe";

/** Whether an expiry date (YYYY-MM-DD) may be saved on `today`: not past, at most two years ahead. */
export function validityIssue(validade: string, today: string): ValidityIssue | null {
  if (validade < today) return "validade_passada";
  const limit = new Date(`${today}T00:00:00Z`);
  limit.setUTCFullYear(limit.getUTCFullYear() + MAX_VALIDITY_YEARS);
  return validade > limit.toISOString().slice(0, 10) ? "validade_longe" : null;
}

/** Today (UTC) as YYYY-MM-DD. */
export const todayOf = (now: number = Date.now()) => new Date(now).toISOString().slice(0, 10);

const isClass = (code: string) => /^[0-9A-Z]$/.test(code);

/** Candidates for a profile item of `kind` matching `term` (areas: every class when the term is empty). */
export async function searchCandidates(db: Db, kind: DsiKind, term: string, lang: Lang, classes: Array<{ codigo: string; total: number }>) {
  if (kind === "area") {
    const want = fold(term.trim());
    return classes
      .map((c) => ({ codigo: c.codigo, descricao: classLabel(c.codigo, lang), total: c.total }))
      .filter((c) => !want || fold(c.descricao).includes(want))
      .map((c) => ({ ...c, tipoDSI: kind, codTipoArea: AREA_TABLE.area }));
  }
  const rows = await facetValuesLike(db, kind === "autor" ? "A" : "S", facetKey(term), 30);
  return rows.map((r) => ({ ...r, tipoDSI: kind, codTipoArea: AREA_TABLE[kind] }));
}

/**
 * Adds items of one kind to the patron's profile, each named from the catalogue (a class label, or the author's
 * or subject's heading). Codes the catalogue does not know are refused: `{ok: false, invalid}`.
 */
export async function addItems(
  db: Db,
  codPessoa: number,
  kind: DsiKind,
  codes: readonly string[],
): Promise<{ ok: true } | { ok: false; invalid: string[] }> {
  const unique = [...new Set(codes)];
  let named: Array<{ codigo: string; descricao: string }>;
  if (kind === "area") named = unique.filter(isClass).map((codigo) => ({ codigo, descricao: classLabel(codigo, "pt") }));
  else named = await facetValuesByCode(db, kind === "autor" ? "A" : "S", unique);
  const known = new Set(named.map((n) => n.codigo));
  const invalid = unique.filter((c) => !known.has(c));
  if (invalid.length) return { ok: false, invalid };
  await addProfileItems(
    db,
    codPessoa,
    named.map((n) => ({ tipo_dsi: kind, cod_tipo_area: AREA_TABLE[kind], codigo: n.codigo, descricao: n.descricao })),
  );
  return { ok: true };
}

/** The longest list of titles an alert names (the e-mail lists them all). */
const ALERT_TITLES = 5;

/**
 * Disseminates new titles: finds the patrons whose valid profile matches them (an area, author or subject of the
 * profile, and one of its work types when it names any), and alerts each patron once per title, with one alert
 * (and one e-mail) per call listing them. Returns how many patrons were alerted.
 */
export async function disseminateNewTitles(db: Db, mailer: Mailer, ids: readonly number[], today = todayOf()): Promise<number> {
  const { titles, facets } = await titlesForMatching(db, ids);
  if (!titles.length) return 0;
  const valuesOf = new Map<number, { area: string | null; autor: Set<string>; assunto: Set<string> }>();
  for (const t of titles) valuesOf.set(t.cod_acervo, { area: t.classe && isClass(t.classe) ? t.classe : null, autor: new Set(), assunto: new Set() });
  for (const f of facets) valuesOf.get(f.cod_acervo)?.[f.tipo === "A" ? "autor" : "assunto"].add(f.codigo);
  const all = [...valuesOf.values()];
  const items = await matchingItems(db, today, {
    area: [...new Set(all.flatMap((v) => (v.area ? [v.area] : [])))],
    autor: [...new Set(all.flatMap((v) => [...v.autor]))],
    assunto: [...new Set(all.flatMap((v) => [...v.assunto]))],
  });
  if (!items.length) return 0;
  const people = [...new Set(items.map((i) => i.cod_pessoa))];
  const typesOf = new Map<number, Set<number>>();
  for (const w of await profileWorkTypes(db, people))
    (typesOf.get(w.cod_pessoa) ?? typesOf.set(w.cod_pessoa, new Set()).get(w.cod_pessoa)!).add(w.cod_tipo_obra);
  let alerted = 0;
  for (const person of people) {
    const mine = items.filter((i) => i.cod_pessoa === person);
    const types = typesOf.get(person);
    const matched = titles.filter((t) => {
      if (types?.size && !types.has(t.cod_tipo_obra)) return false;
      const v = valuesOf.get(t.cod_acervo)!;
      return mine.some((i) => (i.tipo_dsi === "area" ? v.area === i.codigo : v[i.tipo_dsi as "autor" | "assunto"]?.has(i.codigo)));
    });
    const fresh = new Set(
      await recordSent(
        db,
        person,
        matched.map((t) => t.cod_acervo),
      ),
    );
    const list = matched.filter((t) => fresh.has(t.cod_acervo));
    if (!list.length) continue;
    const names = list.map((t) => t.titulo);
    const shown = names.slice(0, ALERT_TITLES).join("; ") + (names.length > ALERT_TITLES ? "; …" : "");
    const lines = list.map((t) => `- ${t.titulo}${t.autor ? ` / ${t.autor}` : ""}${t.ano_publicacao ? ` (${t.ano_publicacao})` : ""}`);
    await notify(db, mailer, {
      cod_pessoa: person,
      tipo: "perfil_interesse",
      chave: `perfil-interesse:${person}:${list.map((t) => t.cod_acervo).join(",")}`.slice(0, 500),
      dados: { total: list.length, titulos: shown, ...(list.length === 1 ? { titulo: list[0].titulo, cod_acervo: list[0].cod_acervo } : {}) },
      email: {
        subject: "Novidades no acervo conforme o seu perfil de interesse",
        text: `Chegaram ao acervo ${list.length} título(s) que correspondem ao seu perfil de interesse:\n\n${lines.join("\n")}\n`,
      },
    });
    alerted++;
  }
  return alerted;
}
