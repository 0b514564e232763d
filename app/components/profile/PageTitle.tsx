import { withInstitution } from "~/components/search/page-title";
import { useInstitutionName } from "~/lib/use-root-data";
import { useTranslation } from "~/framework/use-translation";

/**
 * The document title of a form page, prefixed "Erro:" (translated) after a failed POST, or with the outcome of
 * the action the patron was redirected from ("Dados pessoais salvos. – Dados pessoais"), as `titleAfterAction`
 * does for pages whose title comes from `meta`. A React 19 `<title>` (hoisted into <head>) rather than `meta`,
 * because `meta` never sees the action's result.
 */
export function PageTitle({ title, failed, outcome }: { title: string; failed: boolean; outcome?: string | null }) {
  const { t } = useTranslation("common");
  const institution = useInstitutionName();
  return <title>{withInstitution(failed ? `${t("errors.prefix")} ${title}` : outcome ? `${outcome} – ${title}` : title, institution)}</title>;
}
