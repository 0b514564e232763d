/**
 * An e-mail's one-click unsubscribe (ADR 248): the link's GET shows what it turns off and a POST button (a GET
 * changes nothing, so link scanners do no harm); the POST, from that button or a mail client's RFC 8058
 * one-click (token in the URL, body "List-Unsubscribe=One-Click"), turns it off. No login: the signed token is
 * the proof.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { UNSUBSCRIBE_PATH } from "../../contract/notifications";
import { titleAfterAction } from "~/lib/action-failed.server";
import { confirmUnsubscribe, describeUnsubscribe } from "~/lib/api/account/notifications.server";
import type { UnsubscribeTarget } from "~/lib/api/account/notification-types";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";

type Ctx = Readonly<RouterContextProvider>;
const TOKEN = /^[A-Za-z0-9_.-]{1,400}$/;

/** The target's words: the event's name, or the saved search's. */
function describe(t: ReturnType<typeof getT>, what: UnsubscribeTarget, done: boolean): string {
  if (what.pesquisa !== undefined)
    return t(done ? "notifications:unsubscribe.done_search" : "notifications:unsubscribe.search", { name: what.pesquisa });
  return t(done ? "notifications:unsubscribe.done_event" : "notifications:unsubscribe.event", { event: t(`notifications:events.${what.evento}`) });
}

export async function loadUnsubscribe(request: Request, context: Ctx) {
  const t = getT(context);
  const url = new URL(request.url);
  const plainTitle = t("notifications:unsubscribe.page_title");
  const base = { plainTitle, errorPrefix: t("common:errors.prefix") };
  const doneEvent = url.searchParams.get("evento");
  const doneSearch = url.searchParams.get("pesquisa");
  if (url.searchParams.get("feito") === "1" && (doneEvent || doneSearch !== null)) {
    const message = describe(t, doneSearch !== null ? { pesquisa: doneSearch } : { evento: doneEvent as UnsubscribeTarget["evento"] }, true);
    return {
      ...base,
      pageTitle: titleAfterAction(context, plainTitle, base.errorPrefix, message),
      token: null,
      question: null,
      done: message,
      invalid: false,
    };
  }
  const token = url.searchParams.get("token") ?? "";
  const answer = TOKEN.test(token) ? await describeUnsubscribe(getApi(context), token).catch((err: unknown) => err) : null;
  if (!answer || answer instanceof Error) {
    if (answer instanceof ApiError && answer.status !== 404) throw answer;
    // An invalid link is an error page: its title says so before any script runs (WCAG 2.4.2, ADR 217).
    return data({ ...base, pageTitle: `${base.errorPrefix} ${plainTitle}`, token: null, question: null, done: null, invalid: true }, { status: 404 });
  }
  return {
    ...base,
    pageTitle: titleAfterAction(context, plainTitle, base.errorPrefix, null),
    token,
    question: describe(t, answer as UnsubscribeTarget, false),
    done: null,
    invalid: false,
  };
}

export interface UnsubscribeActionData {
  error: string;
}

export async function unsubscribeAction(request: Request, context: Ctx) {
  const t = getT(context);
  const form = await request.formData().catch(() => new FormData());
  const token = String(form.get("token") ?? new URL(request.url).searchParams.get("token") ?? "");
  if (!TOKEN.test(token)) return data<UnsubscribeActionData>({ error: t("notifications:unsubscribe.invalid") }, { status: 404 });
  try {
    const what = await confirmUnsubscribe(getApi(context), token);
    const q = new URLSearchParams({ feito: "1", ...(what.pesquisa !== undefined ? { pesquisa: what.pesquisa } : { evento: what.evento ?? "" }) });
    return redirect(`${UNSUBSCRIBE_PATH}?${q}`, 303);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status === 404) return data<UnsubscribeActionData>({ error: t("notifications:unsubscribe.invalid") }, { status: 404 });
    const m = describeError(err);
    return data<UnsubscribeActionData>({ error: t(m.key, m.values) }, { status: err.status === 0 ? 503 : 400 });
  }
}
