import { PageTitle } from "~/components/profile/PageTitle";
import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/saml-response";
import { loadSamlResponse, samlResponseAction } from "./saml-response.server";
import { SsoFailure } from "~/components/identity/SsoFailure";

export function loader(args: Route.LoaderArgs) {
  return loadSamlResponse(args);
}

export function action(args: Route.ActionArgs) {
  return samlResponseAction(args);
}

export default function SamlResponse({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("sso");
  if (actionData) return <SsoFailure message={actionData.message} />;
  return (
    <div className="page">
      <PageTitle title={loaderData.title} failed={false} />
      <h1>{t("response.heading")}</h1>
      <p>{t("response.text")}</p>
      <p>
        <Link to="/login">{t("failed.back")}</Link>
      </p>
    </div>
  );
}
