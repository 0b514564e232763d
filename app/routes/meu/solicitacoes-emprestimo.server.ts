/** The loan requests screen: filter by date range and status (spec §5 date rules), cancel while waiting. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { titleAfterAction } from "~/lib/action-failed.server";
import { cancelLoanRequest, listLoanRequests, LOAN_REQUEST_STATES } from "~/lib/api/account/loan-requests.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import type { ConfirmItem } from "~/components/account/ConfirmStep";
import { LOAN_REQUESTS_PATH } from "./paths";

type Ctx = Readonly<RouterContextProvider>;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Checks the filter: both dates or neither, valid, start not after end; an unknown status is an error too. */
export function checkFilter(q: URLSearchParams) {
  const values = {
    dataIni: (q.get("dataIni") ?? "").slice(0, 10),
    dataFim: (q.get("dataFim") ?? "").slice(0, 10),
    status: (q.get("status") ?? "").slice(0, 30),
  };
  const errors: Record<string, string> = {};
  if (values.dataIni || values.dataFim) {
    if (!values.dataIni) errors.dataIni = "date_required";
    else if (!DATE.test(values.dataIni) || Number.isNaN(Date.parse(values.dataIni))) errors.dataIni = "date_invalid";
    if (!values.dataFim) errors.dataFim = "date_required";
    else if (!DATE.test(values.dataFim) || Number.isNaN(Date.parse(values.dataFim))) errors.dataFim = "date_invalid";
    if (!errors.dataIni && !errors.dataFim && values.dataIni > values.dataFim) errors.dataFim = "date_order";
  }
  if (values.status && !(LOAN_REQUEST_STATES as readonly string[]).includes(values.status)) errors.status = "status_invalid";
  return { values, errors };
}

export async function loadLoanRequests(request: Request, context: Ctx) {
  const url = new URL(request.url);
  const t = getT(context);
  const lang = getLanguage(context);
  const { values, errors } = checkFilter(url.searchParams);
  const invalid = Object.keys(errors).length > 0;
  const plainTitle = t("holds:loanRequests.page_title");
  const base = {
    plainTitle,
    errorPrefix: t("common:errors.prefix"),
    values,
    errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, t(`holds:loanRequests.errors.${v}`)])),
    done: url.searchParams.get("feito") === "cancelada",
  };
  if (invalid)
    return data({ ...base, pageTitle: `${base.errorPrefix} ${plainTitle}`, items: [] as ReturnType<typeof view>[] | null }, { status: 400 });
  const filter = { dataIni: values.dataIni || undefined, dataFim: values.dataFim || undefined, status: values.status || undefined };
  const items = await settle(listLoanRequests(getApi(context), filter));
  const view = (r: Awaited<ReturnType<typeof listLoanRequests>>[number]) => ({
    id: r.cod_solicitacao,
    codAcervo: r.cod_acervo,
    title: r.titulo,
    /** MARC language code of the title (its `lang`), null when the API does not say. */
    language: r.idioma,
    origin: r.biblioteca_origem,
    receiving: r.biblioteca_recebimento,
    receivingNote: r.recebimento_textual ?? "",
    state: r.situacao,
    date: formatDate(r.created_at, lang),
    cancelDate: formatDate(r.data_cancelamento, lang),
    copy: [r.volume, r.tomo, r.parte, r.material_adicional].filter(Boolean).join(", "),
  });
  return {
    ...base,
    pageTitle: titleAfterAction(context, plainTitle, base.errorPrefix, base.done ? t("holds:loanRequests.done") : null),
    items: items.ok ? items.value.map(view) : null,
  };
}

export interface LoanRequestsActionData {
  error?: string;
  /** The step before cancelling (the no-JS confirmation page): the request to confirm. */
  confirm?: ConfirmItem;
}

/**
 * intent=cancelar: cancels one waiting request, then back to the list with the result (PRG); any other post
 * (the list's "cancel" button without JS) answers the confirmation step, writing nothing.
 */
export async function loanRequestsAction(request: Request, context: Ctx) {
  const form = await request.formData();
  const t = getT(context);
  const api = getApi(context);
  const id = Number(form.get("solicitacao"));
  if (!Number.isInteger(id) || id <= 0) return data<LoanRequestsActionData>({ error: t("holds:loanRequests.errors.not_found") }, { status: 400 });
  try {
    if (form.get("intent") !== "cancelar") {
      const found = (await listLoanRequests(api, {})).find((r) => r.cod_solicitacao === id);
      if (!found) return data<LoanRequestsActionData>({ error: t("holds:loanRequests.errors.not_found") }, { status: 400 });
      if (found.situacao !== "aguardando")
        return data<LoanRequestsActionData>({ error: t("holds:loanRequests.errors.not_cancellable") }, { status: 400 });
      return data<LoanRequestsActionData>({ confirm: { id, title: found.titulo, language: found.idioma } });
    }
    await cancelLoanRequest(api, id);
    return redirect(`${LOAN_REQUESTS_PATH}?feito=cancelada`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    if (err.code === "nao_cancelavel")
      return data<LoanRequestsActionData>({ error: t("holds:loanRequests.errors.not_cancellable") }, { status: 400 });
    if (err.status === 404) return data<LoanRequestsActionData>({ error: t("holds:loanRequests.errors.not_found") }, { status: 400 });
    const m = describeError(err);
    return data<LoanRequestsActionData>({ error: t(m.key, m.values) }, { status: err.status === 0 ? 503 : 400 });
  }
}
