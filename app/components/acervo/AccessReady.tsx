import { useEffect } from "react";
import { useTranslation } from "~/framework/use-translation";
import { linkHref } from "../../../contract/link-url";

/**
 * The access address a POST obtained (restricted link, provider): a status message with the link. With
 * JS the browser goes there at once; without it the patron follows the link (a form post cannot be
 * redirected off-site under the CSP's form-action 'self').
 */
export function AccessReady({ url, descricao }: { url: string; descricao: string }) {
  const { t } = useTranslation("acervo");
  // The API hands out only links, but a script address must never be followed, whoever answered (ADR 103).
  const href = linkHref(url);
  useEffect(() => {
    if (href) window.location.assign(href);
  }, [href]);
  if (!href) return null;
  return (
    <p className="notice" role="status">
      {t("links.ready")} <a href={href}>{t("links.continue", { descricao })}</a>
    </p>
  );
}
