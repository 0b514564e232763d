import { Form, Link, useLocation } from "react-router";
import { useTranslation } from "~/lib/use-translation";
import { AccessReady } from "./AccessReady";

/**
 * An external content provider's page: what it is and a button that opens it. Signed in, a POST form asks
 * for a personal access address; logged out, a link to log in and come back.
 */
export function ProviderPage({ provider, signedIn, failed, url }: { provider: "grupoa" | "pearson"; signedIn: boolean; failed: boolean; url?: string }) {
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
          <Link to={`/login?redirect=${encodeURIComponent(pathname)}`}>{t("providers.login", { name })}</Link>
        </p>
      )}
    </article>
  );
}
