import { pageTitle } from "~/components/search/page-title";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/listas.publica";
import "~/components/lists/lists.css";
import { loadPublicListPage } from "./listas.publica.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  // A shared list is for whoever holds its link, not for search engines (ADR 246).
  return [{ title: pageTitle(loaderData?.name ?? "", matches) }, { name: "robots", content: "noindex, nofollow" }];
}

export function loader(args: Route.LoaderArgs) {
  return loadPublicListPage(args);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "X-Robots-Tag": loaderHeaders.get("X-Robots-Tag") ?? "noindex", "Cache-Control": "no-store" };
}

/** A list a patron made public (ADR 246): read-only, by its link's token. */
export default function PublicListPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("lists");
  const { items } = loaderData;
  return (
    <div className="page">
      <h1>{loaderData.name}</h1>
      <p>{t("public.intro", { date: loaderData.updated })}</p>
      {items.length === 0 ? (
        <p>{t("public.empty")}</p>
      ) : (
        <ol className="list-items">
          {items.map((i) => (
            <li key={i.id} className="list-item">
              <h2 className="list-item__title">
                <Link to={`/acervo/${i.id}`} lang={i.lang}>
                  {i.title}
                </Link>
              </h2>
              <p className="account-table__sub">{[i.author ?? t("list.no_author"), i.type, i.year].filter(Boolean).join(" · ")}</p>
              {i.note ? (
                <p className="list-item__note-text">
                  <strong>{t("public.note")}</strong> {i.note}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {items.length > 0 ? (
        <>
          <h2>{t("export.heading")}</h2>
          <ul>
            {loaderData.formats.map((f) => (
              <li key={f.value}>
                <a href={`/listas/${loaderData.token}/exportar?tipo=${f.value}`} download>
                  {f.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
