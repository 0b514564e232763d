/** The holds screen's orchestration: the lists, cancelling selected holds and leaving a waiting list. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { cancelHolds, holdHistory, leaveWaiting, listHolds, listWaiting, type MyHold } from "~/lib/api/account/holds.server";
import { flagFailure, titleAfterAction } from "~/lib/action-failed.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import type { ConfirmItem } from "~/components/account/ConfirmStep";
import type { Route } from "./+types/reservas";
import { HOLDS_PATH } from "./paths";
import { BULK_INTENTS, bulkAction, bulkOutcomeCookie, pickupLibraries, readBulkOutcome, type BulkIntent } from "./reservas.lote.server";

type Ctx = Readonly<RouterContextProvider>;

/** A hold as the screen shows it: dates formatted, state still a code (the view translates it). */
function view(h: MyHold, lang: string) {
  return {
    id: h.cod_reserva,
    codAcervo: h.cod_acervo,
    title: h.titulo,
    /** MARC language code of the title (its `lang`), null when the API does not say. */
    language: h.idioma,
    library: h.biblioteca,
    location: h.localizacao ?? "",
    position: h.posicao,
    state: h.estado,
    placed: formatDate(h.data_reserva, lang),
    releaseDate: formatDate(h.data_liberacao, lang),
    cancelDate: formatDate(h.data_cancelamento, lang),
    suspendedUntil: formatDate(h.suspensa_ate, lang),
    observation: h.observacao ?? "",
    volume: h.volume ?? "",
    tome: h.tomo ?? "",
    part: h.parte ?? "",
    material: h.material_adicional ?? "",
  };
}
export type HoldView = ReturnType<typeof view>;

/** The outcome of the last action, from the redirect's query (PRG), for the status message. */
function outcome(url: URL): { key: string; count: number } | null {
  const done = url.searchParams.get("feito");
  const allowed = ["canceladas", "suspensa", "retomada", "biblioteca", "saiu-lista"];
  if (!done || !allowed.includes(done)) return null;
  return { key: done, count: Number(url.searchParams.get("n") ?? 0) || 0 };
}

export async function loadHolds(request: Request, context: Ctx) {
  const api = getApi(context);
  const lang = getLanguage(context);
  const [holds, history, waiting] = await Promise.all([settle(listHolds(api)), settle(holdHistory(api)), settle(listWaiting(api))]);
  const done = outcome(new URL(request.url));
  const t = getT(context);
  const bulk = readBulkOutcome(request);
  const holdOf = new Map((holds.ok ? holds.value : []).map((h) => [h.cod_reserva, h]));
  const libraries = holds.ok ? await pickupLibraries(api, holds.value) : [];
  const bulkDone = bulk ? bulk.r.filter((r) => r.ok).length : 0;
  return {
    /** The batch change's outcome, hold by hold (shown once: the route clears its cookie). */
    bulk: bulk
      ? {
          kind: bulk.k,
          done: bulkDone,
          total: bulk.r.length,
          items: bulk.r.map((r) => ({
            id: r.i,
            title: holdOf.get(r.i)?.titulo ?? "",
            language: holdOf.get(r.i)?.idioma ?? null,
            ok: r.ok,
            reason: r.m,
          })),
        }
      : null,
    clearBulk: bulk ? bulkOutcomeCookie(request, null) : null,
    libraries,
    today: new Date().toISOString().slice(0, 10),
    pageTitle: titleAfterAction(
      context,
      t("holds:page_title"),
      t("common:errors.prefix"),
      done ? t(`holds:done.${done.key}`, { count: done.count }) : bulk ? t("holds:bulk.summary", { done: bulkDone, total: bulk.r.length }) : null,
    ),
    plainTitle: getT(context)("holds:page_title"),
    holds: holds.ok ? holds.value.map((h) => view(h, lang)) : null,
    history: history.ok ? history.value.map((h) => view(h, lang)) : null,
    waiting: waiting.ok
      ? waiting.value.map((w) => ({ codAcervo: w.cod_acervo, title: w.titulo, position: w.posicao, since: formatDate(w.data_entrada, lang) }))
      : null,
    done,
  };
}

/** A hold on the confirmation step: its title and the title's MARC language code (for its `lang`). */
export type { ConfirmItem } from "~/components/account/ConfirmStep";

export interface HoldsActionData {
  /** The step before cancelling: the holds selected, to confirm (the no-JS confirmation page). */
  confirm?: ConfirmItem[];
  error?: { field: string; message: string };
  /** What the batch form had when it was refused (issue 29): kept for the patron. */
  bulkValues?: { alvo: string; ate: string; biblioteca: string; reservas: number[] };
}

function selected(form: FormData): number[] {
  return [
    ...new Set(
      form
        .getAll("reserva")
        .map((v) => Number(v))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ].slice(0, 100);
}

/**
 * intent=confirmar: checks the selection (spec §5 "at least one") and answers the confirmation step (no write);
 * intent=cancelar: cancels, then redirects with the count (PRG); intent=sair-lista: leaves a waiting list.
 */
export async function holdsAction(request: Request, context: Ctx) {
  const form = await request.formData();
  const t = getT(context);
  const api = getApi(context);
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "sair-lista") {
      const codAcervo = Number(form.get("acervo"));
      if (!Number.isInteger(codAcervo) || codAcervo <= 0) throw data(null, { status: 400 });
      await leaveWaiting(api, codAcervo);
      return redirect(`${HOLDS_PATH}?feito=saiu-lista`);
    }
    const ids = selected(form);
    if ((BULK_INTENTS as readonly string[]).includes(intent))
      return await bulkAction(
        request,
        api,
        form,
        intent as BulkIntent,
        ids,
        () => listHolds(api),
        (k) => t(k),
      );
    if (ids.length === 0) {
      return data<HoldsActionData>({ error: { field: "reservas-lista", message: t("holds:errors.select_one") } }, { status: 400 });
    }
    if (intent === "cancelar") {
      const cancelled = await cancelHolds(api, ids);
      return redirect(`${HOLDS_PATH}?feito=canceladas&n=${cancelled.length}`);
    }
    const holds = await listHolds(api);
    const confirm = holds.filter((h) => ids.includes(h.cod_reserva)).map((h) => ({ id: h.cod_reserva, title: h.titulo, language: h.idioma }));
    if (confirm.length === 0)
      return data<HoldsActionData>({ error: { field: "reservas-lista", message: t("holds:errors.select_one") } }, { status: 400 });
    return data<HoldsActionData>({ confirm });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    const m = describeError(err);
    return data<HoldsActionData>({ error: { field: "", message: t(m.key, m.values) } }, { status: err.status === 0 ? 503 : 400 });
  }
}

/** The holds page's loader: the batch change's outcome is shown once, so its cookie is cleared on the page that shows it. */
export async function loadHoldsPage({ request, context }: Route.LoaderArgs) {
  const { clearBulk, ...page } = await loadHolds(request, context);
  return data({ ...page, errorPrefix: getT(context)("common:errors.prefix") }, clearBulk ? { headers: { "Set-Cookie": clearBulk } } : undefined);
}

/** The holds page's action, a failure flagged for the page title ("Erro:"). */
export async function holdsPageAction({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await holdsAction(request, context));
}
