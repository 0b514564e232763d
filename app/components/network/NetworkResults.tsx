import type { Ref } from "react";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { Pagination } from "~/components/search/Pagination";
import { ResultsRange, useResultCountText } from "~/components/search/SearchResults";
import { pageCount, withParams } from "~/components/search/search-url";
import type { RedeConsulta, RedeHit } from "~/lib/api/types/rede";
import { Facts } from "./Facts";

/** One hit: the title links to the network record's page; author, year, type and the holding institution. */
function NetworkResultItem({ item }: { item: RedeHit }) {
  const { t } = useTranslation("network");
  const publication = [item.local_publicacao, item.editora].filter(Boolean).join(": ");
  const facts: Array<[string, string | number | null]> = [
    [t("results.author"), item.autor],
    [t("results.publication"), publication || null],
    [t("results.year"), item.ano_publicacao],
    [t("results.type"), item.desc_tipo_obra],
    [t("results.institution"), item.instituicao.nome],
  ];
  return (
    <li className="result">
      <div className="result__body">
        <h3 className="result__title">
          <Link to={`/rede/acervo/${item.cod_registro}`}>
            {item.titulo}
            {item.subtitulo ? <span className="result__subtitle">: {item.subtitulo}</span> : null}
          </Link>
        </h3>
        <Facts items={facts} className="result__facts" />
      </div>
    </li>
  );
}

/** The network search's hits: a heading with the count, the list, pagination, or tips when nothing matched. */
export function NetworkResults({
  results,
  termo,
  search,
  headingRef,
}: {
  results: RedeConsulta;
  termo: string;
  search: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation("network");
  const countText = useResultCountText(results, termo);
  const pages = pageCount(results.total, results.qtd);
  const first = (results.pagina - 1) * results.qtd + 1;

  if (results.total === 0) {
    return (
      <section className="results" aria-labelledby="resultados-titulo">
        <h2 id="resultados-titulo" ref={headingRef} tabIndex={-1}>
          {t("catalogue:results.noResults", { termo })}
        </h2>
        <p>{t("results.noResultsHelp")}</p>
      </section>
    );
  }
  return (
    <section className="results" aria-labelledby="resultados-titulo">
      <h2 id="resultados-titulo" ref={headingRef} tabIndex={-1}>
        {countText}
      </h2>
      {results.resultados.length > 0 ? (
        <>
          <ResultsRange results={results} />
          <ol className="results__list" start={first}>
            {results.resultados.map((item) => (
              <NetworkResultItem key={item.cod_registro} item={item} />
            ))}
          </ol>
        </>
      ) : (
        <p>
          {t("catalogue:results.pageOutOfRange", { pagina: results.pagina })}{" "}
          <Link to={withParams(search, { pagina: 1 })}>{t("catalogue:results.firstPage")}</Link>
        </p>
      )}
      {results.pagina <= pages ? <Pagination search={search} page={results.pagina} pages={pages} /> : null}
    </section>
  );
}
