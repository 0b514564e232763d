import { Link } from "~/components/ui/Link";
import { useTranslation } from "~/lib/use-translation";
import { SubPage, TitleErrorBoundary } from "~/components/acervo/SubPage";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import { getPermissoes } from "~/lib/api/acervo.server";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import type { Route } from "./+types/acervo.acervo-fechado";
import { loadSubPage } from "./acervo.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export async function loader({ params, context }: Route.LoaderArgs) {
  // Without permissions the page still explains the collection; it only leaves out the request link.
  return loadSubPage(params, context, "acervoFechado", (api, id) => getPermissoes(api, id).catch(() => null));
}

/** "/acervo/:codAcervo/acervo-fechado": what a closed-stacks collection means and how to get the item. */
export default function AcervoFechadoPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("acervo");
  const { title, data } = loaderData;
  const id = title.cod_acervo;
  return (
    <SubPage title={title} page="acervoFechado">
      <p>{t("closed.intro")}</p>
      <p>{t("closed.meaning")}</p>
      {title.chamada ? <p>{t("closed.callNumber", { chamada: title.chamada })}</p> : null}
      <h2>{t("closed.howHeading")}</h2>
      <ol>
        <li>
          {t("closed.step1")} <Link to={`/acervo/${id}/exemplares`}>{t("closed.toCopies")}</Link>
        </li>
        <li>
          {t("closed.step2")}
          {data?.solicitacao_emprestimo ? (
            <>
              {" "}
              <Link to={`/acervo/${id}/solicitacao-emprestimo`}>{t("actions.solicitacao")}</Link>
            </>
          ) : null}
        </li>
        <li>{t("closed.step3")}</li>
      </ol>
    </SubPage>
  );
}

export const ErrorBoundary = TitleErrorBoundary;
