import { useEffect } from "react";
import { useTranslation } from "~/framework/use-translation";

/** With JavaScript, prefixes the page title with "Erro:" (translated) while `failed` is true. */
export function useErrorTitle(failed: boolean): void {
  const { t } = useTranslation("common");
  const prefix = t("errors.prefix");
  useEffect(() => {
    if (!failed || document.title.startsWith(prefix)) return;
    document.title = `${prefix} ${document.title}`;
  }, [failed, prefix]);
}
