import { useTranslation } from "~/framework/use-translation";
import { PageTitle } from "~/components/profile/PageTitle";
import type { Route } from "./+types/afastamentos";
import { loadAbsences } from "./afastamentos.server";
import "~/components/profile/profile.css";

export function loader(args: Route.LoaderArgs) {
  return loadAbsences(args);
}

export default function AbsencesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("declarations");
  const { title, absences } = loaderData;
  return (
    <div className="page profile account-screen">
      <PageTitle title={title} failed={false} />
      <h1>{title}</h1>
      <p>{t("absences.intro")}</p>
      {absences === null ? (
        <p className="notice notice--warning" role="status">
          {t("absences.failed")}
        </p>
      ) : absences.length === 0 ? (
        <p>{t("absences.empty")}</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        <div className="account-table-wrap" role="region" tabIndex={0} aria-labelledby="afastamentos-legenda">
          <table className="account-table">
            <caption id="afastamentos-legenda">{t("absences.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("absences.reason")}</th>
                <th scope="col">{t("absences.start")}</th>
                <th scope="col">{t("absences.end")}</th>
                <th scope="col">{t("absences.state")}</th>
                <th scope="col">{t("absences.note")}</th>
              </tr>
            </thead>
            <tbody>
              {absences.map((a) => (
                <tr key={a.id}>
                  <th scope="row">{a.reason}</th>
                  <td>{a.start}</td>
                  <td>{a.end ?? t("absences.open_ended")}</td>
                  <td>{t(`absences.states.${a.state}`)}</td>
                  <td>{a.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
