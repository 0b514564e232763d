import { PageTitle } from "~/components/profile/PageTitle";
import { useTranslation } from "~/framework/use-translation";
import { data } from "react-router";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/saml-response";
import { SsoFailure } from "~/components/identity/SsoFailure";
import { getT } from "~/lib/i18n.server";
import { completeSso, failureOfCode } from "~/lib/sso.server";

/**
 * The SAML assertion consumer service (spec §2 `/saml-response`): the IdP posts the SAMLResponse here (HTTP-POST
 * binding, a cross-site POST the CSRF checks let through for this path only). The API verifies it against the
 * flow this browser started; success signs the patron in and goes on, a failure shows the spec §8 message.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { title: getT(context)("sso:response.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  const form = await request.formData();
  const saml = form.get("SAMLResponse");
  if (typeof saml !== "string" || !saml) {
    const failure = failureOfCode("sso_token_invalido");
    return data({ message: t(failure.key) }, { status: failure.status });
  }
  const result = await completeSso(request, context, "saml", saml);
  if ("redirect" in result) return result.redirect;
  return data({ message: t(result.failure.key, result.failure.values) }, { status: result.failure.status, headers: result.headers });
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
