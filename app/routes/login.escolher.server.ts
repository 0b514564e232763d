/**
 * The several-logins chooser (spec §4 "After login, if the person has more than one login, a chooser
 * appears"; ADR 172): the person's logins, and the switch to the chosen one.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import type { PersonLogin } from "~/lib/api/identity/logins";
import { listPersonLogins, switchPersonLogin } from "~/lib/api/identity/logins.server";
import { getT } from "~/lib/i18n.server";
import { privateAreaPath } from "~/lib/product";
import { safeRedirect } from "~/lib/safe-redirect";
import { getSession } from "~/lib/session.server";

type Ctx = Readonly<RouterContextProvider>;

export const CHOOSER_PATH = "/login/escolher";

/** The chooser's address, carrying where the login was going. */
export function chooserPath(destination: string): string {
  return `${CHOOSER_PATH}?destino=${encodeURIComponent(destination)}`;
}

/** True when the signed-in person has more than one login (a failed lookup shows no chooser). */
export async function hasSeveralLogins(context: Ctx): Promise<boolean> {
  try {
    return (await listPersonLogins(getApi(context))).length > 1;
  } catch {
    return false;
  }
}

export interface ChooserData {
  title: string;
  logins: PersonLogin[];
  destination: string;
  /** The login just chosen (the PRG landing after a switch). */
  done: { usuario: string; base: string | null } | null;
}

async function pageData(request: Request, context: Ctx): Promise<ChooserData> {
  const session = getSession(context);
  const url = new URL(request.url);
  if (!session.user) throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  const logins = await listPersonLogins(getApi(context));
  const current = logins.find((l) => l.atual);
  return {
    title: getT(context)("login:chooser.title"),
    logins,
    destination: safeRedirect(url.searchParams.get("destino"), privateAreaPath),
    done: url.searchParams.get("feito") === "1" && current ? { usuario: current.usuario, base: current.base } : null,
  };
}

export async function loadChooser(request: Request, context: Ctx) {
  return data(await pageData(request, context), { headers: { "Cache-Control": "no-store" } });
}

export async function chooseLogin(request: Request, context: Ctx) {
  const page = await pageData(request, context);
  const form = await request.formData();
  const t = getT(context);
  const chosen = page.logins.find((l) => String(l.codigo) === String(form.get("login") ?? ""));
  if (!chosen) return data({ page, error: t("login:chooser.required") }, { status: 400 });
  try {
    const login = await switchPersonLogin(getApi(context), chosen.codigo, chosen.base);
    getSession(context).updateUser({ login: login.usuario, base: login.base });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return data({ page, error: t("login:chooser.invalid") }, { status: 400 });
    throw err;
  }
  return redirect(`${chooserPath(page.destination)}&feito=1`);
}
