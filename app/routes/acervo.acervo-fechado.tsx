import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { SubPage, TitleErrorBoundary } from "~/components/acervo/SubPage";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import { getPermissoes } from "~/lib/api/acervo.server";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import type { Route } from "./+types/acervo.acervo-fechado";
import { data } from "react-router";
import { getI18n } from "~/lib/i18n.server";
import { loadSubPage, type AcervoErrorData } from "./acervo.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export async function loader({ params, context }: Route.LoaderArgs) {
  // Without permissions the page still explains the collection; it only leaves out the request link.
  const page = await loadSubPage(params, context, "acervoFechado", (api, id) => getPermissoes(api, id).catch(() => null));
  // Only a title with a copy in closed stacks (a location the library marked closed) has this page.
  if (!page.title.acervoFechado) throw data<AcervoErrorData>({ pageTitle: getI18n(context).t("catalogue:meta.notFound") }, { status: 404, statusText: "Not Found" });
  return page;
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
      <p id="locais-fechados">{t("closed.locations")}</p>
      <ul aria-labelledby="locais-fechados">
        {title.closedStacks.map((s, i) => (
          <li key={i}>{s.location ? t("closed.where", { library: s.library, location: s.location }) : s.library}</li>
        ))}
      </ul>
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
