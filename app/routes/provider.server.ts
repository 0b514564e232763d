/** The external content provider pages (/grupoa, /pearson): who may open them, and the redirect to the provider. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getExternalBaseUrl, getGrupoAUrl } from "~/lib/api/acervo.server";
import { getApi } from "~/lib/api/client.server";
import { getI18n } from "~/lib/i18n.server";
import { getSession } from "~/lib/session.server";

export type Provider = "grupoa" | "pearson";

/** The page's data: only whether a patron is signed in (the address is made on demand, by POST). */
export function loadProvider(context: Readonly<RouterContextProvider>): { signedIn: boolean } {
  return { signedIn: getSession(context).user !== null };
}

const NAME_KEYS = { grupoa: "acervo:providers.grupoa.name", pearson: "acervo:providers.pearson.name" } as const;

/** The loader of a provider's page: whether a patron is signed in, and the page's title (the provider's name). */
export function loadProviderPage(provider: Provider, context: Readonly<RouterContextProvider>): { signedIn: boolean; pageTitle: string } {
  return { ...loadProvider(context), pageTitle: getI18n(context).t(NAME_KEYS[provider]) };
}

/**
 * POST: logged out, go to login and come back here; signed in, ask the API for a personal access
 * address for the page to open. A failure answers 502 with an error flag.
 */
export async function openProvider(provider: Provider, context: Readonly<RouterContextProvider>) {
  const session = getSession(context);
  if (!session.user) throw redirect(`/login?redirect=${encodeURIComponent(`/${provider}`)}`);
  const api = getApi(context);
  try {
    const url = provider === "grupoa" ? await getGrupoAUrl(api, session.data?.sid ?? "") : await getExternalBaseUrl(api, "pearson");
    // Offered as a link, not redirected: the CSP's form-action 'self' blocks off-site redirects of a form post.
    return data({ url });
  } catch {
    return data({ error: true }, { status: 502 });
  }
}
