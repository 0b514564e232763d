/** The copies page's loader: every copy (for the library choices) or, with `?cod_unidade`, one library's. */
import { getExemplaresDaUnidade } from "~/lib/api/acervo.server";
import { getExemplares } from "~/lib/api/catalogue.server";
import type { ApiClient } from "~/lib/api/client.server";
import type { Route } from "./+types/exemplares";
import { loadSubPage } from "./index.server";

/** All copies (for the library choices) and, with a library chosen, that library's copies from `?cod_unidade`. */
async function copies(api: ApiClient, id: number, unidade: number | null) {
  const [all, filtered] = await Promise.all([getExemplares(api, id), unidade ? getExemplaresDaUnidade(api, id, unidade) : null]);
  const bibliotecas = [...new Map(all.map((e) => [e.biblioteca.cod_biblioteca, e.biblioteca])).values()];
  return { bibliotecas, exemplares: filtered ?? all };
}

export async function loadCopies({ params, context, request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("cod_unidade");
  const unidade = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const page = await loadSubPage(params, context, "exemplares", (api, id) => copies(api, id, unidade));
  return { ...page, unidade };
}
