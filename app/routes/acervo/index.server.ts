/** Loader orchestration of the title page ("/acervo/:codAcervo"). */
import { data, redirect, type RouterContextProvider } from "react-router";
import {
  getAcervoDetail,
  getAcervoPage,
  getEditions,
  getPermissoes,
  getSimilar,
  getTitulosAdicionais,
  openRestrictedLink,
  type AcervoDetail,
  type Permissoes,
  type TituloAdicional,
  type Fasciculo,
  type RelatedTitle,
} from "~/lib/api/acervo.server";
import { getExemplares, type Exemplar } from "~/lib/api/catalogue.server";
import { getComments, type CommentsSectionData } from "~/lib/api/comments.server";
import { getHoldOptions, getUnits } from "~/lib/api/requests.server";
import { holdRefusalOf, type HoldRefusalView } from "~/lib/api/hold-refusal";
import { getApi, type ApiClient } from "~/lib/api/client.server";
import { ApiError, describeError, pageStatusFor, type ErrorMessage } from "~/lib/api/errors";
import { getI18n } from "~/lib/i18n.server";
import { displayNames } from "~/lib/i18n";
import { getSession } from "~/lib/session.server";
import { qrCodeSvg } from "~/lib/qr-code.server";

/** What the route's ErrorBoundary receives in `error.data` (never a raw API error). */
export interface AcervoErrorData {
  pageTitle: string;
  /** The spec §8 message; absent for "not found". */
  message?: ErrorMessage;
}

export interface AcervoData {
  acervo: AcervoDetail;
  /** null when the permissions could not be loaded (no actions are offered). */
  permissoes: Permissoes | null;
  titulosAdicionais: TituloAdicional[];
  /** The comments section (list + libraries); null when it could not be loaded. */
  comentarios: CommentsSectionData | null;
  /** null when the copies could not be loaded (the title is still shown). */
  exemplares: Exemplar[] | null;
  /** A periodical's latest received issues (empty for other titles, or when the API does not embed them). */
  ultimosFasciculos: Fasciculo[];
  /** Other editions of the title's work (ADR 244); empty when it has none or they could not be loaded. */
  edicoes: RelatedTitle[];
  /** More like this (ADR 244); empty when there are none or they could not be loaded. */
  semelhantes: RelatedTitle[];
  /** The language's name in the page language ("português", "Portuguese"…). */
  idioma: string | null;
  pageTitle: string;
}

/** Parses the URL id: only a positive decimal integer names a title. */
export function parseCodAcervo(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,14}$/.test(raw)) return null;
  return Number(raw);
}

/** Loads the title with its copies, permissions, additional titles and comments; 404 for an unknown or malformed id. */
export async function loadAcervo(params: { codAcervo?: string }, context: Readonly<RouterContextProvider>): Promise<AcervoData> {
  const i18n = getI18n(context);
  const t = i18n.t;
  const notFound = () => data<AcervoErrorData>({ pageTitle: t("catalogue:meta.notFound") }, { status: 404, statusText: "Not Found" });

  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw notFound();

  const api = getApi(context);
  // Two calls: the title with its parts embedded (?incluir=) and the libraries of the comment form. A part the
  // API did not embed (another backend may ignore ?incluir=) is loaded with its own call, as before (ADR 210).
  const libraries = getUnits(api);
  libraries.catch(() => undefined);
  const [page] = await Promise.allSettled([getAcervoPage(api, id)]);
  if (page.status === "rejected") throw titleError(page.reason, t);
  const acervo = page.value;
  const [exemplares, permissoes, adicionais, comentarios, edicoes, semelhantes] = await Promise.allSettled([
    acervo.exemplares ?? getExemplares(api, id),
    acervo.permissoes ?? getPermissoes(api, id),
    acervo.titulos_adicionais ?? getTitulosAdicionais(api, [id]).then((m) => m.get(id) ?? []),
    Promise.all([acervo.comentarios ?? getComments(api, id), libraries]).then(([comments, units]): CommentsSectionData => ({
      comments,
      libraries: units,
    })),
    acervo.edicoes ?? getEditions(api, id),
    acervo.semelhantes ?? getSimilar(api, id),
  ]);

  const { exemplares: _e, permissoes: _p, titulos_adicionais: _t, comentarios: _c, fasciculos, edicoes: _ed, semelhantes: _s, ...detail } = acervo;
  return {
    acervo: detail,
    permissoes: permissoes.status === "fulfilled" ? permissoes.value : null,
    titulosAdicionais: adicionais.status === "fulfilled" ? adicionais.value : [],
    comentarios: comentarios.status === "fulfilled" ? comentarios.value : null,
    exemplares: exemplares.status === "fulfilled" ? exemplares.value : null,
    // No call of its own: the page stays at two calls (ADR 210); a backend that does not embed them shows none.
    ultimosFasciculos: fasciculos ?? [],
    edicoes: edicoes.status === "fulfilled" ? edicoes.value : [],
    semelhantes: semelhantes.status === "fulfilled" ? semelhantes.value : [],
    idioma: languageName(acervo.idioma, acervo.idioma_desc, i18n.language),
    pageTitle: acervo.titulo,
  };
}

/**
 * Why the signed-in patron would be refused a hold on the title (they have it on loan, already hold it…), from
 * `informacoes-iniciais`, so the title page says it instead of offering the hold. Asked only when the page would
 * offer the hold, and only for a signed-in patron (a visitor's hold link leads to the login first); null when
 * nothing stops the hold, or when the answer could not be had (the link is offered, as before).
 */
export async function loadHoldRefusal(
  page: Pick<AcervoData, "acervo" | "permissoes">,
  context: Readonly<RouterContextProvider>,
): Promise<HoldRefusalView | null> {
  if (!page.permissoes?.reserva || !getSession(context).user) return null;
  try {
    return holdRefusalOf(await getHoldOptions(getApi(context), page.acervo.cod_acervo));
  } catch {
    return null;
  }
}

/** The record's permalink (this server's address of the title page) and a QR code of it (ADR 245). */
export function recordLinks(request: Request, codAcervo: number): { permalink: string; qrSvg: string } {
  const permalink = new URL(`/acervo/${codAcervo}`, request.url).href;
  return { permalink, qrSvg: qrCodeSvg(permalink) };
}

/** Names a MARC/ISO 639 language code in the page language, falling back to the API's description. */
export function languageName(code: string | null, description: string | null, uiLanguage: string): string | null {
  if (code && /^[a-z]{2,3}$/.test(code) && !["und", "zxx", "mis"].includes(code)) {
    const key = `${uiLanguage}|${code}`;
    let name = intlLanguageNames.get(key);
    if (name === undefined) {
      name = intlLanguageName(code, uiLanguage);
      if (intlLanguageNames.size >= 2_000) intlLanguageNames.clear();
      intlLanguageNames.set(key, name);
    }
    if (name) return name;
  }
  return description ?? code;
}

/** Intl's names of language codes, per page language and code: ICU's lookup and case mapping cost more than the rest of the title's data (ADR 210). */
const intlLanguageNames = new Map<string, string | null>();

function intlLanguageName(code: string, uiLanguage: string): string | null {
  try {
    const name = displayNames(uiLanguage, { type: "language" }).of(code);
    if (name && name !== code) return name.charAt(0).toLocaleUpperCase(uiLanguage) + name.slice(1);
  } catch {
    // Not a code Intl knows: the API's description is used.
  }
  return null;
}

/** The Response a title route throws for a failed title call: 404 page, or the spec §8 message (502/503). */
function titleError(error: unknown, t: (key: string) => string) {
  if (error instanceof ApiError && error.status === 404)
    return data<AcervoErrorData>({ pageTitle: t("catalogue:meta.notFound") }, { status: 404, statusText: "Not Found" });
  return data<AcervoErrorData>({ pageTitle: t("catalogue:meta.titleError"), message: describeError(error) }, { status: pageStatusFor(error) });
}

/** The title as a sub-page's heading names it. */
export interface TitleHead {
  cod_acervo: number;
  titulo: string;
  subtitulo: string | null;
  autor: string | null;
  chamada: string | null;
  /** A copy is in closed stacks: the title has the "acervo fechado" page. */
  acervoFechado: boolean;
  /** The closed-stacks locations that keep a copy: library and location. */
  closedStacks: Array<{ library: string; location: string | null }>;
}

/**
 * Loads a title sub-page (/acervo/:codAcervo/<page>): the title (for the heading and the 404) and the page's
 * own data, in parallel. A failure of the page's data is a 502/503 with the spec §8 message.
 */
export async function loadSubPage<T>(
  params: { codAcervo?: string },
  context: Readonly<RouterContextProvider>,
  page: string,
  load: (api: ApiClient, id: number) => Promise<T>,
): Promise<{ title: TitleHead; data: T; pageTitle: string }> {
  const t = getI18n(context).t;
  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw data<AcervoErrorData>({ pageTitle: t("catalogue:meta.notFound") }, { status: 404, statusText: "Not Found" });
  const api = getApi(context);
  const [acervo, pageData] = await Promise.allSettled([getAcervoDetail(api, id), load(api, id)]);
  if (acervo.status === "rejected") throw titleError(acervo.reason, t);
  if (pageData.status === "rejected")
    throw titleError(pageData.reason instanceof ApiError && pageData.reason.status === 404 ? new ApiError(500, null) : pageData.reason, t);
  const { cod_acervo, titulo, subtitulo, autor, chamada, acervo_fechado, rota } = acervo.value;
  const closedStacks = rota.filter((r) => r.fechado).map((r) => ({ library: r.desc_biblioteca, location: r.localizacao }));
  return {
    title: { cod_acervo, titulo, subtitulo, autor, chamada, acervoFechado: acervo_fechado, closedStacks },
    data: pageData.value,
    pageTitle: `${t(`acervo:pages.${page}`)}: ${titulo}`,
  };
}

/** Browser, device and OS named from the User-Agent, for the restricted-access log (spec §7). */
export function describeClient(userAgent: string | null): { browser: string | null; device: string | null; os: string | null } {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : null;
  const os = /Windows/.test(ua)
    ? "Windows"
    : /Android/.test(ua)
      ? "Android"
      : /iPhone|iPad/.test(ua)
        ? "iOS"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  const device = ua ? (/Mobi|Android|iPhone/.test(ua) ? "mobile" : /iPad|Tablet/.test(ua) ? "tablet" : "desktop") : null;
  return { browser, device, os };
}

/**
 * The title page's action: opening a restricted online link (POST, intent "acesso"). Logged out, the
 * patron is sent to log in and comes back to the title; signed in, the access is logged by the API and
 * the page gets the address to open.
 */
export async function acervoAction(request: Request, params: { codAcervo?: string }, context: Readonly<RouterContextProvider>) {
  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw data(null, { status: 404 });
  const form = await request.formData();
  const codLink = Number(form.get("cod_link"));
  if (form.get("intent") !== "acesso" || !Number.isInteger(codLink) || codLink <= 0) throw data(null, { status: 400 });
  if (!getSession(context).user) throw redirect(`/login?redirect=${encodeURIComponent(`/acervo/${id}`)}`);
  try {
    // Not a redirect: the CSP's form-action 'self' stops a form submission from being redirected off-site,
    // so the page offers the address as a link (and follows it itself when JS runs).
    return data({
      acesso: { cod_link: codLink, url: await openRestrictedLink(getApi(context), id, codLink, describeClient(request.headers.get("user-agent"))) },
    });
  } catch (error) {
    throw titleError(error, getI18n(context).t);
  }
}

/** The title page's loader: the record, what the patron may do (and why not a hold), and its permalink with QR code. */
export async function loadTitlePage({
  params,
  request,
  context,
}: {
  params: { codAcervo?: string };
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const page = await loadAcervo(params, context);
  return { ...page, holdRefusal: await loadHoldRefusal(page, context), ...recordLinks(request, page.acervo.cod_acervo) };
}

/** The title page's action: opening a restricted online link (login first, then the access is logged). */
export function titlePageAction({
  params,
  request,
  context,
}: {
  params: { codAcervo?: string };
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  return acervoAction(request, params, context);
}
