/**
 * Alerts on saved searches (ADR 248): a saved search with a frequency (daily or weekly) is run, when its period
 * has passed, against the titles added since it last looked; the new matches make one alert (and e-mail, with
 * a one-click unsubscribe that turns that search's alert off). The alert's key is the search and the end of
 * the period, and `alerta_desde` moves forward only after the alert is written, so a second run sends nothing.
 */
import type { SavedSearchFrequency } from "../../contract/notifications.ts";
import type { Db } from "../db/index.ts";
import { savedSearchesWithAlert, setSavedSearchAlertRow, setSavedSearchLookedUntil, titlesAddedBetween, titlesNamed } from "../db/saved-searches.ts";
import type { Mailer } from "../mail/index.ts";
import { filterTypesOf, matchingAmong, parseFilters, parseTabOptions, rowOperatorOf, type SearchKind, type SearchTerm } from "../search/index.ts";
import { notify } from "./alerts.ts";

/** Length of each frequency's period. */
export const PERIOD_MS: Record<SavedSearchFrequency, number> = { diario: 86_400_000, semanal: 7 * 86_400_000 };
/** At most this many titles are named in one alert (the total counts them all). */
export const TITLES_NAMED = 10;

const KINDS: readonly SearchKind[] = ["livre", "titulo", "assunto", "autor"];

/** A saved search's query string (the portal's search URL, ADR 040) as the search subsystem's input. */
export function savedSearchInput(consulta: string) {
  const q = new URLSearchParams(consulta);
  const modo = q.get("modo") === "qualquer" ? ("qualquer" as const) : ("todas" as const);
  const tipo = (KINDS as readonly string[]).includes(q.get("tipo") ?? "") ? (q.get("tipo") as SearchKind) : "livre";
  const termos: SearchTerm[] = [];
  const termo = q.get("termo")?.trim();
  if (termo) termos.push({ termo, tipo, modo });
  for (const field of ["titulo", "autor", "assunto"] as const) {
    const v = q.get(field)?.trim();
    // The rows' operators (ADR 257); a NOT with nothing before it is left out by the search itself.
    const operator = field === "titulo" ? undefined : rowOperatorOf(q.get(`op_${field}`));
    if (v) termos.push({ termo: v, tipo: field, modo, ...(operator ? { operator } : {}) });
  }
  const guia = q.get("guia") || undefined;
  const filtros = parseFilters(q.getAll("filtro"), filterTypesOf(guia)).selected;
  const opcoes = parseTabOptions(guia, Object.fromEntries(q.entries())).selected;
  return { termos, guia, filtros, opcoes };
}

/** Sets (or, with null, clears) a saved search's alert; false when it is not the patron's. Starts looking from now. */
export async function setSavedSearchAlert(db: Db, codPessoa: number, id: number, alerta: SavedSearchFrequency | null, now: number): Promise<boolean> {
  return setSavedSearchAlertRow(db, codPessoa, id, alerta, alerta ? new Date(now).toISOString() : null);
}

/** Runs every saved search whose period has passed; returns how many were checked and how many alerts were written. */
export async function runSavedSearchAlerts(db: Db, mailer: Mailer, now: number): Promise<{ checked: number; written: number }> {
  const searches = await savedSearchesWithAlert(db);
  let checked = 0;
  let written = 0;
  for (const s of searches) {
    const period = PERIOD_MS[s.alerta as SavedSearchFrequency];
    const since = s.alerta_desde ?? s.created_at;
    const sinceMs = Date.parse(`${since.slice(0, 19).replace(" ", "T")}Z`);
    if (!(now - sinceMs >= period)) continue;
    checked++;
    const until = new Date(now).toISOString();
    // Titles added in the period, by the catalogue's own timestamps (stored as UTC text, compared as such).
    const added = await titlesAddedBetween(db, new Date(sinceMs).toISOString().slice(0, 19), until.slice(0, 19));
    const ids = await matchingAmong(
      db,
      savedSearchInput(s.consulta),
      added.map((r) => Number(r.cod_acervo)),
    );
    if (ids.length > 0) {
      const titles = await titlesNamed(db, ids.slice(0, TITLES_NAMED));
      const isNew = await notify(db, mailer, {
        cod_pessoa: s.cod_pessoa,
        tipo: "pesquisa_salva",
        chave: `pesquisa:${s.id}:${until}`,
        dados: { pesquisa: s.nome, cod_pesquisa: s.id, total: ids.length, titulos: titles.map((t) => t.titulo).join("; ") },
        unsubscribe: { kind: "pesquisa", id: s.id },
      });
      if (isNew) written++;
    }
    // Looked up to now: the next run starts here (after the alert, so a run that fails mid-way looks again).
    await setSavedSearchLookedUntil(db, s.id, until);
  }
  return { checked, written };
}
