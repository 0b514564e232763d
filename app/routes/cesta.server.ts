/** Loader and action orchestration of the basket page ("/cesta"). */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { emailBasket, exportBasket, getBasketTitles, savePermanentBasket, type BasketExport } from "~/lib/api/basket.server";
import type { ConsultaItem } from "~/lib/api/catalogue.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, type ErrorMessage } from "~/lib/api/errors";
import { applyBasketChange, basketCookie, readBasket, type BasketChange } from "~/lib/basket.server";
import { getT } from "~/lib/i18n.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { getSession } from "~/lib/session.server";
import {
  BASKET_NOTICES,
  BasketChangeSchema,
  createBasketEmailSchema,
  isExportFormat,
  TEXT_FORMATS,
  type BasketNotice,
  type ExportFormat,
} from "~/schemas/basket";

export interface BasketPageData {
  pageTitle: string;
  ids: number[];
  titles: ConsultaItem[];
  /** Set when the titles could not be loaded (the ids are still listed). */
  loadError: ErrorMessage | null;
  /** The export shown as text (`?formato=`), or null. */
  shown: (BasketExport & { error?: undefined }) | { tipo: ExportFormat; error: ErrorMessage } | null;
  notice: BasketNotice | null;
  /** How many titles the notice is about (added, sent…). */
  noticeCount: number;
  /** A validated same-origin path back to where the patron came from ("continue searching"). */
  backTo: string | null;
  signedIn: boolean;
}

/** The basket page's data: the titles in one API call, plus the export asked for in the query. */
export async function loadBasketPage(request: Request, context: Readonly<RouterContextProvider>): Promise<BasketPageData> {
  const url = new URL(request.url);
  const t = getT(context);
  const api = getApi(context);
  const ids = readBasket(request);
  const formato = url.searchParams.get("formato");
  const wanted = isExportFormat(formato) && (TEXT_FORMATS as readonly string[]).includes(formato) && ids.length > 0 ? formato : null;
  const [titles, shown] = await Promise.allSettled([getBasketTitles(api, ids), wanted ? exportBasket(api, wanted, ids) : Promise.resolve(null)]);
  const notice = url.searchParams.get("aviso");
  const count = Number(url.searchParams.get("n") ?? "");
  const back = url.searchParams.get("voltar");
  return {
    pageTitle: t("basket:meta.title", { count: ids.length }),
    ids,
    titles: titles.status === "fulfilled" ? titles.value : [],
    loadError: titles.status === "rejected" ? describeError(titles.reason) : null,
    shown: wanted
      ? shown.status === "fulfilled" && shown.value
        ? shown.value
        : { tipo: wanted, error: describeError(shown.status === "rejected" ? shown.reason : null) }
      : null,
    notice: (BASKET_NOTICES as readonly string[]).includes(notice ?? "") ? (notice as BasketNotice) : null,
    noticeCount: Number.isInteger(count) && count >= 0 && count < 1000 ? count : 0,
    backTo: back ? safeRedirect(back, "") || null : null,
    signedIn: Boolean(getSession(context).user),
  };
}

/** `/cesta?aviso=…&n=…[&voltar=…]`: where a plain (no-JS) form lands after a change. */
function basketUrl(notice: BasketNotice, n: number, back?: string | null): string {
  const q = new URLSearchParams({ aviso: notice, n: String(n) });
  if (back) q.set("voltar", back);
  return `/cesta?${q.toString()}`;
}

/** Reads the basket-change fields: `intent` and the repeated `acervo` (or one `remover` button value). */
export function parseBasketChange(form: FormData): BasketChange | null {
  const remover = form.get("remover");
  const raw = remover ? { intent: "remove", acervos: [remover] } : { intent: form.get("intent"), acervos: form.getAll("acervo") };
  const parsed = BasketChangeSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

const NOTICE_OF: Record<BasketChange["intent"], BasketNotice> = { add: "added", remove: "removed", set: "set", clear: "cleared" };

export type BasketActionData =
  | { kind: "change"; ok: true; intent: BasketChange["intent"]; count: number; refused: number; ids: number[] }
  | { kind: "email"; result: SubmissionResult<string[]>; values: Record<string, string> }
  | { kind: "error"; message: ErrorMessage };

/**
 * The basket's POST: changes (add/remove/set/clear), the e-mail and the save to the permanent basket.
 * A fetcher (`js=1`) gets JSON; a plain form is redirected (PRG), changes to /cesta with a notice.
 */
export async function basketAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const intent = form.get("intent");
  const js = form.get("js") === "1";
  const current = readBasket(request);
  const api = getApi(context);

  if (intent === "email") {
    // Only a signed-in patron may have the library send e-mail (no open relay; docs/security.md).
    if (!getSession(context).user) throw redirect(`/login?redirect=${encodeURIComponent("/cesta")}`);
    return sendEmail(form, current, context, (n) => basketUrl("sent", n));
  }

  if (intent === "save-permanent") {
    if (!getSession(context).user) throw redirect(`/login?redirect=${encodeURIComponent("/cesta")}`);
    if (current.length === 0) return redirect("/cesta");
    try {
      await savePermanentBasket(api, current);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return data<BasketActionData>({ kind: "error", message: describeError(error) }, { status: error.status === 0 ? 503 : 502 });
    }
    return redirect(basketUrl("saved", current.length));
  }

  const change = parseBasketChange(form);
  if (!change) return data<BasketActionData>({ kind: "error", message: { key: "basket:errors.badRequest" } }, { status: 400 });
  const { ids, refused } = applyBasketChange(current, change);
  const headers = new Headers({ "Set-Cookie": basketCookie(ids, request) });
  const count = "acervos" in change ? change.acervos.length - refused : current.length;
  if (js) return data<BasketActionData>({ kind: "change", ok: true, intent: change.intent, count: ids.length, refused, ids }, { headers });
  const back = safeRedirect(form.get("redirectTo"), "");
  // Adding from a results or title page lands on the basket with the news and a way back.
  if (change.intent === "add") return redirect(basketUrl(refused > 0 ? "full" : "added", count, back || null), { headers });
  return redirect(basketUrl(NOTICE_OF[change.intent], count), { headers });
}

/**
 * Sends titles by e-mail through the API's basket export (`POST /api/exportar-cesta`, dados=email): the basket's
 * or one title's (`/acervo/{id}/enviar`). Success redirects to `sentUrl(recipients)`; a bad field is a 400 with the
 * input kept, the API's limit a 429.
 */
export async function sendEmail(form: FormData, ids: number[], context: Readonly<RouterContextProvider>, sentUrl: (recipients: number) => string) {
  const t = getT(context);
  const schema = createBasketEmailSchema((key, values) => t(key, values as Record<string, string>));
  const submission = parseWithZod(form, { schema });
  const values = {
    tipo: String(form.get("tipo") ?? ""),
    destinatarios: String(form.get("destinatarios") ?? ""),
    mensagem: String(form.get("mensagem") ?? ""),
  };
  if (submission.status !== "success") {
    return data<BasketActionData>({ kind: "email", result: submission.reply(), values }, { status: 400 });
  }
  if (ids.length === 0) return redirect("/cesta");
  try {
    const sent = await emailBasket(getApi(context), { ...submission.value, acervos: ids, mensagem: submission.value.mensagem || undefined });
    return redirect(sentUrl(sent.destinatarios.length));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The API's 422 names the field; show its (translated) message inline, keeping the input.
    const destinatarios = error.status === 422 ? error.errors?.["opcoesEmail.destinatarios"] : undefined;
    if (destinatarios?.length) {
      return data<BasketActionData>({ kind: "email", result: submission.reply({ fieldErrors: { destinatarios } }), values }, { status: 400 });
    }
    const message = describeError(error);
    const status = error.status === 429 ? 429 : error.status === 0 ? 503 : 502;
    return data<BasketActionData>({ kind: "email", result: submission.reply({ formErrors: [t(message.key, message.values)] }), values }, { status });
  }
}
