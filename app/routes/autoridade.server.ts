/** Loader orchestration of the authority pages ("/autoridade/:codAutoridade" and its "/marc"). */
import { data, type RouterContextProvider } from "react-router";
import { getAutoridade } from "~/lib/api/acervo.server";
import type { ApiClient } from "~/lib/api/client.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, pageStatusFor, type ErrorMessage } from "~/lib/api/errors";
import { getI18n } from "~/lib/i18n.server";
import type { Route } from "./+types/autoridade";

/** What the authority routes' ErrorBoundary receives in `error.data`. */
export interface AutoridadeErrorData {
  pageTitle: string;
  message?: ErrorMessage;
}

/** Parses the URL id: only a positive decimal integer names an authority. */
export function parseCodAutoridade(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/** Loads one authority view; 404 for an unknown or malformed id, 502/503 with the spec §8 message otherwise. */
export async function loadAutoridadeView<T>(
  params: { codAutoridade?: string },
  context: Readonly<RouterContextProvider>,
  load: (api: ApiClient, id: number) => Promise<T>,
): Promise<T> {
  const t = getI18n(context).t;
  const notFound = () => data<AutoridadeErrorData>({ pageTitle: t("acervo:authority.notFoundHeading") }, { status: 404, statusText: "Not Found" });
  const id = parseCodAutoridade(params.codAutoridade);
  if (id === null) throw notFound();
  try {
    return await load(getApi(context), id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw data<AutoridadeErrorData>(
      { pageTitle: t("acervo:authority.errorHeading"), message: describeError(error) },
      { status: pageStatusFor(error) },
    );
  }
}

/** The catalogue search that lists every title of an authority: by author, title or subject, as its type says. */
export function authoritySearchHref(tipo: number, cabecalho: string): string {
  const kind = tipo >= 1 && tipo <= 3 ? "autor" : tipo === 4 ? "titulo" : "assunto";
  return `/?${new URLSearchParams({ termo: cabecalho, tipo: kind })}`;
}

/** "/autoridade/:codAutoridade": the authority, the page's title, and the search that lists all its titles. */
export async function loadAutoridadePage({ params, context }: Route.LoaderArgs) {
  const autoridade = await loadAutoridadeView(params, context, getAutoridade);
  const pageTitle = getI18n(context).t("acervo:authority.pageTitle", { cabecalho: autoridade.cabecalho });
  return { autoridade, pageTitle, searchHref: authoritySearchHref(autoridade.tipo, autoridade.cabecalho) };
}
