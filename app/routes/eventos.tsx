import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/eventos";
import { loadEvents } from "./eventos.server";
import { LibraryPage } from "~/components/library-pages/LibraryPage";

export function loader(args: Route.LoaderArgs) {
  return loadEvents(args);
}

/** A date of the API (YYYY-MM-DD) as a calendar day: formatted in UTC so it never moves a day. */
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The institution's events, soonest first, dates written in the page's language (spec §7; ADR 194). */
export default function Eventos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const { content, unavailable, lang } = loaderData;
  const fmt = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" });
  return (
    <LibraryPage page="eventos" empty={content.length === 0} unavailable={unavailable}>
      <ul className="library-page__events">
        {content.map((e, i) => (
          <li key={i}>
            <article aria-labelledby={`evento-${i}`}>
              <h2 id={`evento-${i}`}>{e.titulo}</h2>
              <dl className="library-page__facts">
                <dt>{t("eventos.when")}</dt>
                <dd>
                  {e.fim === e.inicio ? (
                    <time dateTime={e.inicio}>{fmt.format(day(e.inicio))}</time>
                  ) : (
                    t("eventos.range", { from: fmt.format(day(e.inicio)), to: fmt.format(day(e.fim)) })
                  )}
                </dd>
                {e.local ? (
                  <>
                    <dt>{t("eventos.where")}</dt>
                    <dd>{e.local}</dd>
                  </>
                ) : null}
              </dl>
              {e.descricao ? <p>{e.descricao}</p> : null}
            </article>
          </li>
        ))}
      </ul>
    </LibraryPage>
  );
}
