/** The accessibility report screen's loader: its title and the conformance report. */
import type { Route } from "./+types/sobre.acessibilidade.relatorio";
import { readAcr } from "~/lib/acr-report.server";
import { getT } from "~/lib/i18n.server";

export async function loadAccessibilityReport({ context }: Route.LoaderArgs) {
  return { title: getT(context)("a11y:report.title"), acr: await readAcr() };
}
