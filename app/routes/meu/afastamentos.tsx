import { useTranslation } from "~/framework/use-translation";
import { PageTitle } from "~/components/profile/PageTitle";
import { ABSENCE_STATES, type AbsenceState } from "~/lib/api/account/declaration-types";
import { getAbsences } from "~/lib/api/account/declarations.server";
import { getApi } from "~/lib/api/client.server";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import type { Route } from "./+types/afastamentos";
import "~/components/profile/profile.css";

/** The patron's absences (spec §7 `GET /afastamentos`), latest first, each with where it stands today. */
export async function loader({ context }: Route.LoaderArgs) {
  const lang = getLanguage(context);
  const list = await settle(getAbsences(getApi(context)));
  return {
    title: getT(context)("declarations:absences.title"),
    absences: list.ok
      ? list.value.map((a) => ({
          id: a.cod_afastamento,
          reason: a.motivo,
          start: formatDate(a.data_inicio, lang),
          end: a.data_fim ? formatDate(a.data_fim, lang) : null,
          note: a.observacao ?? null,
          state: ((ABSENCE_STATES as readonly string[]).includes(a.situacao) ? a.situacao : "em_curso") as AbsenceState,
        }))
      : null,
  };
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
