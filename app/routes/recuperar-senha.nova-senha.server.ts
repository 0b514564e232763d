/** The password recovery's new-password step: its loader and action, over the recovery's shared flow. */
import type { Route } from "./+types/recuperar-senha.nova-senha";
import { loadPasswordPage, passwordAction } from "./recuperar-senha.server";

export async function loadNewPasswordPage({ request, context }: Route.LoaderArgs) {
  return loadPasswordPage(request, context);
}

export async function newPasswordAction({ request, context }: Route.ActionArgs) {
  return passwordAction(request, context);
}
