import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { ContentsTable } from "~/components/acervo/ContentsTable";
import { SubPage, TitleErrorBoundary } from "~/components/acervo/SubPage";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import type { Route } from "./+types/acervo.sumarios-livros";
import { loadBookContents } from "./acervo.sumarios-livros.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadBookContents(args);
}

/** "/acervo/:codAcervo/sumarios-livros": the title's own table of contents (catalogued, or MARC 505). */
export default function SumariosLivrosPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("acervo");
  const { title, data } = loaderData;
  return (
    <SubPage title={title} page="sumariosLivros">
      {data.livro.length ? (
        <ContentsTable id="sumario-livro" caption={t("contents.caption", { descricao: title.titulo })} entries={data.livro} />
      ) : (
        <p>{t("contents.none")}</p>
      )}
      {data.fasciculos.length ? (
        <p>
          <Link to={`/acervo/${title.cod_acervo}/sumarios`}>{t("contents.toIssues")}</Link>
        </p>
      ) : null}
    </SubPage>
  );
}

export const ErrorBoundary = TitleErrorBoundary;
