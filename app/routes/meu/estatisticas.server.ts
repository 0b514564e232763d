/** The acquisition-statistics and collection-totals screens (spec §2 menu, §7 "Aquisicao", "Acervo"; ADR 193). */
import { data, type RouterContextProvider } from "react-router";
import type { FigureRow } from "~/components/account/StatisticsFigure";
import { getAcquisitionStatistics, getCollectionTotals } from "~/lib/api/account/statistics.server";
import { getApi } from "~/lib/api/client.server";
import { settle } from "~/lib/api/settle.server";
import { getLanguage, getT } from "~/lib/i18n.server";
import { periodLabel, readStatisticsForm } from "./+shared/statistics.server";

/** The acquisition-statistics screen: by period, by mode, and suggestions by status. */
export async function loadAcquisitionStatistics(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await readStatisticsForm(request, context);
  const title = getT(context)("statistics:acquisitions.title");
  if (Object.keys(form.errors).length > 0) return data({ title, form, stats: null, failed: false }, { status: 400 });
  const lang = getLanguage(context);
  const got = await settle(getAcquisitionStatistics(getApi(context), form.filter));
  if (!got.ok) return { title, form, stats: null, failed: true };
  const s = got.value;
  return {
    title,
    form,
    failed: false,
    stats: {
      titles: s.titulos,
      copies: s.exemplares,
      byYear: s.agrupamento === "ano",
      periods: s.periodos.map((p): FigureRow => ({ key: p.periodo, label: periodLabel(p.periodo, lang), values: [p.exemplares, p.titulos] })),
      modes: s.por_modalidade.map((m): FigureRow => ({ key: m.modalidade, label: m.descricao, values: [m.exemplares, m.titulos] })),
      suggestions: s.sugestoes.map((x): FigureRow => ({ key: x.situacao, label: x.descricao, values: [x.total] })),
    },
  };
}

/** The collection-totals screen: titles and copies by work type. */
export async function loadCollectionTotals(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await readStatisticsForm(request, context);
  const title = getT(context)("statistics:totals.title");
  if (Object.keys(form.errors).length > 0) return data({ title, form, totals: null, failed: false }, { status: 400 });
  const got = await settle(getCollectionTotals(getApi(context), form.filter));
  if (!got.ok) return { title, form, totals: null, failed: true };
  const s = got.value;
  return {
    title,
    form,
    failed: false,
    totals: {
      titles: s.titulos,
      copies: s.exemplares,
      types: s.por_tipo_obra.map((r): FigureRow => ({ key: String(r.cod_tipo_obra), label: r.descricao, values: [r.exemplares, r.titulos] })),
    },
  };
}
