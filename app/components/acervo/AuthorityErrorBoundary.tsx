import { useTranslation } from "~/framework/use-translation";
import { RecordError } from "./SubPage";

/** Error page of the authority routes (404 or API failure), inside the normal layout. */
export function AuthorityErrorBoundary() {
  const { t } = useTranslation("acervo");
  return <RecordError notFound={t("authority.notFoundHeading")} notFoundText={t("authority.notFoundText")} error={t("authority.errorHeading")} />;
}
