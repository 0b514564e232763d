import { Link } from "~/framework/Link";
import type { RelatedTitle } from "~/lib/api/types/acervo";
import { useLangOfParts } from "~/lib/use-lang-of-parts";

/**
 * A list of titles related to the one shown (ADR 244): the other editions of its work, or "more like this".
 * Each links to its title page and says what tells it apart (author, edition, publisher, year). Nothing when empty.
 */
export function RelatedTitles({ id, heading, titles }: { id: string; heading: string; titles: RelatedTitle[] }) {
  const lang = useLangOfParts();
  if (titles.length === 0) return null;
  return (
    <section id={id} aria-labelledby={`${id}-titulo`} className="related-titles">
      <h2 id={`${id}-titulo`}>{heading}</h2>
      <ul>
        {titles.map((r) => {
          const facts = [r.autor, r.edicao, [r.local_publicacao, r.editora].filter(Boolean).join(": "), r.ano_publicacao].filter(
            (v) => v != null && v !== "",
          );
          return (
            <li key={r.cod_acervo}>
              <Link to={`/acervo/${r.cod_acervo}`} lang={lang.record(r.idioma)}>
                {r.titulo}
                {r.subtitulo ? `: ${r.subtitulo}` : null}
              </Link>
              {facts.length ? <span className="related-titles__facts"> — {facts.join(", ")}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
