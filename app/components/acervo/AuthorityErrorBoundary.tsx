import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useTranslation } from "react-i18next";

/** Error page of the authority routes (404 or API failure), inside the normal layout. */
export function AuthorityErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("acervo");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = isRouteErrorResponse(error) ? (error.data as { message?: { key: string; values?: Record<string, unknown> } } | null)?.message : undefined;
  return (
    <div className="title-page title-page--error">
      <h1>{notFound ? t("authority.notFoundHeading") : t("authority.errorHeading")}</h1>
      <p>{notFound ? t("authority.notFoundText") : t(message?.key ?? "common:errors.unexpected", message?.values)}</p>
      <p>
        <Link to="/">{t("catalogue:acervo.backToSearch")}</Link>
      </p>
    </div>
  );
}
