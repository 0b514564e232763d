import { useTranslation } from "~/framework/use-translation";
import { PageTitle } from "~/components/profile/PageTitle";
import { AccountTable } from "~/components/ui/AccountTable";
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
      ) : (
        <AccountTable
          caption={t("absences.caption")}
          captionId="afastamentos-legenda"
          rows={absences}
          rowKey={(a) => a.id}
          empty={t("absences.empty")}
          columns={[
            { header: t("absences.reason"), rowHeader: true, cell: (a) => a.reason },
            { header: t("absences.start"), cell: (a) => a.start },
            { header: t("absences.end"), cell: (a) => a.end ?? t("absences.open_ended") },
            { header: t("absences.state"), cell: (a) => t(`absences.states.${a.state}`) },
            { header: t("absences.note"), cell: (a) => a.note ?? "" },
          ]}
        />
      )}
    </div>
  );
}
