/**
 * The interest profile screen (spec §7 "Perfil-interesse", ADR 191): its expiry date, its areas, authors and subjects
 * (search the catalogue's, tick, include; remove one), and the work types it is narrowed to.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { titleAfterAction } from "~/lib/action-failed.server";
import { DSI_KINDS, type DsiKind } from "~/lib/api/account/interest-profile-types";
import {
  addProfileItems,
  getProfile,
  getProfileWorkTypes,
  removeProfileItem,
  searchProfileCandidates,
  setProfileValidity,
  setProfileWorkTypes,
} from "~/lib/api/account/interest-profiles.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { vocabularyText } from "~/lib/vocabulary";
import { AddItemsSchema, formFields, MIN_TERM, ValiditySchema, WorkTypesSchema } from "~/schemas/account/interest-profiles";
import { apiRefusal, defaultValidity, invalidForm, refused } from "./+shared/interest-profiles.server";
import { INTEREST_PROFILE_PATH } from "./paths-interest-profiles";

type Ctx = Readonly<RouterContextProvider>;

const DONE = ["validade", "incluido", "removido", "tipos"] as const;
const isKind = (v: string | null): v is DsiKind => (DSI_KINDS as readonly string[]).includes(v ?? "");

export async function loadInterestProfile(request: Request, context: Ctx) {
  const t = getT(context);
  const lang = getLanguage(context);
  const api = getApi(context);
  const url = new URL(request.url);
  const [profile, workTypes] = await Promise.all([settle(getProfile(api)), settle(getProfileWorkTypes(api))]);

  // The GET search form: a kind and a term (areas list every class; authors and subjects need 3 characters).
  const kindParam = url.searchParams.get("tipo");
  const term = (url.searchParams.get("termo") ?? "").trim().slice(0, 100);
  const kind: DsiKind = isKind(kindParam) ? kindParam : "assunto";
  let search: {
    kind: DsiKind;
    term: string;
    error: string | null;
    results: Array<{ codigo: string; descricao: string; total: number }> | null;
  } | null = null;
  if (url.searchParams.has("tipo")) {
    if (kind !== "area" && term.length < MIN_TERM) search = { kind, term, error: t("interests:errors.termo_curto", { min: MIN_TERM }), results: [] };
    else {
      const found = await settle(searchProfileCandidates(api, kind, term));
      search = {
        kind,
        term,
        error: null,
        results: found.ok
          ? found.value.map((c) => ({
              codigo: c.codigo,
              descricao: kind === "area" ? vocabularyText(t, "area", c.codigo, c.descricao) : c.descricao,
              total: c.total,
            }))
          : null,
      };
    }
  }
  const asked = url.searchParams.get("feito");
  const done = (DONE as readonly string[]).includes(asked ?? "") ? asked : null;
  const plainTitle = t("interests:profile.title");
  const payload = {
    plainTitle,
    pageTitle: titleAfterAction(
      context,
      search?.error ? `${t("common:errors.prefix")} ${plainTitle}` : plainTitle,
      t("common:errors.prefix"),
      done ? t(`interests:profile.done.${done}`) : null,
    ),
    errorPrefix: t("common:errors.prefix"),
    done,
    validity: profile.ok ? profile.value.validade : null,
    validityText: profile.ok && profile.value.validade ? formatDate(profile.value.validade, lang) : null,
    suggestedValidity: (profile.ok && profile.value.validade) || defaultValidity(),
    items: profile.ok
      ? profile.value.itens.map((i) => ({
          codigo: i.codigo,
          kind: isKind(i.tipoDSI) ? i.tipoDSI : ("assunto" as DsiKind),
          codTipoArea: i.codTipoArea,
          descricao: i.tipoDSI === "area" ? vocabularyText(t, "area", i.codigo, i.descricao) : i.descricao,
        }))
      : null,
    workTypes: workTypes.ok
      ? workTypes.value.map((w) => ({
          value: String(w.cod_tipo_obra),
          label: vocabularyText(t, "workType", w.cod_tipo_obra, w.descricao),
          selected: w.selecionado,
        }))
      : null,
    search,
  };
  // A term too short is the patron's mistake: 400 with the message beside the field (the page still renders).
  return search?.error ? data(payload, { status: 400 }) : payload;
}

/** The screen's four forms, told apart by `intent`: each answers 400 with its errors and input, or redirects (PRG). */
export async function interestProfileAction(request: Request, context: Ctx) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const api = getApi(context);
  const back = (done: (typeof DONE)[number]) => redirect(`${INTEREST_PROFILE_PATH}?feito=${done}`);

  if (intent === "validade") {
    const values = formFields(form, []);
    const parsed = ValiditySchema.safeParse(values);
    if (!parsed.success) return invalidForm(context, intent, parsed.error, values);
    try {
      await setProfileValidity(api, parsed.data.validade);
    } catch (err) {
      return apiRefusal(context, err, intent, values, "validade");
    }
    return back("validade");
  }
  if (intent === "incluir") {
    const values = formFields(form, ["itens"]);
    const parsed = AddItemsSchema.safeParse(values);
    if (!parsed.success) return invalidForm(context, intent, parsed.error, values);
    try {
      await addProfileItems(api, parsed.data.tipoDSI, parsed.data.validade, parsed.data.itens);
    } catch (err) {
      return apiRefusal(context, err, intent, values, "itens");
    }
    return back("incluido");
  }
  if (intent === "remover") {
    const codigo = String(form.get("codigo") ?? "");
    const kind = String(form.get("tipoDSI") ?? "");
    if (!codigo || !isKind(kind)) return refused(intent, { _: getT(context)("interests:errors.invalid") }, {});
    try {
      await removeProfileItem(api, codigo, kind, Number(form.get("codTipoArea") ?? 0) || 0);
    } catch (err) {
      // Removed already (a double submit): what the patron wanted.
      if (!(err instanceof ApiError && err.status === 404)) return apiRefusal(context, err, intent, {});
    }
    return back("removido");
  }
  if (intent === "tipos") {
    const values = formFields(form, ["tipos"]);
    const parsed = WorkTypesSchema.safeParse(values);
    if (!parsed.success) return invalidForm(context, intent, parsed.error, values);
    try {
      await setProfileWorkTypes(api, parsed.data.tipos);
    } catch (err) {
      return apiRefusal(context, err, intent, values, "tipos");
    }
    return back("tipos");
  }
  return refused("_", { _: getT(context)("interests:errors.invalid") }, {});
}
