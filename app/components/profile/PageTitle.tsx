import { useTranslation } from "~/lib/use-translation";

/**
 * The document title of a form page, prefixed "Erro:" (translated) after a failed POST. A React 19 `<title>`
 * (hoisted into <head>) rather than `meta`, because `meta` never sees the action's result.
 */
export function PageTitle({ title, failed }: { title: string; failed: boolean }) {
  const { t } = useTranslation("common");
  return <title>{failed ? `${t("errors.prefix")} ${title}` : title}</title>;
}
