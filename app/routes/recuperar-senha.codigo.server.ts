/** The password recovery's code step: its loader and action, over the recovery's shared flow. */
import type { Route } from "./+types/recuperar-senha.codigo";
import { codeAction, loadCodePage } from "./recuperar-senha.server";

export async function loadRecoveryCodePage({ request, context }: Route.LoaderArgs) {
  return loadCodePage(request, context);
}

export async function recoveryCodeAction({ request, context }: Route.ActionArgs) {
  return codeAction(request, context);
}
