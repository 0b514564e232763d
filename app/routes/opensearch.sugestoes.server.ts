/** The browser's search-bar suggestions (OpenSearch, `application/x-suggestions+json`; ADR 255) from the search box's autocomplete. */
import type { Route } from "./+types/opensearch.sugestoes";
import { getApi } from "~/lib/api/client.server";
import { getAutocomplete } from "~/lib/api/autocomplete.server";
import { AUTOCOMPLETE_MIN_CHARS, AUTOCOMPLETE_TEXT_MAX } from "../../contract/autocomplete";

const TYPE = "application/x-suggestions+json; charset=utf-8";

export async function loadBrowserSuggestions({ request, context }: Route.LoaderArgs) {
  const termo = new URL(request.url).searchParams.get("termo") ?? "";
  if (termo.length > AUTOCOMPLETE_TEXT_MAX)
    return new Response(JSON.stringify(["", []]), { status: 400, headers: { "Content-Type": TYPE, "Cache-Control": "no-store" } });
  const headers = { "Content-Type": TYPE, "Cache-Control": "public, max-age=60", "X-Content-Type-Options": "nosniff" };
  if (termo.trim().length < AUTOCOMPLETE_MIN_CHARS) return new Response(JSON.stringify([termo, []]), { headers });
  const { sugestoes } = await getAutocomplete(getApi(context), termo, "livre").catch(() => ({ sugestoes: [] }));
  // The same heading can be a title and a subject: the browser shows each once.
  return new Response(JSON.stringify([termo, [...new Set(sugestoes.map((s) => s.valor))]]), { headers });
}
