/** Areas of interest (spec §7 "areas-interesse"; ADR 191): the catalogue's areas, the profile's marked, and their titles. */
import type { RouterContextProvider } from "react-router";
import { profileTitleRows } from "~/components/account/ProfileTitleList";
import { getAreaInfo, getAreaTitles } from "~/lib/api/account/interest-profiles.server";
import { getApi } from "~/lib/api/client.server";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { vocabularyText } from "~/lib/vocabulary";

type Ctx = Readonly<RouterContextProvider>;

export async function loadInterestAreas(request: Request, context: Ctx) {
  const t = getT(context);
  const lang = getLanguage(context);
  const api = getApi(context);
  const url = new URL(request.url);
  const info = await settle(getAreaInfo(api));
  const areas = info.ok ? info.value.areas : [];
  const wanted = url.searchParams.get("area") ?? "";
  // Only an area the catalogue lists is asked for; anything else shows the profile's areas.
  const area = areas.some((a) => a.codigo === wanted) ? wanted : "";
  const page = Math.min(500, Math.max(1, Number.parseInt(url.searchParams.get("pagina") ?? "1", 10) || 1));
  const titles = await settle(getAreaTitles(api, area || undefined, page));
  return {
    title: t("interests:areas.title"),
    validity: info.ok && info.value.validade ? formatDate(info.value.validade, lang) : null,
    areas: info.ok
      ? areas.map((a) => ({ value: a.codigo, label: vocabularyText(t, "area", a.codigo, a.descricao), total: a.total, mine: a.selecionada }))
      : null,
    area,
    page,
    titles: titles.ok
      ? {
          total: titles.value.total,
          pages: Math.max(1, Math.ceil(titles.value.total / titles.value.qtd)),
          rows: profileTitleRows(titles.value.resultados, t),
        }
      : null,
  };
}
