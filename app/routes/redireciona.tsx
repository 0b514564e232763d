import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { data, redirect } from "react-router";
import { Link } from "~/framework/Link";
import { ACTIVITY } from "~/lib/activities";
import { getExternalBaseUrl, isExternalBase } from "~/lib/api/acervo.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { EXTERNAL_BASE_NAMES } from "~/lib/external-access";
import { linkHref } from "../../contract/link-url";
import { getT } from "~/lib/i18n.server";
import { privateAreaPath, PRODUCT_NAME } from "~/lib/product";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/redireciona";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : [];
}

/**
 * The redirect page (spec §2) after a login whose `redirect` named an external base (spec §4, ADR 095): the
 * base's access address as a link that opens in a new tab (a server cannot open a tab, and a pop-up without
 * a click is blocked), and the way on to the patron's account. Behind login; an unknown base goes on at once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const next = user.permissions.includes(ACTIVITY.PRIVATE_AREA) ? { href: privateAreaPath, area: true } : { href: "/", area: false };
  const base = new URL(request.url).searchParams.get("base");
  if (!isExternalBase(base)) throw redirect(next.href);
  const name = EXTERNAL_BASE_NAMES[base] ?? base;
  const pageTitle = getT(context)("common:auth.external.title", { name });
  try {
    const url = await getExternalBaseUrl(getApi(context), base);
    return { name, url, failed: false, next, pageTitle };
  } catch (err) {
    // A thrown Response is the redirect to the login page (session expired): let it through.
    if (!(err instanceof ApiError)) throw err;
    return data({ name, url: null, failed: true, next, pageTitle }, { status: err.status === 0 ? 503 : 502 });
  }
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
