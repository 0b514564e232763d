import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { AuthorityErrorBoundary } from "~/components/acervo/AuthorityErrorBoundary";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import type { Route } from "./+types/autoridade";
import { loadAutoridadePage } from "./autoridade.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadAutoridadePage(args);
}

/** "/autoridade/:codAutoridade": heading, type, see and see-also references, linked titles. */
export default function AutoridadePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("acervo");
  const { t: tc } = useTranslation("catalogue");
  const { autoridade: a, searchHref } = loaderData;
  const typeName = a.tipo >= 1 && a.tipo <= 9 ? tc(`acervo.authorityTypes.${a.tipo}`) : (a.desc_tipo ?? t("authority.unknownType"));
  return (
    <article className="title-page authority-page">
      <h1>{a.cabecalho}</h1>
      <dl className="facts authority-refs">
        <div className="facts__row">
          <dt>{t("authority.type")}</dt>
          <dd>{typeName}</dd>
        </div>
      </dl>
      <p>
        <Link to={`/autoridade/${a.cod_autoridade}/marc`}>{t("authority.marcLink")}</Link>
      </p>

      {a.ver.length ? (
        <section aria-labelledby="ver-titulo">
          <h2 id="ver-titulo">{t("authority.see")}</h2>
          <ul>
            {a.ver.map((v) => (
              <li key={v}>{v}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {a.ver_tambem.length ? (
        <section aria-labelledby="ver-tambem-titulo">
          <h2 id="ver-tambem-titulo">{t("authority.seeAlso")}</h2>
          <ul>
            {a.ver_tambem.map((v) => (
              <li key={v.cabecalho}>{v.cod_autoridade ? <Link to={`/autoridade/${v.cod_autoridade}`}>{v.cabecalho}</Link> : v.cabecalho}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="titulos-ligados">
        <h2 id="titulos-ligados">{t("authority.titles")}</h2>
        {a.total_acervos === 0 ? (
          <p>{t("authority.noTitles")}</p>
        ) : (
          <>
            <p>
              {t("authority.titlesCount", { count: a.total_acervos })}
              {a.total_acervos > a.acervos.length ? <> {t("authority.titlesShown", { shown: a.acervos.length })}</> : null}
            </p>
            <ul>
              {a.acervos.map((ac) => (
                <li key={ac.cod_acervo}>
                  <Link to={`/acervo/${ac.cod_acervo}`}>{ac.titulo}</Link>
                  {ac.autor || ac.ano_publicacao ? <> — {[ac.autor, ac.ano_publicacao].filter(Boolean).join(", ")}</> : null}
                </li>
              ))}
            </ul>
          </>
        )}
        <p>
          <Link to={searchHref}>{t("authority.searchAll", { cabecalho: a.cabecalho })}</Link>
        </p>
      </section>

      {a.notas.length ? (
        <section aria-labelledby="notas-autoridade">
          <h2 id="notas-autoridade">{t("authority.notes")}</h2>
          <ul>
            {a.notas.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

export const ErrorBoundary = AuthorityErrorBoundary;
