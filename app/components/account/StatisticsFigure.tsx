import { useTranslation } from "~/framework/use-translation";
import { DataTable } from "~/components/acervo/SubPage";
import "~/styles/catalogue.css";
import "./statistics.css";

/** A chart's row: a label and one value per column of the data table (the first value is the one drawn). */
export interface FigureRow {
  key: string;
  label: string;
  values: number[];
}

export interface StatisticsFigureProps {
  /** Base of the element ids. */
  id: string;
  heading: string;
  /** Column headings of the data table after the label column; the chart draws the first one. */
  columns: string[];
  /** Heading of the label column. */
  labelColumn: string;
  rows: FigureRow[];
}

// Drawn at about its own size in the screen's chart column, so the text stays at reading size.
const WIDTH = 480;
const ROW = 46;
const BAR = 16;
const VALUE_ROOM = 72;

/**
 * A horizontal bar chart drawn as SVG with its data table beside it (ADR 193). The chart is one image to assistive
 * technology (role="img", named by its <title> and described by a <desc> listing every value); each bar carries its
 * label and value in text, so nothing depends on colour; colours come from the scheme's CSS variables.
 */
export function StatisticsFigure({ id, heading, columns, labelColumn, rows }: StatisticsFigureProps) {
  const { t, i18n } = useTranslation("statistics");
  const nf = new Intl.NumberFormat(i18n.language);
  const max = Math.max(1, ...rows.map((r) => r.values[0] ?? 0));
  const height = Math.max(ROW, rows.length * ROW) + 4;
  const measure = columns[0] ?? "";
  const desc = t("chart.desc", { measure, items: rows.map((r) => `${r.label}: ${nf.format(r.values[0] ?? 0)}`).join("; ") });
  return (
    <section className="stat-figure" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`}>{heading}</h2>
      {rows.length === 0 ? (
        <p>{t("chart.empty")}</p>
      ) : (
        <div className="stat-figure__body">
          <svg
            className="stat-chart"
            role="img"
            aria-labelledby={`${id}-grafico ${id}-descricao`}
            viewBox={`0 0 ${WIDTH} ${height}`}
            preserveAspectRatio="xMinYMin meet"
          >
            <title id={`${id}-grafico`}>{t("chart.title", { heading, measure })}</title>
            <desc id={`${id}-descricao`}>{desc}</desc>
            {rows.map((r, i) => {
              const v = r.values[0] ?? 0;
              const w = (v / max) * (WIDTH - VALUE_ROOM);
              const y = i * ROW;
              return (
                <g key={r.key}>
                  <text className="stat-chart__label" x={0} y={y + 16}>
                    {r.label}
                  </text>
                  {v > 0 ? <rect className="stat-chart__bar" x={0} y={y + 22} width={Math.max(w, 2)} height={BAR} /> : null}
                  <text className="stat-chart__value" x={(v > 0 ? Math.max(w, 2) : 0) + 6} y={y + 36}>
                    {nf.format(v)}
                  </text>
                </g>
              );
            })}
          </svg>
          <DataTable id={`${id}-legenda`} caption={t("chart.table", { heading })} className="stat-figure__table">
            <thead>
              <tr>
                <th scope="col">{labelColumn}</th>
                {columns.map((c) => (
                  <th scope="col" key={c} className="stat-figure__number">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.label}</th>
                  {r.values.map((v, i) => (
                    <td key={columns[i] ?? i} className="stat-figure__number">
                      {nf.format(v)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </DataTable>
        </div>
      )}
    </section>
  );
}

/** The headline numbers above the charts, as a description list. */
export function StatisticsSummary({ items }: { items: Array<{ label: string; value: number }> }) {
  const { i18n } = useTranslation("statistics");
  const nf = new Intl.NumberFormat(i18n.language);
  return (
    <dl className="stat-summary">
      {items.map((i) => (
        <div key={i.label}>
          <dt>{i.label}</dt>
          <dd>{nf.format(i.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
