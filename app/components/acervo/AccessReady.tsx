import { useEffect } from "react";
import { useTranslation } from "~/lib/use-translation";

/**
 * The access address a POST obtained (restricted link, provider): a status message with the link. With
 * JS the browser goes there at once; without it the patron follows the link (a form post cannot be
 * redirected off-site under the CSP's form-action 'self').
 */
export function AccessReady({ url, descricao }: { url: string; descricao: string }) {
  const { t } = useTranslation("acervo");
  useEffect(() => {
    window.location.assign(url);
  }, [url]);
  return (
    <p className="notice" role="status">
      {t("links.ready")} <a href={url}>{t("links.continue", { descricao })}</a>
    </p>
  );
}
