import { Form } from "react-router";
import { StatusMessage } from "~/components/account/StatusMessage";
import { PageTitle } from "~/components/profile/PageTitle";
import { PROFILE_PATH } from "~/components/profile/paths";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/confirmar-email";
import { confirmAction, loadConfirmation, type ConfirmState } from "./confirmar-email.server";
import "~/components/profile/profile.css";

/** The link carries a token: the page's address must not leave in a Referer to another site (same-origin: the POST keeps its Origin for the CSRF check), nor be kept by a cache. */
export function headers() {
  return { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadConfirmation(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return confirmAction(request, context);
}

/**
 * The page a confirmation link opens (ADR 236). Opening it changes nothing (a GET; mail scanners follow links):
 * it names the new address and offers one button, a POST, that makes the change; or says why the link no
 * longer works. Public: the link works on a device where the patron is not signed in.
 */
export default function ConfirmEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const view: ConfirmState = (actionData as { view: ConfirmState } | undefined)?.view ?? loaderData.view;
  const { title } = loaderData;
  const problem =
    view.state === "invalid" ? "confirm.invalid" : view.state === "expired" ? "confirm.expired" : view.state === "in_use" ? "confirm.in_use" : null;
  return (
    <div className="page profile">
      <PageTitle title={title} failed={Boolean(actionData && problem)} outcome={view.state === "done" ? t("confirm.done") : null} />
      <h1>{title}</h1>
      <StatusMessage message={view.state === "done" ? t("confirm.done") : null} />
      {view.state === "ready" ? (
        <Form method="post" className="profile-form">
          <p>{t("confirm.intro", { email: view.email })}</p>
          <input type="hidden" name="token" value={view.token} />
          <button type="submit" className="button">
            {t("confirm.submit")}
          </button>
        </Form>
      ) : null}
      {problem ? (
        <div className="notice notice--warning" role={actionData ? "alert" : undefined} id="confirmacao-problema">
          <p>{t(problem)}</p>
          {view.state !== "in_use" ? <p>{t("confirm.again")}</p> : null}
        </div>
      ) : null}
      {view.state !== "ready" ? (
        <p>
          <Link to={PROFILE_PATH}>{t("confirm.to_profile")}</Link>
        </p>
      ) : null}
    </div>
  );
}
