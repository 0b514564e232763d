/** The debits screen: the list (spec §3 "Debit", currency of the language) and issuing a GRU for the selected debits. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { issueGru, listDebits, listPaidDebits, listSlips } from "~/lib/api/account/debits.server";
import { titleAfterAction } from "~/lib/action-failed.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { settle } from "~/lib/api/settle.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { vocabularyTerm, type VocabularyT } from "~/lib/vocabulary";
import { DEBITS_PATH } from "./paths";

type Ctx = Readonly<RouterContextProvider>;

export async function loadDebits(context: Ctx) {
  const lang = getLanguage(context);
  const t = getT(context);
  const api = getApi(context);
  const [debits, slips, paid] = await Promise.all([settle(listDebits(api)), settle(listSlips(api)), settle(listPaidDebits(api))]);
  return {
    pageTitle: titleAfterAction(context, t("debits:page_title"), t("common:errors.prefix")),
    plainTitle: t("debits:page_title"),
    errorPrefix: t("common:errors.prefix"),
    debits: debits.ok
      ? debits.value.debitos.map((d) => ({
          id: d.cod_debito,
          title: d.titulo ?? "",
          library: d.biblioteca ?? "",
          reason: d.motivo,
          service: vocabularyTerm(t as unknown as VocabularyT, "serviceType", null, d.tipo_servico),
          fine: formatMoney(d.valor_multa, lang),
          discount: formatMoney(d.desconto, lang),
          paid: formatMoney(d.valor_pago, lang),
          paymentDate: formatDate(d.data_pagamento, lang),
          total: formatMoney(d.total, lang),
        }))
      : null,
    total: debits.ok ? formatMoney(debits.value.total, lang) : "",
    // The slips issued for the patron's debits: each opens its page (barcode, linha digitável, PIX).
    slips: slips.ok
      ? slips.value.map((g) => ({
          id: g.cod_gru,
          reference: g.numero_referencia,
          library: g.biblioteca,
          paid: g.situacao === "paga",
          issuedOn: formatDate(g.created_at, lang),
          due: formatDate(g.vencimento, lang),
          paidOn: formatDate(g.data_pagamento, lang),
          amount: formatMoney(g.valor, lang),
        }))
      : null,
    // The paid-debits history, with the title each debit came from.
    paidDebits: paid.ok
      ? paid.value.debitos.map((d) => ({
          id: d.cod_debito,
          reason: d.motivo,
          title: d.titulo ?? "",
          titleId: d.cod_acervo,
          library: d.biblioteca ?? "",
          paidOn: formatDate(d.data_pagamento, lang),
          amount: formatMoney(d.valor_pago, lang),
        }))
      : null,
  };
}

export interface DebitsActionData {
  error: { field: string; message: string };
  selected: number[];
}

const REFUSALS = ["sem_cpf", "debito_invalido", "valor_divergente"];

/** Issues one GRU (with its PIX code) for the selected debits of one library, then shows it (PRG). */
export async function debitsAction(request: Request, context: Ctx) {
  const form = await request.formData();
  const t = getT(context);
  const selected = [
    ...new Set(
      form
        .getAll("debito")
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ].slice(0, 100);
  const fail = (message: string, field = "debitos-lista", status = 400) =>
    data<DebitsActionData>({ error: { field, message }, selected }, { status });
  if (selected.length === 0) return fail(t("debits:errors.select_one"));
  const api = getApi(context);
  try {
    // The amount and library come from the API's own list, never from the form.
    const { debitos } = await listDebits(api);
    const chosen = debitos.filter((d) => selected.includes(d.cod_debito));
    if (chosen.length !== selected.length) return fail(t("debits:errors.debito_invalido"));
    const libraries = new Set(chosen.map((d) => d.cod_biblioteca));
    if (libraries.size !== 1 || chosen[0].cod_biblioteca === null) return fail(t("debits:errors.one_library"));
    const valor = Math.round(chosen.reduce((s, d) => s + d.total, 0) * 100) / 100;
    const gru = await issueGru(api, { valor, codBiblioteca: chosen[0].cod_biblioteca, debitos: selected });
    return redirect(`${DEBITS_PATH}/gru/${gru.cod_gru}`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    if (err.code && REFUSALS.includes(err.code)) return fail(t(`debits:errors.${err.code}`), err.code === "sem_cpf" ? "" : "debitos-lista");
    const m = describeError(err);
    return fail(t(m.key, m.values), "", err.status === 0 ? 503 : 400);
  }
}
