import { Form } from "react-router";
import { DUE_DAYS_MAX, DUE_DAYS_MIN } from "../../../contract/notifications";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { pageTitle } from "~/components/search/page-title";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { AccountTable } from "~/components/ui/AccountTable";
import { Link } from "~/framework/Link";
import { flagFailure } from "~/lib/action-failed.server";
import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/notificacoes";
import { loadNotifications, notificationsAction, type NotificationsActionData } from "./notificacoes.server";
import { SAVED_PATH } from "./paths";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadNotifications(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await notificationsAction(request, context));
}

/** Each notice by e-mail and in the alerts, as checkboxes in a table; the due-soon notice's days beside it. */
export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications");
  const result = actionData as NotificationsActionData | undefined;
  const choices = result?.choices ?? loaderData.choices;
  const days = result ? result.days : String(loaderData.choices?.find((c) => c.evento === "vencimento")?.dias ?? "");
  const errors = [
    ...(result?.daysError ? [{ fieldId: "dias", message: result.daysError }] : []),
    ...(result?.formError ? [{ fieldId: "", message: result.formError }] : []),
  ];
  /** The checkbox column of one channel (e-mail, app), each box named for its event. */
  const channelColumn = (channel: "email" | "app") => ({
    header: t(`col.${channel}`),
    cell: (c: NonNullable<typeof choices>[number]) => (
      <input
        type="checkbox"
        id={`${c.evento}.${channel}`}
        name={`${c.evento}.${channel}`}
        defaultChecked={c[channel]}
        aria-label={t(`${channel}_for`, { event: t(`events.${c.evento}`) })}
      />
    ),
  });
  return (
    <div className="page account-screen">
      <ErrorTitle show={errors.length > 0} prefix={loaderData.errorPrefix} title={loaderData.plainTitle} />
      <h1>{t("heading")}</h1>
      <StatusMessage message={loaderData.done && !result ? t("saved") : null} />
      <ErrorSummary errors={errors} />
      <p>{t("intro")}</p>
      {choices ? (
        <Form method="post" noValidate>
          <AccountTable
            caption={t("caption")}
            rows={choices}
            rowKey={(c) => c.evento}
            columns={[
              { header: t("col.event"), rowHeader: true, id: (c) => `evento-${c.evento}`, cell: (c) => t(`events.${c.evento}`) },
              channelColumn("email"),
              channelColumn("app"),
            ]}
          />
          <FieldFrame
            id="dias"
            label={t("days_label")}
            description={t("days_hint", { min: DUE_DAYS_MIN, max: DUE_DAYS_MAX })}
            error={result?.daysError}
          >
            {(describedBy) => (
              <input
                id="dias"
                name="dias"
                type="text"
                inputMode="numeric"
                size={3}
                defaultValue={days}
                aria-describedby={describedBy}
                aria-invalid={result?.daysError ? true : undefined}
              />
            )}
          </FieldFrame>
          <button type="submit" className="button">
            {t("save")}
          </button>
        </Form>
      ) : (
        <p>{t("failed")}</p>
      )}
      <p>
        <Link to={SAVED_PATH}>{t("saved_searches")}</Link>
      </p>
    </div>
  );
}
