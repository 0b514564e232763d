/** The external base redirect screen's loader: the base's access address and the way on. */
import { data, redirect } from "react-router";
import { ACTIVITY } from "~/lib/activities";
import { isExternalBase } from "../../contract/external-bases";
import { getExternalBaseUrl } from "~/lib/api/acervo.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { EXTERNAL_BASE_NAMES } from "~/lib/external-access";
import { getT } from "~/lib/i18n.server";
import { privateAreaPath } from "~/lib/product";
import { requireUser } from "~/lib/require-user.server";
import type { Route } from "./+types/redireciona";

/**
 * The redirect page (spec §2) after a login whose `redirect` named an external base (spec §4, ADR 095): the
 * base's access address as a link that opens in a new tab (a server cannot open a tab, and a pop-up without
 * a click is blocked), and the way on to the patron's account. Behind login; an unknown base goes on at once.
 */
export async function loadExternalAccess({ request, context }: Route.LoaderArgs) {
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
