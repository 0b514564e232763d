import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/sair";
import { loadLogout, logoutAction } from "./sair.server";
import { GoToProvider } from "~/components/identity/GoToProvider";

export function meta({ data, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(data?.title ?? "Sair", matches) }];
}

export function loader(args: Route.LoaderArgs) {
  return loadLogout(args);
}

export function action(args: Route.ActionArgs) {
  return logoutAction(args);
}

export default function Logout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  if (actionData?.providerLogout) {
    return (
      <GoToProvider
        link={actionData.providerLogout}
        title={t("sso:leaving.title")}
        heading={t("sso:leaving.heading")}
        text={t("sso:leaving.text")}
        linkText={t("sso:leaving.link")}
      />
    );
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
