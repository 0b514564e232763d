/** Alerts (spec §4 "Alerts: set, remove, mark read"): the list and its two actions. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getAlerts, markAlertRead, removeAlert } from "~/lib/api/account/alerts.server";
import { getApi } from "~/lib/api/client.server";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { privateAreaPath } from "~/lib/product";

export const ALERTS_PATH = `${privateAreaPath}/alertas`;

const ActionSchema = z.object({ intent: z.enum(["lido", "remover"]), id: z.coerce.number().int().positive() });

export async function loadAlertsPage(request: Request, context: Readonly<RouterContextProvider>) {
  const lang = getLanguage(context);
  const res = await settle(getAlerts(getApi(context)));
  const done = new URL(request.url).searchParams.get("feito");
  return {
    pageTitle: getT(context)("alerts:heading"),
    done: done === "lido" || done === "removido" ? done : null,
    unread: res.ok ? res.value.nao_lidos : 0,
    alerts: res.ok
      ? res.value.alertas.map((a) => ({
          id: a.id,
          kind: a.tipo,
          data: Object.fromEntries(Object.entries(a.dados ?? {}).filter(([, v]) => typeof v === "string" || typeof v === "number")) as Record<string, string | number>,
          message: a.mensagem,
          read: a.lido,
          date: formatDate(a.created_at, lang),
        }))
      : null,
  };
}

/** Marks read or removes one alert, then back to the list with the result announced (PRG). */
export async function alertsAction(request: Request, context: Readonly<RouterContextProvider>) {
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "alerts:errors.unknown_action" }, { status: 400 });
  const api = getApi(context);
  if (parsed.data.intent === "lido") await markAlertRead(api, parsed.data.id);
  else await removeAlert(api, parsed.data.id);
  return redirect(`${ALERTS_PATH}?feito=${parsed.data.intent === "lido" ? "lido" : "removido"}`);
}
