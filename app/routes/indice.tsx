import { Form, useLocation } from "react-router";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { pageTitle } from "~/components/search/page-title";
import { Pagination } from "~/components/search/Pagination";
import { DefaultCoverSymbol, ResultItem } from "~/components/search/ResultItem";
import { pageCount } from "~/components/search/search-url";
import { TextField } from "~/components/forms/TextField";
import "~/styles/catalogue.css";
import "~/components/search/search.css";
import type { Route } from "./+types/indice";
import { loadIndice } from "./indice.server";
import { numberFormat } from "~/lib/i18n";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadIndice(request, context);
}

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

/** Browse the title, series, author, subject, call number, ISBN and ISSN indexes (spec §2), alphabetically from a point. */
export default function Indice({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("catalogue");
  const location = useLocation();
  const { indices, indice, termo, page, entrada, error } = loaderData;
  const nf = numberFormat(i18n.language);

  return (
    <div className="catalogue-home browse">
      <h1>{t("browse.title")}</h1>
      <p className="catalogue-home__intro">
        {t("browse.intro")} <Link to="/">{t("browse.backToSearch")}</Link>
      </p>
      <Form method="get" action="/indice" className="search-form" aria-label={t("browse.formLabel")} key={location.key}>
        <div className="search-form__selects">
          <div className="search-form__select">
            <label htmlFor="indice-indice">{t("browse.indexLabel")}</label>
            <select id="indice-indice" name="indice" defaultValue={indice}>
              {indices.map((i) => (
                <option key={i.codigo} value={i.codigo}>
                  {t(`browse.indexes.${i.codigo}`, { defaultValue: i.descricao })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <TextField
          id="indice-termo"
          name="termo"
          label={t("browse.fromLabel")}
          description={t("browse.fromHint")}
          defaultValue={termo}
          autoComplete="off"
        />
        <button type="submit" className="button button--primary">
          {t("browse.submit")}
        </button>
      </Form>

      {error ? (
        <div className="notice notice--error" role="alert">
          <h2>{t("results.errorTitle")}</h2>
          <p>{t(error.key, error.values)}</p>
        </div>
      ) : null}

      {page ? (
        <section aria-labelledby="indice-entradas">
          <h2 id="indice-entradas">{t("browse.entriesHeading", { indice: t(`browse.indexes.${indice}`, { defaultValue: indice }) })}</h2>
          {page.entradas.length === 0 ? <p>{t("browse.empty")}</p> : null}
          <ul className="browse__entries">
            {page.entradas.map((e) => (
              <li key={e.chave}>
                <Link to={q({ indice, entrada: e.chave })}>{e.valor}</Link>{" "}
                <span className="browse__count">{t("browse.titles", { count: e.total, formatted: nf.format(e.total) })}</span>
              </li>
            ))}
          </ul>
          {page.anterior || page.proxima ? (
            <nav className="pagination" aria-label={t("browse.pagingLabel")}>
              <ul>
                {page.anterior ? (
                  <li className="pagination__step">
                    <Link to={q({ indice, ate: page.anterior })} rel="prev">
                      <span aria-hidden="true">‹ </span>
                      {t("browse.previous")}
                    </Link>
                  </li>
                ) : null}
                {page.proxima ? (
                  <li className="pagination__step">
                    <Link to={q({ indice, de: page.proxima })} rel="next">
                      {t("browse.next")}
                      <span aria-hidden="true"> ›</span>
                    </Link>
                  </li>
                ) : null}
              </ul>
            </nav>
          ) : null}
        </section>
      ) : null}

      {entrada ? (
        <section className="results" aria-labelledby="resultados-titulo">
          <h2 id="resultados-titulo">{t("browse.titlesOf", { valor: entrada.titles.valor ?? entrada.chave })}</h2>
          <p>
            <Link to={q({ indice, termo: entrada.titles.valor ?? entrada.chave })}>{t("browse.backToIndex")}</Link>
          </p>
          {entrada.titles.total === 0 ? (
            <p>{t("browse.noTitles")}</p>
          ) : (
            <>
              <DefaultCoverSymbol items={entrada.titles.resultados} />
              <ol className="results__list" start={(entrada.titles.pagina - 1) * entrada.titles.qtd + 1}>
                {entrada.titles.resultados.map((item) => (
                  <ResultItem key={item.cod_acervo} item={item} />
                ))}
              </ol>
            </>
          )}
          <Pagination search={location.search} page={entrada.titles.pagina} pages={pageCount(entrada.titles.total, entrada.titles.qtd)} />
        </section>
      ) : null}
    </div>
  );
}
