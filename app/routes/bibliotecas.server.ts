/** Loader orchestration of the library directory ("/bibliotecas", ADR 180). */
import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { getApi } from "~/lib/api/client.server";
import { listCampuses, listLibraries, type Biblioteca, type Campus } from "~/lib/api/directory.server";
import { describeError, type ErrorMessage } from "~/lib/api/errors";

const QuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  campus: z.coerce.number().int().positive().optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(1000).catch(1),
});

export interface DirectoryData {
  q: string;
  campus: number | null;
  pagina: number;
  campuses: Campus[];
  libraries: Biblioteca[];
  total: number;
  pageSize: number;
  error: ErrorMessage | null;
}

/** The libraries the visitor asked for (text, campus, page) and the campuses of the filter. */
export async function loadDirectory(request: Request, context: Readonly<RouterContextProvider>): Promise<DirectoryData> {
  const url = new URL(request.url);
  const query = QuerySchema.parse(Object.fromEntries(url.searchParams));
  const api = getApi(context);
  const base = { q: query.q, campus: query.campus ?? null, pagina: query.pagina };
  try {
    const [campuses, page] = await Promise.all([
      listCampuses(api),
      listLibraries(api, { search_text: query.q || undefined, codCampus: query.campus, page: query.pagina }),
    ]);
    return { ...base, campuses, libraries: page.resultados, total: page.total, pageSize: page.qtd, error: null };
  } catch (e) {
    return { ...base, campuses: [], libraries: [], total: 0, pageSize: 20, error: describeError(e) };
  }
}
