/** The search box's suggestions (issue 28): `GET /api/consulta/autocompletar` with the public token, passed on. */
import { z } from "zod";
import { getAutocomplete } from "~/lib/api/autocomplete.server";
import { getApi } from "~/lib/api/client.server";
import { AUTOCOMPLETE_MIN_CHARS, AUTOCOMPLETE_TEXT_MAX } from "../../contract/autocomplete";
import type { Route } from "./+types/autocompletar";

const Query = z.object({
  termo: z.string().max(AUTOCOMPLETE_TEXT_MAX),
  tipo: z.enum(["livre", "titulo", "assunto", "autor"]).default("livre"),
});

/** Bad input answers 400; fewer than two letters answers no suggestions without asking the API. */
export async function loadSuggestions({ request, context }: Route.LoaderArgs): Promise<Response> {
  const url = new URL(request.url);
  const parsed = Query.safeParse({ termo: url.searchParams.get("termo") ?? undefined, tipo: url.searchParams.get("tipo") || undefined });
  if (!parsed.success) return Response.json({ sugestoes: [] }, { status: 400, headers: { "Cache-Control": "no-store" } });
  const { termo, tipo } = parsed.data;
  if (termo.trim().length < AUTOCOMPLETE_MIN_CHARS) return Response.json({ sugestoes: [] }, { headers: { "Cache-Control": "private, max-age=60" } });
  const body = await getAutocomplete(getApi(context), termo, tipo);
  return Response.json(body, { headers: { "Cache-Control": "private, max-age=60" } });
}
