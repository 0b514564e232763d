import "./lists.css";
import { useLocation } from "react-router";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { hereOf } from "~/components/basket/use-basket";

/**
 * "Adicionar à lista" for one title (ADR 246): a link to the small form that chooses the list, which works the
 * same with JavaScript on and off; signed out, that page leads to the login and back. Its name says which title,
 * worded by the translation (the visible words first, WCAG 2.5.3), as "Pesquisar de novo: …" on saved searches.
 */
export function AddToList({ codAcervo, titulo }: { codAcervo: number; titulo: string }) {
  const { t } = useTranslation("lists");
  const location = useLocation();
  const q = new URLSearchParams({ acervo: String(codAcervo), voltar: hereOf(location) });
  return (
    <Link
      to={`/listas/adicionar?${q.toString()}`}
      className="button button--secondary add-to-list"
      rel="nofollow"
      aria-label={t("add.button_named", { title: titulo })}
    >
      {t("add.button")}
    </Link>
  );
}
