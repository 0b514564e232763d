/** The paper posting screen's loader (404 when the library has it off) and action (the posting system's link, or why not). */
import { data } from "react-router";
import { paperPostingUrl } from "~/lib/api/account/declarations.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";
import { paperPostingOn } from "~/lib/root-data.server";
import type { Route } from "./+types/postagem-trabalho";

/** Paper posting exists only where the institution configured its repository (otherwise no menu item, and 404 here). */
export async function loadPaperPosting({ context }: Route.LoaderArgs) {
  if (!(await paperPostingOn(context))) throw data(null, { status: 404 });
  return { title: getT(context)("declarations:posting.title") };
}

/**
 * Hands the patron over to the institutional repository (spec §7 `POST /postagem-trabalho/redirect`). The answer is
 * a page that goes on by itself: a form's POST cannot redirect off-site under the CSP's form-action 'self'.
 */
export async function paperPostingAction({ context }: Route.ActionArgs) {
  const t = getT(context);
  try {
    return { link: await paperPostingUrl(getApi(context)), error: null };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    const m = err.code === "postagem_indisponivel" ? { key: "declarations:posting.unavailable", values: {} } : describeError(err);
    return data({ link: null, error: t(m.key, m.values) }, { status: err.status === 0 ? 503 : 400 });
  }
}
