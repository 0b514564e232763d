/** The user swap screen's loader (its title) and action (checks the new user name and asks the API to swap). */
import { data, redirect } from "react-router";
import { swapUser } from "~/lib/api/account/declarations.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";
import { historyCookie } from "~/lib/search-history.server";
import { getSession } from "~/lib/session.server";
import { MAX_USER } from "~/schemas/account/user-swap";
import type { Route } from "./+types/troca-usuario";

export function loadUserSwap({ context }: Route.LoaderArgs) {
  return { title: getT(context)("declarations:swap.title") };
}

/**
 * User swap (spec §4): the API ends the session (every token of this login), the portal forgets it, and the
 * login page opens with the other user's name filled in.
 */
export async function userSwapAction({ request, context }: Route.ActionArgs) {
  const t = getT(context);
  const usuario = String((await request.formData()).get("usuario") ?? "").trim();
  const fail = (message: string, status = 400) => data({ usuario, errors: [{ fieldId: "usuario", message }] }, { status });
  if (!usuario) return fail(t("declarations:swap.required"));
  if (usuario.length > MAX_USER) return fail(t("declarations:swap.too_long", { max: MAX_USER }));
  try {
    await swapUser(getApi(context), usuario);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    if (err.code === "mesmo_usuario") return fail(t("declarations:swap.same_user"));
    const m = describeError(err);
    return fail(t(m.key, m.values), err.status === 0 ? 503 : 400);
  }
  const session = getSession(context);
  session.destroy({ revoke: false });
  session.flash("user_swapped");
  // A shared terminal must not show the next person what was searched (ADR 093), as at logout.
  return redirect(`/login?usuario=${encodeURIComponent(usuario)}`, { headers: { "Set-Cookie": historyCookie(null, request) } });
}
