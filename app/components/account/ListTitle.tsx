import { Link } from "~/framework/Link";

/**
 * A title in one of the patron's lists (loans, holds, requests): a link to its page when the API names the record,
 * plain text otherwise. `lang` (from `useLangOfParts().record(idioma)`, ADR 136) goes on the element that holds
 * the title's words, so a screen reader speaks an English title in English on a Portuguese page (WCAG 3.1.2).
 */
export function ListTitle({ codAcervo, title, lang }: { codAcervo: number | null | undefined; title: string; lang: string | undefined }) {
  return codAcervo ? (
    <Link to={`/acervo/${codAcervo}`} lang={lang}>
      {title}
    </Link>
  ) : (
    <span lang={lang}>{title}</span>
  );
}
