import { data, redirect } from "react-router";
import { StatusMessage } from "~/components/account/StatusMessage";
import { EmailForm } from "~/components/basket/EmailForm";
import { pageTitle } from "~/components/search/page-title";
import { Link } from "~/framework/Link";
import { flagFailure, titleAfterAction } from "~/lib/action-failed.server";
import { getAcervo } from "~/lib/api/catalogue.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";
import { getSession } from "~/lib/session.server";
import { useTranslation } from "~/framework/use-translation";
import "~/components/basket/basket.css";
import type { Route } from "./+types/acervo.enviar";
import { parseCodAcervo } from "./acervo.server";
import { sendEmail } from "./cesta.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : []);

/** Only a signed-in patron may have the library send e-mail (no open relay; docs/security.md), as in the basket. */
function requirePatron(context: Route.LoaderArgs["context"], id: number) {
  if (!getSession(context).user) throw redirect(`/login?redirect=${encodeURIComponent(`/acervo/${id}/enviar`)}`);
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
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
    throw data({ pageTitle: t("catalogue:meta.titleError"), message: describeError(error) }, { status: error instanceof ApiError && error.status > 0 ? 502 : 503 });
  }
}

/** Sends this one title through the basket's mail path (same form, limits and API call). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw data(null, { status: 404 });
  requirePatron(context, id);
  const form = await request.formData();
  return flagFailure(context, await sendEmail(form, [id], context, (n) => `/acervo/${id}/enviar?enviado=${n}`));
}

/** `/acervo/{codAcervo}/enviar` (Estante): e-mail this record, in a citation or export format, to up to a few addresses. */
export default function EmailRecordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogue");
  const { codAcervo, titulo, outcome } = loaderData;
  const result = actionData && "kind" in actionData && actionData.kind === "email" ? actionData : null;
  return (
    <article className="page">
      <p>
        <Link to={`/acervo/${codAcervo}`}>{t("acervo.email.back", { titulo })}</Link>
      </p>
      <h1>{t("acervo.email.heading", { titulo })}</h1>
      <StatusMessage message={outcome} />
      <EmailForm result={result} heading={t("acervo.email.formHeading")} />
    </article>
  );
}

// Same error page as the title page (404 or the spec §8 message).
export { ErrorBoundary } from "./acervo";
