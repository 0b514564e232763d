import type { Route } from "./+types/gru.pdf";
import { gruPdf } from "./gru.server";

/** Resource route: the GRU slip as a tagged PDF download. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return gruPdf(context, params.codGru);
}
