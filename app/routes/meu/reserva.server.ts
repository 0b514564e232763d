/** One hold's changes: suspend until a date, resume, change the pickup library (ADR 125). */
import { data, redirect, type RouterContextProvider } from "react-router";
import { changeHoldLibrary, listHolds, suspendHold } from "~/lib/api/account/holds.server";
import { titleAfterAction } from "~/lib/action-failed.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { getHoldOptions } from "~/lib/api/requests.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { HOLD_CHANGEABLE_STATES } from "~/lib/api/account/types";
import { isDay } from "~/schemas/account/date-range";
import { HOLDS_PATH } from "./paths";

type Ctx = Readonly<RouterContextProvider>;

async function findHold(context: Ctx, idParam: string | undefined) {
  const id = Number(idParam);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  const hold = (await listHolds(getApi(context))).find((h) => h.cod_reserva === id);
  if (!hold) throw data(null, { status: 404 });
  return hold;
}

export async function loadHold(context: Ctx, idParam: string | undefined) {
  const hold = await findHold(context, idParam);
  const options = await getHoldOptions(getApi(context), hold.cod_acervo);
  const lang = getLanguage(context);
  const t = getT(context);
  return {
    pageTitle: titleAfterAction(context, t("holds:manage_title", { title: hold.titulo }), t("common:errors.prefix")),
    plainTitle: t("holds:manage_title", { title: hold.titulo }),
    errorPrefix: t("common:errors.prefix"),
    hold: {
      id: hold.cod_reserva,
      title: hold.titulo,
      state: hold.estado,
      library: hold.biblioteca,
      codLibrary: hold.cod_biblioteca,
      position: hold.posicao,
      suspendedUntil: hold.estado === "suspensa" ? formatDate(hold.suspensa_ate, lang) : "",
    },
    libraries: options.bibliotecas.map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca })),
    today: new Date().toISOString().slice(0, 10),
  };
}

export interface HoldChangeData {
  errors: Record<string, string>;
  values: Record<string, string>;
  formError?: string;
}

const KNOWN_CODES = ["reserva_nao_suspensivel", "data_suspensao_invalida", "reserva_em_transito", "biblioteca_invalida"];

export async function holdAction(request: Request, context: Ctx, idParam: string | undefined) {
  const hold = await findHold(context, idParam);
  const form = await request.formData();
  const t = getT(context);
  const api = getApi(context);
  const intent = String(form.get("intent") ?? "");
  const values = { ate: String(form.get("ate") ?? "").slice(0, 10), biblioteca: String(form.get("biblioteca") ?? "") };
  const fail = (errors: Record<string, string>, formError?: string) => data<HoldChangeData>({ errors, values, formError }, { status: 400 });
  // A form that is not offered (ready or in transit) is refused with the reason, not the API's generic answer.
  if (!HOLD_CHANGEABLE_STATES.includes(hold.estado) && intent !== "") return fail({}, t("holds:manage_unavailable"));
  try {
    if (intent === "suspender") {
      if (!values.ate) return fail({ ate: t("holds:errors.date_required") });
      if (!isDay(values.ate)) return fail({ ate: t("holds:errors.date_invalid") });
      await suspendHold(api, hold.cod_reserva, values.ate);
      return redirect(`${HOLDS_PATH}?feito=suspensa`);
    }
    if (intent === "retomar") {
      await suspendHold(api, hold.cod_reserva, null);
      return redirect(`${HOLDS_PATH}?feito=retomada`);
    }
    if (intent === "biblioteca") {
      const lib = Number(values.biblioteca);
      if (!Number.isInteger(lib) || lib <= 0) return fail({ biblioteca: t("holds:errors.library_required") });
      await changeHoldLibrary(api, hold.cod_reserva, lib);
      return redirect(`${HOLDS_PATH}?feito=biblioteca`);
    }
    throw data(null, { status: 400 });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    if (err.code && KNOWN_CODES.includes(err.code)) {
      const field = err.code === "data_suspensao_invalida" ? "ate" : err.code === "biblioteca_invalida" ? "biblioteca" : "";
      const message = t(`holds:errors.${err.code}`);
      return field ? fail({ [field]: message }) : fail({}, message);
    }
    // A field the API names (a date it could not read) gets its message beside that field.
    if (err.status === 422 && err.errors && intent === "suspender" && Object.keys(err.errors).some((f) => f === "ate"))
      return fail({ ate: t("holds:errors.date_invalid") });
    const m = describeError(err);
    return data<HoldChangeData>({ errors: {}, values, formError: t(m.key, m.values) }, { status: err.status === 0 ? 503 : 400 });
  }
}
