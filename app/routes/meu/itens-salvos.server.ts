/**
 * Saved items: the patron's saved searches — save (from a results page), run again, choose how often it alerts
 * about new titles (ADR 248), delete after a confirmation (a dialog with JS, a page of its own without).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { titleAfterAction } from "~/lib/action-failed.server";
import type { SavedSearchFrequency } from "../../../contract/notifications";
import { setSavedSearchAlert } from "~/lib/api/account/notifications.server";
import { deleteSavedSearch, listSavedSearches, saveSearch } from "~/lib/api/account/saved.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { SAVED_PATH } from "./paths";
import { ALERT_CHOICES, NO_ALERT, type AlertChoice } from "./saved-alert";

type Ctx = Readonly<RouterContextProvider>;

export async function loadSaved(request: Request, context: Ctx) {
  const t = getT(context);
  const lang = getLanguage(context);
  const saved = await settle(listSavedSearches(getApi(context)));
  const asked = new URL(request.url).searchParams.get("feito");
  const done = asked === "salva" || asked === "excluida" || asked === "alerta" ? asked : null;
  const plainTitle = t("saved:page_title");
  return {
    plainTitle,
    pageTitle: titleAfterAction(context, plainTitle, t("common:errors.prefix"), done ? t(`saved:done.${done}`) : null),
    errorPrefix: t("common:errors.prefix"),
    done,
    items: saved.ok
      ? saved.value.map((s) => ({
          id: s.id,
          name: s.nome,
          href: `/?${s.consulta}`,
          date: formatDate(s.created_at, lang),
          alert: (s.alerta ?? NO_ALERT) as AlertChoice,
        }))
      : null,
  };
}

export interface SavedActionData {
  error?: string;
  /** The field the error belongs to (an alert choice's select), when it has one. */
  field?: string;
  /** The alert choices as submitted: the search's id and the typed value, kept on the page. */
  alert?: { id: number; value: string };
  /** The step before deleting: the search to confirm (the no-JS confirmation page). */
  confirm?: { id: number; name: string };
}

const idOf = (form: FormData) => {
  const id = Number(form.get("id"));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** Only catalogue searches of this portal can be saved: a relative query string, without a path or host. */
function cleanQuery(value: string): string | null {
  const q = value.trim().replace(/^\?/, "");
  if (!q || q.length > 2000 || /[\s#]/.test(q)) return null;
  const params = new URLSearchParams(q);
  return params.toString() ? params.toString() : null;
}

export async function savedAction(request: Request, context: Ctx) {
  const form = await request.formData();
  const t = getT(context);
  const api = getApi(context);
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "salvar") {
      const consulta = cleanQuery(String(form.get("consulta") ?? ""));
      const nome =
        String(form.get("nome") ?? "")
          .trim()
          .slice(0, 120) || t("saved:untitled");
      if (!consulta) return data<SavedActionData>({ error: t("saved:errors.invalid") }, { status: 400 });
      await saveSearch(api, nome, consulta);
      return redirect(`${SAVED_PATH}?feito=salva`);
    }
    if (intent === "alerta") {
      const id = idOf(form);
      const value = String(form.get("alerta") ?? "");
      if (!id) return data<SavedActionData>({ error: t("saved:errors.not_found") }, { status: 400 });
      const ok = (ALERT_CHOICES as readonly string[]).includes(value);
      if (!ok) return data<SavedActionData>({ error: t("saved:errors.alert"), field: `alerta-${id}`, alert: { id, value } }, { status: 400 });
      try {
        await setSavedSearchAlert(api, id, value === NO_ALERT ? null : (value as SavedSearchFrequency));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return data<SavedActionData>({ error: t("saved:errors.not_found") }, { status: 404 });
        throw err;
      }
      return redirect(`${SAVED_PATH}?feito=alerta`);
    }
    if (intent === "confirmar") {
      const id = idOf(form);
      const found = id ? (await listSavedSearches(api)).find((s) => s.id === id) : undefined;
      if (!found) return data<SavedActionData>({ error: t("saved:errors.not_found") }, { status: 404 });
      return data<SavedActionData>({ confirm: { id: found.id, name: found.nome } });
    }
    if (intent === "excluir") {
      const id = idOf(form);
      if (!id) return data<SavedActionData>({ error: t("saved:errors.not_found") }, { status: 400 });
      try {
        await deleteSavedSearch(api, id);
      } catch (err) {
        // Deleted already (a double submit): the result the patron wanted.
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      }
      return redirect(`${SAVED_PATH}?feito=excluida`);
    }
    return data<SavedActionData>({ error: t("saved:errors.invalid") }, { status: 400 });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    const m = describeError(err);
    return data<SavedActionData>({ error: t(m.key, m.values) }, { status: err.status === 0 ? 503 : 400 });
  }
}
