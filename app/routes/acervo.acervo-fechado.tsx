import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { SubPage, TitleErrorBoundary } from "~/components/acervo/SubPage";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import type { Route } from "./+types/acervo.acervo-fechado";
import { loadClosedStacks } from "./acervo.acervo-fechado.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadClosedStacks(args);
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
