import { PageTitle } from "~/components/profile/PageTitle";
import { useArrivalFocus } from "~/lib/use-arrival-focus";
import { useTranslation } from "~/framework/use-translation";
import { useNavigation } from "react-router";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/login";
import { LoginForm, loginPath } from "~/components/identity/LoginForm";
import { loadLoginPage, loginAction } from "./login.server";
import "./login.css";

export function loader(args: Route.LoaderArgs) {
  return loadLoginPage(args);
}

export function action(args: Route.ActionArgs) {
  return loginAction(args);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const page = actionData?.page ?? loaderData;
  // The result of the password recovery is where focus starts.
  const { ref: flashRef, autoFocus } = useArrivalFocus<HTMLParagraphElement>(
    page.flash === "password_changed" || page.flash === "user_swapped" ? page.flash : null,
  );
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && Boolean(navigation.formAction?.startsWith("/login"));

  if (page.signedIn) {
    // Embedded and signed in: the way on opens in the whole window, not in the frame (ADR 174).
    return (
      <div className="page login-page login-page--embed">
        <PageTitle title={page.title} failed={false} />
        <h1>{t("auth.heading")}</h1>
        <p className="notice notice--success" role="status">
          {t("login:embed.signed_in")}
        </p>
        <p>
          <Link to={page.backTo} target="_top" reloadDocument className="button">
            {t("login:embed.continue")}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className={`page login-page${page.mode === "embed" ? " login-page--embed" : ""}`}>
      <h1>{t("auth.heading")}</h1>
      {page.flash === "session_expired" ? (
        <p className="notice notice--warning" role="status">
          {t("auth.session_expired")}
        </p>
      ) : null}
      {page.flash === "password_changed" ? (
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the result's focus on a page load (WCAG 2.4.3, 4.1.3)
        <p className="notice notice--success" role="status" tabIndex={-1} ref={flashRef} autoFocus={autoFocus}>
          {t("identity:recovery.done")}
        </p>
      ) : null}
      {page.flash === "user_swapped" ? (
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the result's focus on a page load (WCAG 2.4.3, 4.1.3)
        <p className="notice notice--success" role="status" tabIndex={-1} ref={flashRef} autoFocus={autoFocus}>
          {t("declarations:swap.done")}
        </p>
      ) : null}
      {page.flash === "logged_out" ? (
        <p className="notice" role="status">
          {t("auth.logged_out")}
        </p>
      ) : null}
      <LoginForm
        page={page}
        actionData={actionData}
        // Embedded, the answer to a post stays embedded.
        action={page.mode === "embed" ? loginPath("embed", page.redirectParam) : undefined}
        submitting={submitting}
      />
    </div>
  );
}
