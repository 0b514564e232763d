/**
 * The statistics screens' shared filter (ADR 193): a GET form of a date range (both dates or neither, spec §5)
 * and a library. Read from the query string, checked, and handed to the API only when valid.
 */
import type { RouterContextProvider } from "react-router";
import type { StatisticsFilter } from "~/lib/api/account/statistics-types";
import { getApi } from "~/lib/api/client.server";
import { getUnits } from "~/lib/api/requests.server";
import { settle } from "~/lib/api/settle.server";
import { getT } from "~/lib/i18n.server";
import { DateRangeSchema } from "~/schemas/account/date-range";

export const STATISTICS_FIELDS = ["dataIni", "dataFim", "biblioteca"] as const;
export type StatisticsField = (typeof STATISTICS_FIELDS)[number];

export interface StatisticsForm {
  /** What the patron sent, as typed (kept in the form on error). */
  values: Record<StatisticsField, string>;
  /** Translated messages by field. */
  errors: Partial<Record<StatisticsField, string>>;
  libraries: Array<{ value: string; label: string }>;
  /** Whether any field was filled in. */
  filtered: boolean;
  /** The filter to send when there are no errors. */
  filter: StatisticsFilter;
}

/** Reads and checks the filter of a statistics screen from its URL. */
export async function readStatisticsForm(request: Request, context: Readonly<RouterContextProvider>): Promise<StatisticsForm> {
  const q = new URL(request.url).searchParams;
  const t = getT(context);
  const values = {
    dataIni: (q.get("dataIni") ?? "").trim().slice(0, 10),
    dataFim: (q.get("dataFim") ?? "").trim().slice(0, 10),
    biblioteca: (q.get("biblioteca") ?? "").trim().slice(0, 12),
  };
  const units = await settle(getUnits(getApi(context)));
  const libraries = units.ok ? units.value.map((u) => ({ value: String(u.cod_biblioteca), label: u.desc_biblioteca })) : [];
  const errors: StatisticsForm["errors"] = {};
  if (values.dataIni || values.dataFim) {
    const range = DateRangeSchema.safeParse(values);
    if (!range.success) for (const i of range.error.issues) errors[i.path[0] as StatisticsField] ??= t(i.message);
  }
  // Only a library of the list (when the list could not be read, the API judges the code).
  if (values.biblioteca && (!/^\d+$/.test(values.biblioteca) || (units.ok && !libraries.some((l) => l.value === values.biblioteca)))) {
    errors.biblioteca = t("statistics:errors.library");
  }
  return {
    values,
    errors,
    libraries,
    filtered: Boolean(values.dataIni || values.dataFim || values.biblioteca),
    filter: {
      dataIni: values.dataIni || undefined,
      dataFim: values.dataFim || undefined,
      biblioteca: values.biblioteca ? Number(values.biblioteca) : undefined,
    },
  };
}

/** "2026-03" → "mar. de 2026"; "2026" stays as it is. */
export function periodLabel(periodo: string, lang: string): string {
  if (!/^\d{4}-\d{2}$/.test(periodo)) return periodo;
  return new Intl.DateTimeFormat(lang, { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${periodo}-15T12:00:00Z`));
}
