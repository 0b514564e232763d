import { StatusMessage } from "~/components/account/StatusMessage";
import { EmailForm } from "~/components/basket/EmailForm";
import { pageTitle } from "~/components/search/page-title";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import "~/components/basket/basket.css";
import { loadEmailRecord, emailRecordAction } from "./enviar.server";
import type { Route } from "./+types/enviar";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : []);

export function loader(args: Route.LoaderArgs) {
  return loadEmailRecord(args);
}

export function action(args: Route.ActionArgs) {
  return emailRecordAction(args);
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
export { ErrorBoundary } from "./index";
