import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { ArrivalsList, feedHref, LibraryFilter } from "~/components/arrivals/NewArrivals";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { PageTitle } from "~/components/profile/PageTitle";
import "~/components/arrivals/arrivals.css";
import type { Route } from "./+types/novidades";
import { loadArrivalsPage } from "./novidades.server";

/** The feed of what the page shows, for browsers and feed readers (ADR 255). */
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ tagName: "link", rel: "alternate", type: "application/atom+xml", title: loaderData.feedTitle, href: feedHref(loaderData.library?.cod) }]
    : [];

export function loader(args: Route.LoaderArgs) {
  return loadArrivalsPage(args);
}

/** /novidades: the latest titles of every library or of one (issue 28, ADR 255), newest first. */
export default function NewArrivalsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("arrivals");
  const { arrivals, libraries, library, value, invalid, title } = loaderData;
  return (
    <div className="arrivals arrivals--page">
      <PageTitle title={title} failed={invalid} />
      {invalid ? <ErrorSummary errors={[{ fieldId: "novidades-biblioteca", message: t("filter.unknown") }]} /> : null}
      <h1>{title}</h1>
      <p>{t("intro")}</p>
      <LibraryFilter libraries={libraries} value={value} invalid={invalid} />
      <p className="arrivals__links">
        <a href={feedHref(library?.cod)} type="application/atom+xml">
          {loaderData.feedTitle}
        </a>
      </p>
      {arrivals === null ? (
        <p className="notice notice--error" role="alert">
          {t("unavailable")}
        </p>
      ) : arrivals.length === 0 ? (
        <p role="status">{t("none")}</p>
      ) : (
        <ArrivalsList arrivals={arrivals} headingLevel={2} />
      )}
      <p>
        <Link to="/">{t("backToSearch")}</Link>
      </p>
    </div>
  );
}
