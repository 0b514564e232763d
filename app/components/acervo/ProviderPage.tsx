import { Form, useLocation } from "react-router";
import { LoginLink } from "~/components/identity/LoginLink";
import { useTranslation } from "~/framework/use-translation";
import { AccessReady } from "./AccessReady";

/**
 * An external content provider's page: what it is and a button that opens it. Signed in, a POST form asks
 * for a personal access address; logged out, a way to log in and come back (with JS, the login dialog).
 */
export function ProviderPage({
  provider,
  signedIn,
  failed,
  url,
}: {
  provider: "grupoa" | "pearson";
  signedIn: boolean;
  failed: boolean;
  url?: string;
}) {
  const { t } = useTranslation("acervo");
  const { pathname } = useLocation();
  const name = t(`providers.${provider}.name`);
  return (
    <article className="title-page provider-page">
      <h1>{name}</h1>
      <p>{t(`providers.${provider}.intro`)}</p>
      <p>{t("providers.howTo")}</p>
      {url ? <AccessReady url={url} descricao={name} /> : null}
      {failed ? (
        <p className="notice notice--error" role="alert">
          {t("providers.error")}
        </p>
      ) : null}
      {signedIn ? (
        <Form method="post">
          <button type="submit">{t("providers.open", { name })}</button>
        </Form>
      ) : (
        <p>
          {/* With JS the login opens in a dialog and the patron stays here (ADR 174). */}
          <LoginLink here={pathname} label={t("providers.login", { name })} />
        </p>
      )}
    </article>
  );
}
