/** Builds the root loader's data: language, preferences, the signed-in user and the public site configuration. */
import type { RouterContextProvider } from "react-router";
import { ACTIVITY } from "./activities";
import { readBasket } from "./basket.server";
import { getUnreadAlertCount } from "./api/account/alerts.server";
import { getApi } from "./api/client.server";
import { sanitizeInstitutionHtml } from "./institution-html.server";
import { getLibraryPages, presenceOf, type LibraryPagesPresence } from "./api/library-pages.server";
import { settle } from "./api/settle.server";
import { parseCookies } from "./cookies";
import { apiLangId, languageDir, type Language } from "./i18n";
import { getLanguage } from "./i18n.server";
import { htmlClassFor, parsePrefs, PREFS_COOKIE, type Prefs } from "./prefs";
import { getSession } from "./session.server";
import { getEnv } from "./env.server";
import { vlibrasOn } from "./vlibras";
import { getSiteConfig, loadLibraryTimeZone, safeExternalUrl, selfServiceUrl, type Guia } from "./site-config.server";

/** Activity codes (spec §6). */

export interface RootData {
  lang: Language;
  dir: "ltr" | "rtl";
  prefs: Prefs;
  htmlClass: string;
  /** The VLibras widget is on this page: the institution offers it and the patron turned Libras on (ADR 256). */
  vlibras: boolean;
  /** The institution offers the VLibras widget (`VLIBRAS=1`), whatever the patron chose: the settings say so. */
  vlibrasOffered: boolean;
  /** `unreadAlerts`: the patron's unread alerts (user bar and account menu); null when it could not be read. */
  user: { firstName: string; canUsePrivateArea: boolean; unreadAlerts: number | null } | null;
  /** The cod_acervo of the titles in the visitor's basket (cookie), for the header count and add buttons. */
  basket: number[];
  /** Null when the API could not be reached (the page shows the 503 message). */
  site: {
    sigla: string;
    nome: string;
    /** Activity codes permitted: the public page configuration plus the patron's permissions. */
    activities: number[];
    guias: Guia[];
    selfServiceUrl: string | null;
    privacyUrl: string | null;
    icapUrl: string | null;
    networkUrl: string | null;
    /** Paper posting is offered: the institution configured its repository (ADR 192). */
    paperPosting: boolean;
    /** The support message, sanitized on the server (allowlist), or null. */
    supportHtml: string | null;
    /** Which of the library's own pages have content (FAQ, general information, events; ADR 194). */
    pages: LibraryPagesPresence;
  } | null;
}

/** The first name for the greeting. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

/** Loads everything the layout needs. `site` is null when the API is down. */
export async function loadRootData(request: Request, context: Readonly<RouterContextProvider>): Promise<RootData> {
  const lang = getLanguage(context);
  const prefs = parsePrefs(parseCookies(request.headers.get("Cookie"))[PREFS_COOKIE]);
  const session = getSession(context);
  const user = session.user;
  let site: RootData["site"] = null;
  // Runs beside the site configuration (one extra in-process call per page for a signed-in patron).
  // An expired session is handled by the page's own calls; here the count is simply not shown.
  const unread = user ? settle(getUnreadAlertCount(getApi(context))).catch(() => ({ ok: false }) as const) : null;
  // The library's own pages, beside the configuration; when they cannot be read their links are not shown.
  const pages = getLibraryPages(getApi(context), String(apiLangId(lang)))
    .then(presenceOf)
    .catch(() => ({ informacoes: false, faq: false, eventos: false }));
  try {
    const config = await getSiteConfig(getApi(context), String(apiLangId(lang)));
    const activities = [...new Set([...config.activities, ...(user?.permissions ?? [])])];
    const support = config.instituicao.msg_suporte_consulta?.trim();
    site = {
      sigla: config.instituicao.sigla ?? "",
      nome: config.instituicao.nome ?? config.instituicao.sigla ?? "",
      activities,
      guias: config.guias,
      selfServiceUrl: selfServiceUrl(config, lang),
      privacyUrl: safeExternalUrl(config.instituicao.link_lgpd),
      icapUrl: safeExternalUrl(config.instituicao.link_icap),
      networkUrl: safeExternalUrl(config.instituicao.link_rede),
      paperPosting: Boolean(safeExternalUrl(config.instituicao.link_repositorio)),
      supportHtml: support ? sanitizeInstitutionHtml(support) || null : null,
      pages: await pages,
    };
  } catch (err) {
    console.error("[estante] site configuration unavailable:", err instanceof Error ? err.message : err);
  }
  return {
    lang,
    dir: languageDir(lang),
    prefs,
    htmlClass: htmlClassFor(prefs),
    vlibras: vlibrasOn(getEnv().VLIBRAS, prefs.libras),
    vlibrasOffered: getEnv().VLIBRAS,
    user: user
      ? {
          firstName: firstName(user.nome_pessoa),
          canUsePrivateArea: user.permissions.includes(ACTIVITY.PRIVATE_AREA) || Boolean(site?.activities.includes(ACTIVITY.PRIVATE_AREA)),
          unreadAlerts: await unreadCount(unread),
        }
      : null,
    basket: readBasket(request),
    site,
  };
}

/** Paper posting is offered (the institution configured its repository; ADR 192). */
export async function paperPostingOn(context: Readonly<RouterContextProvider>): Promise<boolean> {
  const config = await getSiteConfig(getApi(context), String(apiLangId(getLanguage(context))));
  return Boolean(safeExternalUrl(config.instituicao.link_repositorio));
}

async function unreadCount(p: Promise<{ ok: true; value: number } | { ok: false }> | null): Promise<number | null> {
  const r = p ? await p : null;
  return r?.ok ? r.value : null;
}

/**
 * Whether a signed-in patron may use the private area: activity 8 is on for the site or in the patron's
 * category (the same rule as the header's link; spec §2). The area's layout refuses the route otherwise.
 */
export async function privateAreaOn(context: Readonly<RouterContextProvider>, permissions: readonly number[]): Promise<boolean> {
  if (permissions.includes(ACTIVITY.PRIVATE_AREA)) return true;
  const config = await getSiteConfig(getApi(context), String(apiLangId(getLanguage(context))));
  return config.activities.includes(ACTIVITY.PRIVATE_AREA);
}

/** The library's time zone for this request's times (ADR 226). */
export function libraryTimeZoneOf(context: Readonly<RouterContextProvider>): Promise<string> {
  return loadLibraryTimeZone(getApi(context), String(apiLangId(getLanguage(context))));
}
