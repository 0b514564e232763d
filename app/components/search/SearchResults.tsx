import type { Ref } from "react";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { AddAllToBasket } from "~/components/basket/AddToBasket";
import type { Consulta } from "~/lib/api/types/catalogue";
import { Pagination } from "./Pagination";
import { DefaultCoverSymbol, ResultItem } from "./ResultItem";
import { pageCount, withParams } from "./search-url";
import { numberFormat } from "~/lib/i18n";

export interface SearchResultsProps {
  results: Consulta;
  termo: string;
  /** The current query string, kept by the pagination links. */
  search: string;
  /** The results heading, focused by the route after a page change. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** D detailed (default) or C compact. */
  display?: "D" | "C";
}

/** The heading sentence for a result count ("20 results for “x”", or "More than 1,000 …" when capped). */
export function useResultCountText(results: Pick<Consulta, "total" | "totalLimitado">, termo: string): string {
  const { t, i18n } = useTranslation("catalogue");
  const formatted = numberFormat(i18n.language).format(results.total);
  return results.totalLimitado ? t("results.countLimited", { formatted, termo }) : t("results.count", { count: results.total, formatted, termo });
}

/** "Showing 21 to 40 of 1,234" for one page of results ("1,000+" when the count is capped). */
export function ResultsRange({
  results,
}: {
  results: Pick<Consulta, "pagina" | "qtd" | "total" | "totalLimitado"> & { resultados: readonly unknown[] };
}) {
  const { t, i18n } = useTranslation("catalogue");
  const nf = numberFormat(i18n.language);
  const first = (results.pagina - 1) * results.qtd + 1;
  return (
    <p className="results__range">
      {t("results.range", {
        from: nf.format(first),
        to: nf.format(first + results.resultados.length - 1),
        total: results.totalLimitado ? `${nf.format(results.total)}+` : nf.format(results.total),
      })}
    </p>
  );
}

/**
 * The ranked result list: a heading with the count, the hits as an ordered list,
 * pagination, or a helpful message when nothing matched.
 */
export function SearchResults({ results, termo, search, headingRef, display = "D" }: SearchResultsProps) {
  const { t } = useTranslation("catalogue");
  const countText = useResultCountText(results, termo);
  const pages = pageCount(results.total, results.qtd);
  const first = (results.pagina - 1) * results.qtd + 1;

  if (results.total === 0) {
    return (
      <section className="results" aria-labelledby="resultados-titulo">
        <h2 id="resultados-titulo" ref={headingRef} tabIndex={-1}>
          {t("results.noResults", { termo })}
        </h2>
        <DidYouMean results={results} search={search} />
        <p>{t("results.noResultsHelp")}</p>
        <ul className="results__tips">
          <li>{t("results.tipSpelling")}</li>
          <li>{t("results.tipFewerWords")}</li>
          <li>{t("results.tipAllFields")}</li>
        </ul>
      </section>
    );
  }

  return (
    <section className="results" aria-labelledby="resultados-titulo">
      <h2 id="resultados-titulo" ref={headingRef} tabIndex={-1}>
        {countText}
      </h2>
      <DidYouMean results={results} search={search} />
      {results.resultados.length > 0 ? (
        <>
          <ResultsRange results={results} />
          <AddAllToBasket acervos={results.resultados.map((r) => r.cod_acervo)} />
          <DefaultCoverSymbol items={results.resultados} display={display} />
          <ol className={display === "C" ? "results__list results__list--compact" : "results__list"} start={first}>
            {results.resultados.map((item) => (
              <ResultItem key={item.cod_acervo} item={item} display={display} />
            ))}
          </ol>
        </>
      ) : (
        <p>
          {t("results.pageOutOfRange", { pagina: results.pagina })} <Link to={withParams(search, { pagina: 1 })}>{t("results.firstPage")}</Link>
        </p>
      )}
      {results.pagina <= pages ? <Pagination search={search} page={results.pagina} pages={pages} /> : null}
    </section>
  );
}

/**
 * "Did you mean": the API's corrected search texts (the catalogue's own words), each a plain link to the same
 * search with that text, from its first page, with its number of titles.
 */
export function DidYouMean({ results, search }: { results: Pick<Consulta, "sugestoes">; search: string }) {
  const { t, i18n } = useTranslation("search");
  const nf = numberFormat(i18n.language);
  if (!results.sugestoes?.length) return null;
  return (
    <div className="results__suggestions">
      <p id="sugestoes-titulo">{t("didYouMean")}</p>
      <ul aria-labelledby="sugestoes-titulo">
        {results.sugestoes.map((s) => (
          <li key={s.termo}>
            <Link to={withParams(search, { termo: s.termo, pagina: null })}>
              {t("suggestion", { count: s.total, termo: s.termo, formatted: nf.format(s.total) })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
