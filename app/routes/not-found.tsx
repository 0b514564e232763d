import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "~/components/layout/ErrorPage";
import { loadNotFound } from "./not-found.server";

/** Any path no route matches: a real 404 with a helpful page. */
export function loader() {
  return loadNotFound();
}

export default function NotFound(_props: Route.ComponentProps) {
  const { t } = useTranslation("common");
  return <ErrorPage title={t("errors.not_found_heading")} text={t("errors.not_found_text")} />;
}
