import { PageTitle } from "~/components/profile/PageTitle";
import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/suporte";
import { useRootData } from "~/lib/use-root-data";

/** The support message as a page: the no-JS form of the footer's Support dialog. */
export default function Support(_props: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const html = useRootData()?.site?.supportHtml;
  return (
    <div className="page">
      <PageTitle title={t("meta.support_title")} failed={false} />
      <h1>{t("support.heading")}</h1>
      {/* Sanitized on the server with an allowlist (sanitize-html). */}
      {html ? <div className="prose" dangerouslySetInnerHTML={{ __html: html }} /> : <p>{t("support.none")}</p>}
    </div>
  );
}
