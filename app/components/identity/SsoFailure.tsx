import { withInstitution } from "~/components/search/page-title";
import { useInstitutionName } from "~/lib/use-root-data";
import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";

/**
 * A single sign-on return that failed (spec §8 external-authentication errors): the message, announced and
 * focused first (as an error summary), and the way back to the login.
 */
export function SsoFailure({ message }: { message: string }) {
  const { t } = useTranslation("sso");
  const institution = useInstitutionName();
  return (
    <div className="page">
      <title>{withInstitution(`${t("common:errors.prefix")} ${t("failed.title")}`, institution)}</title>
      <h1>{t("failed.heading")}</h1>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- focus the message on load, as the error summary does */}
      <div className="error-summary" role="alert" tabIndex={-1} autoFocus aria-labelledby="sso-erro">
        <p id="sso-erro">{message}</p>
      </div>
      <p>{t("failed.help")}</p>
      <p>
        <Link to="/login" className="button">
          {t("failed.back")}
        </Link>
      </p>
    </div>
  );
}
