import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/sobre.acessibilidade.relatorio";
import { loadAccessibilityReport } from "./sobre.acessibilidade.relatorio.server";
import type { AcrRow } from "../../contract/acr";
import { pageTitle } from "~/components/search/page-title";
import { Link } from "~/framework/Link";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.title, matches) }] : []);

export function loader(args: Route.LoaderArgs) {
  return loadAccessibilityReport(args);
}

/**
 * The Accessibility Conformance Report of this build (ADR 152): the VPAT 2.5 tables (WCAG 2.2 A and AA) and the
 * eMAG 3.1 checklist that `npm test` wrote, with the commit and date. The tables are the VPAT's English (and
 * eMAG's Portuguese), marked as such; without a generated report the page says so.
 */
export default function AccessibilityReportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("a11y");
  const { acr } = loaderData;
  const table = (id: string, caption: string, rows: AcrRow[], emag: boolean) => (
    <section aria-labelledby={id}>
      <h2 id={id}>{caption}</h2>
      <div className="table-scroll">
        <table className="acr-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{emag ? t("report.colRecommendation") : t("report.colCriterion")}</th>
              <th scope="col">{t("report.colConformance")}</th>
              <th scope="col">{t("report.colRemarks")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row" lang={emag ? "pt" : "en"}>
                  {r.id} {r.name}
                  {emag ? ` (${r.section})` : ` (${r.level})`}
                </th>
                <td lang="en">{r.conformance}</td>
                <td lang="en">
                  {r.remarks}
                  {r.evidence.length ? (
                    <ul className="acr-table__evidence">
                      {r.evidence.map((e) => (
                        <li key={e}>{e}</li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
  return (
    <div className="page prose a11y-report">
      <h1>{t("report.heading")}</h1>
      <p>{t("report.intro")}</p>
      {acr ? (
        <>
          <dl className="a11y-report__facts">
            <dt>{t("report.version")}</dt>
            <dd>
              <code>{acr.commit}</code>
            </dd>
            <dt>{t("report.date")}</dt>
            <dd>
              <time dateTime={acr.generated}>{acr.generated.slice(0, 10)}</time>
            </dd>
            <dt>{t("report.axe")}</dt>
            <dd>{acr.axeCases}</dd>
            <dt>{t("report.checks")}</dt>
            <dd>{acr.interactionChecks}</dd>
          </dl>
          <p>{t("report.manualNote")}</p>
          <p>{t("report.langNote")}</p>
          {table(
            "nivel-a",
            t("report.tableA"),
            acr.wcag.filter((r) => r.level === "A"),
            false,
          )}
          {table(
            "nivel-aa",
            t("report.tableAA"),
            acr.wcag.filter((r) => r.level === "AA"),
            false,
          )}
          {table("emag", t("report.tableEmag"), acr.emag, true)}
        </>
      ) : (
        <p className="notice">{t("report.missing")}</p>
      )}
      <p>
        <Link to="/sobre/acessibilidade">{t("report.back")}</Link>
      </p>
    </div>
  );
}
