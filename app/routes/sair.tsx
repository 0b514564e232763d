import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { data, Form, redirect } from "react-router";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/sair";
import { GoToProvider } from "~/components/identity/GoToProvider";
import { getT } from "~/lib/i18n.server";
import { historyCookie } from "~/lib/search-history.server";
import { getSession } from "~/lib/session.server";
import { ssoLogoutLink } from "~/lib/sso.server";

export function meta({ data, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(data?.title ?? "Sair", matches) }];
}

/**
 * GET /sair never signs out by itself (a cross-site link or <img> could otherwise log a patron out): it shows a
 * confirmation with a POST form. The user menu's logout button posts directly. See ADR 031.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { title: getT(context)("common:meta.logout_title"), signedIn: Boolean(getSession(context).user) };
}

/** Clears the session cookie (the CSRF middleware already refused cross-site posts), then goes home. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = getSession(context);
  // A session begun with single sign-on ends at the provider too (spec §4, ADR 160).
  const providerLogout = await ssoLogoutLink(context, session.data?.sso);
  if (session.user) session.destroy();
  // A shared terminal must not show the next person what was searched (ADR 093).
  const headers = { "Set-Cookie": historyCookie(null, request) };
  if (providerLogout) return data({ providerLogout }, { headers });
  return redirect("/", { headers });
}

export default function Logout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  if (actionData?.providerLogout) {
    return <GoToProvider link={actionData.providerLogout} title={t("sso:leaving.title")} heading={t("sso:leaving.heading")} text={t("sso:leaving.text")} linkText={t("sso:leaving.link")} />;
  }
  return (
    <div className="page">
      <h1>{t("auth.logout_heading")}</h1>
      {loaderData.signedIn ? (
        <Form method="post" reloadDocument>
          <p>{t("auth.logout_question")}</p>
          <p className="actions">
            {/* A named control: Lynx sends a form with no named control as a GET (ADR 151). */}
            <button type="submit" name="intent" value="logout" className="button">
              {t("auth.logout_confirm")}
            </button>{" "}
            <Link to="/" className="button button--secondary">
              {t("auth.logout_cancel")}
            </Link>
          </p>
        </Form>
      ) : (
        <p>
          {t("auth.logout_not_signed_in")} <Link to="/">{t("errors.home")}</Link>
        </p>
      )}
    </div>
  );
}
