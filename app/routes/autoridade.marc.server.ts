/** An authority's MARC screen's loader: the authority and its MARC fields. */
import { getAutoridade, getAutoridadeMarc } from "~/lib/api/acervo.server";
import { getI18n } from "~/lib/i18n.server";
import type { Route } from "./+types/autoridade.marc";
import { loadAutoridadeView } from "./autoridade.server";

export async function loadAuthorityMarc({ params, context }: Route.LoaderArgs) {
  const { autoridade, marc } = await loadAutoridadeView(params, context, async (api, id) => {
    const [autoridade, marc] = await Promise.all([getAutoridade(api, id), getAutoridadeMarc(api, id)]);
    return { autoridade, marc };
  });
  const pageTitle = getI18n(context).t("acervo:authority.marcPageTitle", { cabecalho: autoridade.cabecalho });
  return { cod_autoridade: autoridade.cod_autoridade, cabecalho: autoridade.cabecalho, marc, pageTitle };
}
