import { useArrivalFocus } from "~/lib/use-arrival-focus";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/alertas";
import { ListFrame } from "~/components/account/ListFrame";
import { pageTitle } from "~/components/search/page-title";
import { alertsAction, loadAlertsPage } from "./alertas.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAlertsPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return alertsAction(request, context);
}

/** The patron's alerts, newest first: each one's words, date and state, with "mark read" and "remove". */
export default function AlertsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  const { alerts, done, unread } = loaderData;
  const { ref: status, autoFocus } = useArrivalFocus<HTMLParagraphElement>(done);
  return (
    <div className="page account">
      <h1>{t("heading")}</h1>
      {done ? (
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the result's focus on a page load (WCAG 2.4.3, 4.1.3)
        <p className="notice" role="status" tabIndex={-1} ref={status} autoFocus={autoFocus}>
          {t(`done.${done}`)}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="notice notice--warning" role="alert">
          {t(actionData.error, actionData.values ?? {})}
        </p>
      ) : null}
      {alerts ? <p>{t("unread", { count: unread })}</p> : null}
      <ListFrame items={alerts} failed={t("failed")} empty={t("empty")}>
        {(items) => (
          <ul className="account-alerts">
            {items.map((a) => {
              return (
                <li key={a.id} className={a.read ? "account-alert" : "account-alert account-alert--unread"}>
                  <p className="account-alert__state">
                    <strong>{a.read ? t("read") : t("unread_badge")}</strong> · {a.date}
                  </p>
                  <p id={`alerta-${a.id}`} className="account-alert__text">
                    {a.text}
                    {a.codAcervo !== null ? (
                      <>
                        {" "}
                        <Link to={`/acervo/${a.codAcervo}`}>{t("see_title")}</Link>
                      </>
                    ) : null}
                  </p>
                  <div className="account-actions">
                    {!a.read ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={a.id} />
                        <button type="submit" name="intent" value="lido" className="button button--secondary" aria-describedby={`alerta-${a.id}`}>
                          {t("mark_read")}
                        </button>
                      </Form>
                    ) : null}
                    <Form method="post">
                      <input type="hidden" name="id" value={a.id} />
                      <button type="submit" name="intent" value="remover" className="button button--secondary" aria-describedby={`alerta-${a.id}`}>
                        {t("remove")}
                      </button>
                    </Form>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </ListFrame>
    </div>
  );
}
