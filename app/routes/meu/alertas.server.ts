/** Alerts (spec §4 "Alerts: set, remove, mark read"): the list and its two actions. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getAlerts, markAlertRead, removeAlert } from "~/lib/api/account/alerts.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { privateAreaPath } from "~/lib/product";
import { libraryTimeZoneOf } from "~/lib/root-data.server";
import { alertWords } from "./+shared/alert-words";

export const ALERTS_PATH = `${privateAreaPath}/alertas`;

const ActionSchema = z.object({ intent: z.enum(["lido", "remover"]), id: z.coerce.number().int().positive() });

export async function loadAlertsPage(request: Request, context: Readonly<RouterContextProvider>) {
  const lang = getLanguage(context);
  const t = getT(context);
  const [res, zone] = await Promise.all([settle(getAlerts(getApi(context))), libraryTimeZoneOf(context)]);
  const done = new URL(request.url).searchParams.get("feito");
  return {
    pageTitle: t("alerts:heading"),
    done: done === "lido" || done === "removido" ? done : null,
    unread: res.ok ? res.value.nao_lidos : 0,
    alerts: res.ok
      ? res.value.alertas.map((a) => {
          const data = Object.fromEntries(Object.entries(a.dados ?? {}).filter(([, v]) => typeof v === "string" || typeof v === "number")) as Record<
            string,
            string | number
          >;
          return {
            id: a.id,
            codAcervo: typeof data.cod_acervo === "number" ? data.cod_acervo : null,
            text: alertWords(t, lang, a.tipo, data, a.mensagem),
            read: a.lido,
            date: formatDate(a.created_at, lang, zone),
          };
        })
      : null,
  };
}

/** What a refused action shows: a message key and its values. */
export type AlertsActionData = { error: string; values?: Record<string, string | number> };

/**
 * Marks read or removes one alert, then back to the list with the result announced (PRG). An alert that is gone
 * (a second click after "Remove") or not the patron's gets the page's own message, not the error page.
 */
export async function alertsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<AlertsActionData>({ error: "alerts:errors.unknown_action" }, { status: 400 });
  const api = getApi(context);
  try {
    if (parsed.data.intent === "lido") await markAlertRead(api, parsed.data.id);
    else await removeAlert(api, parsed.data.id);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    if (err.status === 404) return data<AlertsActionData>({ error: "alerts:errors.not_found" }, { status: 404 });
    const m = describeError(err);
    return data<AlertsActionData>({ error: m.key, values: m.values }, { status: err.status === 0 ? 503 : 400 });
  }
  return redirect(`${ALERTS_PATH}?feito=${parsed.data.intent === "lido" ? "lido" : "removido"}`);
}
