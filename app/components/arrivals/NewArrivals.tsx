import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { formatDate } from "~/lib/i18n";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import type { NewArrival } from "~/lib/api/types/new-arrivals";
import type { ArrivalLibrary } from "~/lib/api/types/new-arrivals";

/** The Atom feed of the arrivals, of one library when given (ADR 255). */
export const feedHref = (library?: number | null) => (library ? `/novidades.atom?biblioteca=${library}` : "/novidades.atom");

/** The list of new arrivals: each title a link to its page, with author, year and the day it came in. */
export function ArrivalsList({ arrivals, headingLevel = 3 }: { arrivals: NewArrival[]; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation("arrivals");
  const lang = useLangOfParts();
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <ol className="arrivals__list">
      {arrivals.map((a) => (
        <li key={a.cod_acervo} className="arrivals__item">
          <H className="arrivals__title" lang={lang.record(a.idioma)}>
            <Link to={`/acervo/${a.cod_acervo}`}>
              {a.titulo}
              {a.subtitulo ? `: ${a.subtitulo}` : ""}
            </Link>
          </H>
          {a.autor || a.ano_publicacao ? (
            <p className="arrivals__meta">{[a.autor, a.ano_publicacao ? String(a.ano_publicacao) : null].filter(Boolean).join(" · ")}</p>
          ) : null}
          <p className="arrivals__meta">{t("arrived", { date: formatDate(a.chegada, i18n.language) })}</p>
        </li>
      ))}
    </ol>
  );
}

/** The GET form that shows one library's arrivals on /novidades (works without JavaScript). */
export function LibraryFilter({ libraries, value, invalid }: { libraries: ArrivalLibrary[]; value: string; invalid?: boolean }) {
  const { t } = useTranslation("arrivals");
  const lang = useLangOfParts();
  if (libraries.length === 0) return null;
  const id = "novidades-biblioteca";
  return (
    <form method="get" action="/novidades" className="arrivals__filter">
      <FieldFrame id={id} label={t("filter.label")} error={invalid ? t("filter.unknown") : undefined}>
        {(describedBy) => (
          <select id={id} name="biblioteca" defaultValue={invalid ? "" : value} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
            <option value="">{t("filter.all")}</option>
            {libraries.map((l) => (
              <option key={l.cod} value={l.cod} lang={lang.vocabulary}>
                {l.nome}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <button type="submit" className="button">
        {t("filter.submit")}
      </button>
    </form>
  );
}

/** The home page's "New arrivals" section (before any search): the latest titles, the library filter, the feed. */
export function NewArrivals({ arrivals, libraries }: { arrivals: NewArrival[] | null; libraries: ArrivalLibrary[] }) {
  const { t } = useTranslation("arrivals");
  if (arrivals && arrivals.length === 0) return null;
  return (
    <section className="arrivals" aria-labelledby="novidades-titulo">
      <h2 id="novidades-titulo">{t("heading")}</h2>
      {arrivals ? <ArrivalsList arrivals={arrivals} /> : <p role="status">{t("unavailable")}</p>}
      <LibraryFilter libraries={libraries} value="" />
      <p className="arrivals__links">
        <Link to="/novidades">{t("seeAll")}</Link> ·{" "}
        <a href={feedHref()} type="application/atom+xml">
          {t("feed")}
        </a>
      </p>
    </section>
  );
}
