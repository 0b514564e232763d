import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { linkHref } from "../../contract/link-url";
import { PRODUCT_NAME } from "~/lib/product";
import type { Route } from "./+types/redireciona";
import { loadExternalAccess } from "./redireciona.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : [];
}

export function loader(args: Route.LoaderArgs) {
  return loadExternalAccess(args);
}

export default function ExternalAccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const { name, url, failed, next } = loaderData;
  return (
    <div className="page">
      <h1>{t("auth.external.heading", { name })}</h1>
      {failed ? (
        <p className="notice notice--error" role="alert">
          {t("auth.external.error", { name })}
        </p>
      ) : (
        <>
          <p>{t("auth.external.intro", { name })}</p>
          <p>
            <a href={linkHref(url) ?? undefined} target="_blank" rel="noopener noreferrer" className="button">
              {t("auth.external.open", { name })} {t("layout.opens_new_window")}
            </a>
          </p>
        </>
      )}
      <p>
        <Link to={next.href}>{next.area ? t("auth.external.continue_area", { product: PRODUCT_NAME }) : t("auth.external.continue_catalogue")}</Link>
      </p>
    </div>
  );
}
