/**
 * Resource route: the search box's suggestions as the patron types (issue 28). The browser cannot call the API
 * with the public token, so the portal asks `GET /api/consulta/autocompletar` and passes the list on. Bad input
 * answers 400; fewer than two letters answers no suggestions without asking the API.
 */
import { z } from "zod";
import type { Route } from "./+types/autocompletar";
import { getApi } from "~/lib/api/client.server";
import { getAutocomplete } from "~/lib/api/autocomplete.server";
import { AUTOCOMPLETE_MIN_CHARS, AUTOCOMPLETE_TEXT_MAX } from "../../contract/autocomplete";

const Query = z.object({
  termo: z.string().max(AUTOCOMPLETE_TEXT_MAX),
  tipo: z.enum(["livre", "titulo", "assunto", "autor"]).default("livre"),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = Query.safeParse({ termo: url.searchParams.get("termo") ?? undefined, tipo: url.searchParams.get("tipo") || undefined });
  if (!parsed.success) return Response.json({ sugestoes: [] }, { status: 400, headers: { "Cache-Control": "no-store" } });
  const { termo, tipo } = parsed.data;
  if (termo.trim().length < AUTOCOMPLETE_MIN_CHARS) return Response.json({ sugestoes: [] }, { headers: { "Cache-Control": "private, max-age=60" } });
  const body = await getAutocomplete(getApi(context), termo, tipo);
  return Response.json(body, { headers: { "Cache-Control": "private, max-age=60" } });
}
