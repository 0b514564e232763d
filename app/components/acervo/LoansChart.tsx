import { useTranslation } from "~/framework/use-translation";
import type { EstatisticaAno } from "~/lib/api/types/acervo";
import { DataTable } from "./SubPage";
import { numberFormat } from "~/lib/i18n";

const W = 640;
const H = 260;
const PAD = { top: 20, right: 12, bottom: 32, left: 40 };

/**
 * Loans per year as an SVG bar chart (role="img", named by its <title> and described by its <desc>),
 * followed by the same numbers in a table: the table is the accessible source, the chart a summary.
 */
export function LoansChart({ titulo, anos }: { titulo: string; anos: EstatisticaAno[] }) {
  const { t, i18n } = useTranslation("acervo");
  const number = numberFormat(i18n.language);
  const max = Math.max(...anos.map((a) => a.emprestimos), 1);
  const top = anos.reduce((best, a) => (a.emprestimos > best.emprestimos ? a : best), anos[0]);
  const total = anos.reduce((s, a) => s + a.emprestimos, 0);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / anos.length;
  const barW = Math.min(48, slot * 0.7);
  const ticks = [0, Math.round(max / 2), max].filter((v, i, a) => a.indexOf(v) === i);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;

  return (
    <>
      <svg className="stats-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="grafico-titulo grafico-desc">
        <title id="grafico-titulo">{t("stats.chartTitle", { titulo })}</title>
        <desc id="grafico-desc">
          {t("stats.chartDesc", {
            first: anos[0].ano,
            last: anos[anos.length - 1].ano,
            total: number.format(total),
            max: number.format(top.emprestimos),
            maxYear: top.ano,
          })}
        </desc>
        <g aria-hidden="true">
          {ticks.map((v) => (
            <g key={v}>
              <line className="stats-chart__axis" x1={PAD.left - 4} x2={W - PAD.right} y1={y(v)} y2={y(v)} strokeOpacity={v === 0 ? 1 : 0.25} />
              <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end">
                {number.format(v)}
              </text>
            </g>
          ))}
          {anos.map((a, i) => {
            const x = PAD.left + i * slot + (slot - barW) / 2;
            return (
              <g key={a.ano}>
                <rect className="stats-chart__bar" x={x} y={y(a.emprestimos)} width={barW} height={Math.max(0, PAD.top + plotH - y(a.emprestimos))} />
                <text x={x + barW / 2} y={H - PAD.bottom + 16} textAnchor="middle">
                  {a.ano}
                </text>
                <text x={x + barW / 2} y={y(a.emprestimos) - 4} textAnchor="middle">
                  {number.format(a.emprestimos)}
                </text>
              </g>
            );
          })}
        </g>
      </svg>
      <DataTable id="estatisticas-legenda" caption={t("stats.caption")}>
        <thead>
          <tr>
            <th scope="col">{t("stats.year")}</th>
            <th scope="col">{t("stats.loans")}</th>
          </tr>
        </thead>
        <tbody>
          {anos.map((a) => (
            <tr key={a.ano}>
              <th scope="row">{a.ano}</th>
              <td>{number.format(a.emprestimos)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t("stats.total")}</th>
            <td>{number.format(total)}</td>
          </tr>
        </tfoot>
      </DataTable>
    </>
  );
}
