import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { ContentsTable } from "~/components/acervo/ContentsTable";
import { SubPage, TitleErrorBoundary } from "~/components/acervo/SubPage";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import type { Route } from "./+types/acervo.sumarios";
import { loadRecordContents } from "./acervo.sumarios.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadRecordContents(args);
}

/** "/acervo/:codAcervo/sumarios": the tables of contents of the periodical's issues, newest first. */
export default function SumariosPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("acervo");
  const { title, data } = loaderData;
  return (
    <SubPage title={title} page="sumarios">
      {data.fasciculos.length === 0 ? <p>{t("contents.noIssues")}</p> : null}
      {data.fasciculos.map((f) => {
        const label = t("kardex.issue", { volume: f.volume ?? "–", numero: f.numero ?? "–", ano: f.ano });
        const descricao = f.periodo ? `${label} (${f.periodo})` : label;
        return (
          <section key={f.cod_fasciculo} aria-labelledby={`fasciculo-${f.cod_fasciculo}`}>
            <h2 id={`fasciculo-${f.cod_fasciculo}`}>{descricao}</h2>
            <ContentsTable id={`sumario-${f.cod_fasciculo}`} caption={t("contents.caption", { descricao })} entries={f.itens} />
          </section>
        );
      })}
      {data.livro.length ? (
        <p>
          <Link to={`/acervo/${title.cod_acervo}/sumarios-livros`}>{t("contents.toBook")}</Link>
        </p>
      ) : null}
    </SubPage>
  );
}

export const ErrorBoundary = TitleErrorBoundary;
