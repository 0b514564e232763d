import { PageTitle } from "~/components/profile/PageTitle";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/use-translation";
import "~/styles/library-pages.css";

/**
 * The frame of a library page (ADR 194): its title and one h1, then the content, or what the page says when it has
 * none (the loader answered 404) or when the API could not be reached (503).
 */
export function LibraryPage({ page, empty, unavailable, children }: { page: "informacoes" | "faq" | "eventos"; empty: boolean; unavailable: boolean; children: ReactNode }) {
  const { t } = useTranslation("pages");
  return (
    <div className="page library-page">
      <PageTitle title={t(`${page}.title`)} failed={false} />
      <h1>{t(`${page}.heading`)}</h1>
      {unavailable ? (
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
