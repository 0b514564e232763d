import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { AuthorityErrorBoundary } from "~/components/acervo/AuthorityErrorBoundary";
import { MarcTable } from "~/components/acervo/MarcTable";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import type { Route } from "./+types/autoridade.marc";
import { loadAuthorityMarc } from "./autoridade.marc.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadAuthorityMarc(args);
}

/** "/autoridade/:codAutoridade/marc": the authority's MARC record, tagged. */
export default function AutoridadeMarcPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("acervo");
  const { cod_autoridade, cabecalho, marc } = loaderData;
  return (
    <article className="title-page title-subpage">
      <h1>
        <span className="title-subpage__kicker">{t("authority.marcLink")}</span>
        {cabecalho}
      </h1>
      <p>
        <Link to={`/autoridade/${cod_autoridade}`}>{t("authority.backToAuthority", { cabecalho })}</Link>
      </p>
      <MarcTable marc={marc} caption={t("authority.marcPageTitle", { cabecalho })} />
    </article>
  );
}

export const ErrorBoundary = AuthorityErrorBoundary;
