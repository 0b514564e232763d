import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/sobre.acessibilidade";
import { loadAccessibilityPage } from "./sobre.acessibilidade.server";
import { pageTitle } from "~/components/search/page-title";
import { Link } from "~/framework/Link";
import { ACCESS_KEYS } from "~/lib/skip-links";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.title, matches) }] : []);

export function loader(args: Route.LoaderArgs) {
  return loadAccessibilityPage(args);
}

/**
 * The accessibility page (eMAG 3.1): the access keys, the settings and a summary of the conformance report.
 * Linked from the top bar of every page. See ADR 135.
 */
export default function AccessibilityPage(_props: Route.ComponentProps) {
  const { t } = useTranslation("a11y");
  const list = (key: string) => Object.values(t(key, { returnObjects: true }) as unknown as Record<string, string>);
  const keys = [
    { key: ACCESS_KEYS.content, label: t("skip.content") },
    { key: ACCESS_KEYS.menu, label: t("skip.menu") },
    { key: ACCESS_KEYS.search, label: t("page.keySearchWhere") },
    { key: ACCESS_KEYS.footer, label: t("skip.footer") },
    { key: ACCESS_KEYS.accountMenu, label: t("page.keyAccountMenuWhere") },
  ];
  return (
    <div className="page prose a11y-page">
      <h1>{t("page.heading")}</h1>
      <p>{t("page.intro")}</p>

      <h2>{t("page.keysHeading")}</h2>
      <p>{t("page.keysIntro")}</p>
      <div className="table-scroll">
        <table className="a11y-page__keys">
          <caption>{t("page.keysCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("page.keyColumn")}</th>
              <th scope="col">{t("page.actionColumn")}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.key}>
                <th scope="row">
                  <kbd>{t("page.keyCombo", { key: k.key })}</kbd>
                </th>
                <td>{k.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>{t("page.keysBrowsers")}</p>

      <h2>{t("page.settingsHeading")}</h2>
      <p>{t("page.settingsText")}</p>

      <h2>{t("page.navigationHeading")}</h2>
      <ul>
        {list("page.navigationItems").map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>

      <h2>{t("page.reportHeading")}</h2>
      <p>{t("page.reportText")}</p>
      <ul>
        {list("page.reportItems").map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>{t("page.reportWhere")}</p>
      <p>
        <Link to="/sobre/acessibilidade/relatorio">{t("page.reportLink")}</Link>
      </p>

      <h2>{t("page.limitsHeading")}</h2>
      <p>{t("page.limitsText")}</p>

      <h2>{t("page.contactHeading")}</h2>
      <p>{t("page.contactText")}</p>
    </div>
  );
}
