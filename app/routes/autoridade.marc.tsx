import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { AuthorityErrorBoundary } from "~/components/acervo/AuthorityErrorBoundary";
import { MarcTable } from "~/components/acervo/MarcTable";
import { subPageMeta } from "~/components/acervo/sub-page-meta";
import { getAutoridade, getAutoridadeMarc } from "~/lib/api/acervo.server";
import { getI18n } from "~/lib/i18n.server";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import type { Route } from "./+types/autoridade.marc";
import { loadAutoridadeView } from "./autoridade.server";

export const meta: Route.MetaFunction = (args) => subPageMeta(args);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { autoridade, marc } = await loadAutoridadeView(params, context, async (api, id) => {
    const [autoridade, marc] = await Promise.all([getAutoridade(api, id), getAutoridadeMarc(api, id)]);
    return { autoridade, marc };
  });
  const pageTitle = getI18n(context).t("acervo:authority.marcPageTitle", { cabecalho: autoridade.cabecalho });
  return { cod_autoridade: autoridade.cod_autoridade, cabecalho: autoridade.cabecalho, marc, pageTitle };
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
