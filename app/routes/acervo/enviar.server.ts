/** The e-mail-one-record page's loader and action: the title, and the basket's mail path for this one title (ADR 245). */
import { data, redirect } from "react-router";
import { flagFailure, titleAfterAction } from "~/lib/action-failed.server";
import { getAcervo } from "~/lib/api/catalogue.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";
import { getSession } from "~/lib/session.server";
import { parseCodAcervo } from "./index.server";
import { sendEmail } from "../cesta.server";
import type { Route } from "./+types/enviar";

/** Only a signed-in patron may have the library send e-mail (no open relay; docs/security.md), as in the basket. */
function requirePatron(context: Route.LoaderArgs["context"], id: number) {
  if (!getSession(context).user) throw redirect(`/login?redirect=${encodeURIComponent(`/acervo/${id}/enviar`)}`);
}

export async function loadEmailRecord({ params, request, context }: Route.LoaderArgs) {
  const t = getT(context);
  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw data({ pageTitle: t("catalogue:meta.notFound") }, { status: 404 });
  requirePatron(context, id);
  try {
    const acervo = await getAcervo(getApi(context), id);
    const sent = Number(new URL(request.url).searchParams.get("enviado"));
    const outcome = Number.isInteger(sent) && sent > 0 ? t("catalogue:acervo.email.sent", { count: sent }) : null;
    return {
      codAcervo: id,
      titulo: acervo.titulo,
      outcome,
      pageTitle: titleAfterAction(context, t("catalogue:acervo.email.pageTitle", { titulo: acervo.titulo }), t("common:errors.prefix"), outcome),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data({ pageTitle: t("catalogue:meta.notFound") }, { status: 404 });
    throw data(
      { pageTitle: t("catalogue:meta.titleError"), message: describeError(error) },
      { status: error instanceof ApiError && error.status > 0 ? 502 : 503 },
    );
  }
}

/** Sends this one title through the basket's mail path (same form, limits and API call). */
export async function emailRecordAction({ params, request, context }: Route.ActionArgs) {
  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw data(null, { status: 404 });
  requirePatron(context, id);
  const form = await request.formData();
  return flagFailure(context, await sendEmail(form, [id], context, (n) => `/acervo/${id}/enviar?enviado=${n}`));
}
