/** The no-debts declaration check screen's loader: the declaration a code names, or why not. */
import { data } from "react-router";
import { verifyNoDebts } from "~/lib/api/account/declarations.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import type { Route } from "./+types/nada-consta.verificar";

/** A verification code as typed: 12 letters and digits, with or without dashes and spaces. */
const CODE = /^[A-Za-z0-9]{12}$/;

/**
 * Public check of a no-debts declaration (ADR 192): a plain GET form, so its result has an address and works
 * without JavaScript. A malformed code is an input error (400, kept in the field); an unknown one is a result.
 */
export async function loadNoDebtsCheck({ request, context }: Route.LoaderArgs) {
  const t = getT(context);
  const title = t("declarations:verify.title");
  const raw = new URL(request.url).searchParams.get("codigo");
  if (raw === null) return { title, codigo: "", error: null, result: null };
  const codigo = raw.trim().slice(0, 40);
  if (!CODE.test(codigo.replace(/[\s-]/g, "")))
    return data({ title, codigo, error: t("declarations:verify.malformed"), result: null }, { status: 400 });
  try {
    const d = await verifyNoDebts(getApi(context), codigo);
    const lang = getLanguage(context);
    return {
      title,
      codigo,
      error: null,
      result: {
        found: true as const,
        code: d.codigo,
        name: d.nome_pessoa,
        category: d.categoria ?? "",
        institution: d.instituicao?.nome ?? "",
        date: formatDate(d.emitida_em, lang),
      },
    };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { title, codigo, error: null, result: { found: false as const } };
    if (err instanceof ApiError && err.status === 422)
      return data({ title, codigo, error: t("declarations:verify.malformed"), result: null }, { status: 400 });
    throw err;
  }
}
