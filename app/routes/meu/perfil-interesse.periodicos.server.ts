/** The periodicals of the interest profile (spec §5: at least one journal type to save; ADR 191): follow, change, stop. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { titleAfterAction } from "~/lib/action-failed.server";
import { getFollowedPeriodicals, savePeriodical, searchPeriodicals, unfollowPeriodical } from "~/lib/api/account/interest-profiles.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { settle } from "~/lib/api/settle.server";
import { getT } from "~/lib/i18n.server";
import { formFields, MIN_TERM, PeriodicalSchema } from "~/schemas/account/interest-profiles";
import { apiRefusal, invalidForm, refused } from "./+shared/interest-profiles.server";
import { PERIODICALS_PATH } from "./paths-interest-profiles";

type Ctx = Readonly<RouterContextProvider>;
const DONE = ["seguido", "alterado", "removido"] as const;

export async function loadPeriodicals(request: Request, context: Ctx) {
  const t = getT(context);
  const api = getApi(context);
  const url = new URL(request.url);
  const followed = await settle(getFollowedPeriodicals(api));
  const term = (url.searchParams.get("termo") ?? "").trim().slice(0, 100);
  let search: {
    term: string;
    error: string | null;
    results: Array<{ codAcervo: number; titulo: string; issn: string | null; followed: boolean }> | null;
  } | null = null;
  if (url.searchParams.has("termo")) {
    if (term.length < MIN_TERM) search = { term, error: t("interests:errors.termo_curto", { min: MIN_TERM }), results: [] };
    else {
      const found = await settle(searchPeriodicals(api, term));
      search = {
        term,
        error: null,
        results: found.ok ? found.value.map((p) => ({ codAcervo: p.cod_acervo, titulo: p.titulo, issn: p.issn ?? null, followed: p.seguido })) : null,
      };
    }
  }
  const asked = url.searchParams.get("feito");
  const done = (DONE as readonly string[]).includes(asked ?? "") ? asked : null;
  const plainTitle = t("interests:periodicals.title");
  const prefix = t("common:errors.prefix");
  const payload = {
    plainTitle,
    pageTitle: titleAfterAction(
      context,
      search?.error ? `${prefix} ${plainTitle}` : plainTitle,
      prefix,
      done ? t(`interests:periodicals.done.${done}`) : null,
    ),
    errorPrefix: prefix,
    done,
    followed: followed.ok ? followed.value.map((p) => ({ codAcervo: p.cod_acervo, titulo: p.titulo, issn: p.issn ?? null, tipos: p.tipos })) : null,
    search,
  };
  // A term too short is the patron's mistake: 400 with the message beside the field (the page still renders).
  return search?.error ? data(payload, { status: 400 }) : payload;
}

/** Follow (POST), change the journal types (PUT) or stop following (DELETE); 400 with the row's errors and input, else PRG. */
export async function periodicalsAction(request: Request, context: Ctx) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const api = getApi(context);
  const values = formFields(form, ["tipos"]);
  const back = (done: (typeof DONE)[number]) => redirect(`${PERIODICALS_PATH}?feito=${done}`);
  if (intent === "seguir" || intent === "alterar") {
    const parsed = PeriodicalSchema.safeParse(values);
    if (!parsed.success) return invalidForm(context, intent, parsed.error, values);
    try {
      await savePeriodical(api, intent === "seguir" ? "POST" : "PUT", parsed.data.cod_acervo, parsed.data.tipos);
    } catch (err) {
      return apiRefusal(context, err, intent, values, "tipos");
    }
    return back(intent === "seguir" ? "seguido" : "alterado");
  }
  if (intent === "deixar") {
    const cod = Number(values.cod_acervo);
    if (!Number.isInteger(cod) || cod <= 0) return refused(intent, { _: getT(context)("interests:errors.invalid") }, values);
    try {
      await unfollowPeriodical(api, cod);
    } catch (err) {
      // Not followed any more (a double submit): what the patron wanted.
      if (!(err instanceof ApiError && err.status === 404)) return apiRefusal(context, err, intent, values);
    }
    return back("removido");
  }
  return refused("_", { _: getT(context)("interests:errors.invalid") }, values);
}
