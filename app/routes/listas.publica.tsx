import "~/components/lists/lists.css";
import { data } from "react-router";
import { pageTitle } from "~/components/search/page-title";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { getPublicList } from "~/lib/api/lists/lists.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { langAttr, marcLanguageToBcp47 } from "~/lib/lang-of-parts";
import { EXPORT_FORMATS } from "~/schemas/basket";
import type { Route } from "./+types/listas.publica";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  // A shared list is for whoever holds its link, not for search engines (ADR 246).
  return [{ title: pageTitle(loaderData?.name ?? "", matches) }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const token = params.token ?? "";
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw data(null, { status: 404, headers: { "X-Robots-Tag": "noindex" } });
  const t = getT(context);
  const lang = getLanguage(context);
  let list;
  try {
    list = await getPublicList(getApi(context), token);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404, headers: { "X-Robots-Tag": "noindex" } });
    throw err;
  }
  return data(
    {
      token,
      name: list.nome,
      updated: formatDate(list.atualizada_em, lang),
      formats: EXPORT_FORMATS.map((f) => ({ value: f, label: t(`basket:formats.${f}`) })),
      items: list.titulos.map((i) => ({
        id: i.cod_acervo,
        title: i.titulo,
        lang: langAttr(marcLanguageToBcp47(i.idioma), lang),
        author: i.autor,
        year: i.ano_publicacao,
        type: i.desc_tipo_obra,
        note: i.nota,
      })),
    },
    { headers: { "X-Robots-Tag": "noindex", "Cache-Control": "no-store" } },
  );
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
