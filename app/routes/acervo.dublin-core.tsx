import { hasTranslation, useTranslation } from "~/framework/use-translation";
import { DataTable, SubPage, TitleErrorBoundary } from "~/components/acervo/SubPage";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import type { Route } from "./+types/acervo.dublin-core";
import { loadRecordDublinCore } from "./acervo.dublin-core.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadRecordDublinCore(args);
}

/** "/acervo/:codAcervo/dublin-core": the simple Dublin Core elements, named in the page language. */
export default function DublinCorePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("acervo");
  const { title, data } = loaderData;
  return (
    <SubPage title={title} page="dublinCore">
      {data.elementos.length === 0 ? (
        <p>{t("dublinCore.empty")}</p>
      ) : (
        <DataTable id="dc-legenda" caption={t("dublinCore.caption", { titulo: title.titulo })}>
          <thead>
            <tr>
              <th scope="col">{t("dublinCore.element")}</th>
              <th scope="col">{t("dublinCore.value")}</th>
            </tr>
          </thead>
          <tbody>
            {data.elementos.map((e, i) => (
              <tr key={i}>
                <th scope="row">
                  {hasTranslation(i18n, `acervo:dublinCore.elements.${e.elemento}`) ? t(`dublinCore.elements.${e.elemento}`) : e.elemento}{" "}
                  <span lang="en">(dc:{e.elemento})</span>
                </th>
                <td>{e.valor}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </SubPage>
  );
}

export const ErrorBoundary = TitleErrorBoundary;
