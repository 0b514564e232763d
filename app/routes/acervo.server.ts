/** Loader orchestration of the title page ("/acervo/:codAcervo"). */
import { data, type RouterContextProvider } from "react-router";
import { getAcervo, getExemplares, type Acervo, type Exemplar } from "~/lib/api/catalogue.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, type ErrorMessage } from "~/lib/api/errors";
import { getI18n } from "~/lib/i18n.server";

/** What the route's ErrorBoundary receives in `error.data` (never a raw API error). */
export interface AcervoErrorData {
  pageTitle: string;
  /** The spec §8 message; absent for "not found". */
  message?: ErrorMessage;
}

export interface AcervoData {
  acervo: Acervo;
  /** null when the copies could not be loaded (the title is still shown). */
  exemplares: Exemplar[] | null;
  /** The language's name in the page language ("português", "Portuguese"…). */
  idioma: string | null;
  pageTitle: string;
}

/** Parses the URL id: only a positive decimal integer names a title. */
export function parseCodAcervo(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,14}$/.test(raw)) return null;
  return Number(raw);
}

/** Loads the title and its copies in parallel; 404 for an unknown or malformed id. */
export async function loadAcervo(params: { codAcervo?: string }, context: Readonly<RouterContextProvider>): Promise<AcervoData> {
  const i18n = getI18n(context);
  const t = i18n.t;
  const notFound = () => data<AcervoErrorData>({ pageTitle: t("catalogue:meta.notFound") }, { status: 404, statusText: "Not Found" });

  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw notFound();

  const api = getApi(context);
  const [acervo, exemplares] = await Promise.allSettled([getAcervo(api, id), getExemplares(api, id)]);
  if (acervo.status === "rejected") {
    const error = acervo.reason;
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw data<AcervoErrorData>(
      { pageTitle: t("catalogue:meta.titleError"), message: describeError(error) },
      { status: error instanceof ApiError && error.status > 0 ? 502 : 503 },
    );
  }

  return {
    acervo: acervo.value,
    exemplares: exemplares.status === "fulfilled" ? exemplares.value : null,
    idioma: languageName(acervo.value.idioma, acervo.value.idioma_desc, i18n.language),
    pageTitle: acervo.value.titulo,
  };
}

/** Names a MARC/ISO 639 language code in the page language, falling back to the API's description. */
export function languageName(code: string | null, description: string | null, uiLanguage: string): string | null {
  if (code && /^[a-z]{2,3}$/.test(code) && !["und", "zxx", "mis"].includes(code)) {
    try {
      const name = new Intl.DisplayNames([uiLanguage], { type: "language" }).of(code);
      if (name && name !== code) return name.charAt(0).toLocaleUpperCase(uiLanguage) + name.slice(1);
    } catch {
      // Not a code Intl knows: use the API's description below.
    }
  }
  return description ?? code;
}
