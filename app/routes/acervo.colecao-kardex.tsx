import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { hasTranslation, useTranslation } from "~/framework/use-translation";
import { ContentsTable } from "~/components/acervo/ContentsTable";
import { DataTable, SubPage, TitleErrorBoundary } from "~/components/acervo/SubPage";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import { formatDate } from "~/lib/i18n";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import { useIssueLabel } from "~/components/acervo/LatestIssues";
import type { Route } from "./+types/acervo.colecao-kardex";
import { loadKardex } from "./acervo.colecao-kardex.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadKardex(args);
}

/** "/acervo/:codAcervo/colecao-kardex": the periodical's issues by library and year, each with its contents. */
export default function KardexPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("acervo");
  const issueLabel = useIssueLabel();
  const { title, data, filter } = loaderData;
  const base = `/acervo/${title.cod_acervo}/colecao-kardex`;
  if (!data.permitido) {
    return (
      <SubPage title={title} page="kardex">
        <p>{t("kardex.none")}</p>
      </SubPage>
    );
  }
  const { combos, fasciculos, item } = data;
  const keep = new URLSearchParams();
  if (filter.codBib) keep.set("biblioteca", String(filter.codBib));
  if (filter.year) keep.set("ano", String(filter.year));
  const date = (v: string | null) => (v ? formatDate(v, i18n.language) : "—");
  return (
    <SubPage title={title} page="kardex">
      {item ? (
        <section aria-labelledby="fasciculo-titulo">
          <h2 id="fasciculo-titulo">{t("kardex.itemHeading", { fasciculo: issueLabel(item) })}</h2>
          {item.sumario.length ? (
            <ContentsTable id="fasciculo-sumario" caption={t("contents.caption", { descricao: issueLabel(item) })} entries={item.sumario} />
          ) : (
            <p>{t("kardex.itemEmpty")}</p>
          )}
          <p>
            <Link to={`${base}${keep.size ? `?${keep}` : ""}`}>{t("kardex.backToIssues")}</Link>
          </p>
        </section>
      ) : null}
      <Form method="get" className="filter-form" aria-labelledby="filtro-kardex">
        <h2 id="filtro-kardex" className="visually-hidden">
          {t("kardex.filterLegend")}
        </h2>
        <div>
          <label htmlFor="kardex-biblioteca">{t("kardex.library")}</label>
          <select id="kardex-biblioteca" name="biblioteca" defaultValue={filter.codBib ?? ""} key={`b${filter.codBib ?? 0}`}>
            <option value="">{t("kardex.allLibraries")}</option>
            {combos.bibliotecas.map((b) => (
              <option key={b.cod_biblioteca} value={b.cod_biblioteca}>
                {b.desc_biblioteca}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="kardex-ano">{t("kardex.year")}</label>
          <select id="kardex-ano" name="ano" defaultValue={filter.year ?? ""} key={`a${filter.year ?? 0}`}>
            <option value="">{t("kardex.allYears")}</option>
            {combos.anos.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">{t("kardex.apply")}</button>
      </Form>
      {fasciculos.length === 0 ? (
        <p>{t("kardex.noneForFilter")}</p>
      ) : (
        <>
          <p>{t("kardex.count", { count: fasciculos.length })}</p>
          <DataTable id="kardex-legenda" caption={t("kardex.caption", { titulo: title.titulo })}>
            <thead>
              <tr>
                <th scope="col">{t("kardex.columns.issue")}</th>
                <th scope="col">{t("kardex.columns.period")}</th>
                <th scope="col">{t("kardex.columns.library")}</th>
                <th scope="col">{t("kardex.columns.published")}</th>
                <th scope="col">{t("kardex.columns.arrived")}</th>
                <th scope="col">{t("kardex.columns.status")}</th>
                <th scope="col">{t("kardex.columns.contents")}</th>
              </tr>
            </thead>
            <tbody>
              {fasciculos.map((f) => {
                const link = new URLSearchParams(keep);
                link.set("fasciculo", String(f.cod_fasciculo));
                return (
                  <tr key={f.cod_fasciculo}>
                    <th scope="row">{issueLabel(f)}</th>
                    <td>{f.periodo ?? "—"}</td>
                    <td>{f.biblioteca.desc_biblioteca}</td>
                    <td>{date(f.data_publicacao)}</td>
                    <td>{date(f.data_chegada)}</td>
                    <td>
                      {hasTranslation(i18n, `acervo:kardex.situacao.${f.situacao}`) ? t(`kardex.situacao.${f.situacao}`) : f.situacao}
                      {f.observacao ? <> ({f.observacao})</> : null}
                    </td>
                    <td>
                      {f.possui_sumario ? (
                        <Link to={`${base}?${link}`} aria-current={f.cod_fasciculo === item?.cod_fasciculo ? "true" : undefined}>
                          {t("kardex.viewContents", { fasciculo: issueLabel(f) })}
                        </Link>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        </>
      )}
    </SubPage>
  );
}

export const ErrorBoundary = TitleErrorBoundary;
