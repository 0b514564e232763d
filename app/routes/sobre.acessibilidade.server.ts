/** The accessibility statement screen's loader: its title. */
import type { Route } from "./+types/sobre.acessibilidade";
import { getT } from "~/lib/i18n.server";

export function loadAccessibilityPage({ context }: Route.LoaderArgs) {
  return { title: getT(context)("a11y:page.title") };
}
