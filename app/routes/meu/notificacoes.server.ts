/** Notifications (issue 29, ADR 248): each notice by e-mail and in the alerts, on or off; due soon N days before. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { DUE_DAYS_MAX, DUE_DAYS_MIN, NOTIFICATION_EVENTS } from "../../../contract/notifications";
import { titleAfterAction } from "~/lib/action-failed.server";
import { getNotificationPreferences, saveNotificationPreferences } from "~/lib/api/account/notifications.server";
import type { EventChoice } from "~/lib/api/account/notification-types";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { settle } from "~/lib/api/settle.server";
import { getT } from "~/lib/i18n.server";
import { NOTIFICATIONS_PATH } from "./paths";

type Ctx = Readonly<RouterContextProvider>;

export async function loadNotifications(request: Request, context: Ctx) {
  const t = getT(context);
  const res = await settle(getNotificationPreferences(getApi(context)));
  const done = new URL(request.url).searchParams.get("feito") === "salvas";
  const plainTitle = t("notifications:page_title");
  return {
    plainTitle,
    pageTitle: titleAfterAction(context, plainTitle, t("common:errors.prefix"), done ? t("notifications:saved") : null),
    errorPrefix: t("common:errors.prefix"),
    done,
    choices: res.ok ? res.value : null,
  };
}

export interface NotificationsActionData {
  /** The choices as submitted, kept on the page. */
  choices: EventChoice[];
  /** The typed days, as typed. */
  days: string;
  daysError?: string;
  formError?: string;
}

/** The form's choices: a checkbox per event and channel (absent is off), and the days of the due-soon notice. */
export function choicesOf(form: FormData): { choices: EventChoice[]; days: string; daysOk: boolean } {
  const days = String(form.get("dias") ?? "").trim();
  const n = Number(days);
  const daysOk = /^\d{1,2}$/.test(days) && n >= DUE_DAYS_MIN && n <= DUE_DAYS_MAX;
  const choices = NOTIFICATION_EVENTS.map((evento) => ({
    evento,
    email: form.get(`${evento}.email`) === "on",
    app: form.get(`${evento}.app`) === "on",
    ...(evento === "vencimento" && daysOk ? { dias: n } : {}),
  }));
  return { choices, days, daysOk };
}

export async function notificationsAction(request: Request, context: Ctx) {
  const t = getT(context);
  const { choices, days, daysOk } = choicesOf(await request.formData());
  if (!daysOk)
    return data<NotificationsActionData>(
      { choices, days, daysError: t("notifications:errors.days", { min: DUE_DAYS_MIN, max: DUE_DAYS_MAX }) },
      { status: 400 },
    );
  try {
    await saveNotificationPreferences(getApi(context), choices);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    const m = describeError(err);
    return data<NotificationsActionData>({ choices, days, formError: t(m.key, m.values) }, { status: err.status === 0 ? 503 : 400 });
  }
  return redirect(`${NOTIFICATIONS_PATH}?feito=salvas`);
}
