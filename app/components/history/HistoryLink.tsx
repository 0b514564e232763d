import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";

/** The search page's link to the session's search history (ADR 093). */
export function HistoryLink() {
  const { t } = useTranslation("history");
  return <Link to="/historico">{t("link")}</Link>;
}
