import { PageTitle } from "~/components/profile/PageTitle";
import type { ReactNode } from "react";
import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { useRootData } from "~/lib/use-root-data";
import "~/styles/library-pages.css";

/**
 * The frame of a library page (ADR 194): its title and one h1, then the content, or what the page says when it has
 * none (the loader answered 404) or when the API could not be reached (503).
 */
export function LibraryPage({
  page,
  empty,
  unavailable,
  children,
}: {
  page: "informacoes" | "faq" | "eventos";
  empty: boolean;
  /** "network": the API could not be reached; "support": a service behind it failed (spec §8, contact support). */
  unavailable: false | "network" | "support";
  children: ReactNode;
}) {
  const { t } = useTranslation("pages");
  const support = Boolean(useRootData()?.site?.supportHtml);
  return (
    <div className="page library-page">
      <PageTitle title={t(`${page}.title`)} failed={false} />
      <h1>{t(`${page}.heading`)}</h1>
      {unavailable === "support" ? (
        <p role="alert" className="notice notice--error">
          {t("service_failed")} {support ? <Link to="/suporte">{t("service_failed_support_link")}</Link> : t("service_failed_no_support")}
        </p>
      ) : unavailable ? (
        <p role="alert" className="notice notice--error">
          {t("common:errors.network")}
        </p>
      ) : empty ? (
        <p>{t(`${page}.empty`)}</p>
      ) : (
        children
      )}
    </div>
  );
}
