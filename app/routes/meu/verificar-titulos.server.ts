/** Check titles (spec §2, §9; ADR 191): the titles added from today back one month, of the profile's areas when it names some. */
import type { RouterContextProvider } from "react-router";
import { profileTitleRows } from "~/components/account/ProfileTitleList";
import { getCheckTitles } from "~/lib/api/account/interest-profiles.server";
import { getApi } from "~/lib/api/client.server";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";

type Ctx = Readonly<RouterContextProvider>;

export async function loadCheckTitles(request: Request, context: Ctx) {
  const t = getT(context);
  const lang = getLanguage(context);
  const page = Math.min(500, Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("pagina") ?? "1", 10) || 1));
  const titles = await settle(getCheckTitles(getApi(context), page));
  return {
    title: t("interests:check.title"),
    page,
    titles: titles.ok
      ? {
          since: formatDate(titles.value.desde, lang),
          byProfile: titles.value.porPerfil,
          total: titles.value.total,
          pages: Math.max(1, Math.ceil(titles.value.total / titles.value.qtd)),
          rows: profileTitleRows(titles.value.resultados, t),
        }
      : null,
  };
}
