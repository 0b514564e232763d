/** A title's kardex screen's loader: the title and its issues for the chosen library, year and issue. */
import { getKardexCombos, getKardexData, getKardexItem, getKardexPermissao } from "~/lib/api/acervo.server";
import type { ApiClient } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import type { Route } from "./+types/colecao-kardex";
import { loadSubPage } from "./index.server";

const positive = (v: string | null) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : undefined);

/** The kardex calls of spec §7: permission, then the filters' options, the issues and (when chosen) one issue. */
async function kardex(api: ApiClient, id: number, filter: { codBib?: number; year?: number; seqPar?: number }) {
  if (!(await getKardexPermissao(api, id))) return { permitido: false as const };
  const [combos, fasciculos, item] = await Promise.all([
    getKardexCombos(api, id),
    getKardexData(api, id, filter),
    // An issue of another title (a stale or edited link) just shows the list.
    filter.seqPar
      ? getKardexItem(api, id, filter.seqPar).catch((e: unknown) => (e instanceof ApiError && e.status === 404 ? null : Promise.reject(e)))
      : null,
  ]);
  return { permitido: true as const, combos, fasciculos, item };
}

export async function loadKardex({ params, context, request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams;
  const filter = { codBib: positive(q.get("biblioteca")), year: positive(q.get("ano")), seqPar: positive(q.get("fasciculo")) };
  const page = await loadSubPage(params, context, "kardex", (api, id) => kardex(api, id, filter));
  return { ...page, filter };
}
