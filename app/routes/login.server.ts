/**
 * The login screen's loader and action (spec §2, §4, §5; ADRs 160, 170, 173, 174): the page's data from the site
 * configuration, and a login attempt with its variants, captcha and refusals.
 */
import crypto from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { LoginActionData, LoginPageData, VariantState } from "~/components/identity/login-types";
import { loginModeOf, loginPath } from "~/components/identity/LoginForm";
import { ACTIVITY } from "~/lib/activities";
import { isExternalBase } from "../../contract/external-bases";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { createAuthenticator, LIBRARY_BLOCK_CODE } from "~/lib/auth.server";
import { externalAccessPath } from "~/lib/external-access";
import { apiLangId } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { privateAreaPath } from "~/lib/product";
import { sanitizeInstitutionHtml } from "~/lib/institution-html.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { getSession } from "~/lib/session.server";
import { getSiteConfig, isOn, type SiteConfig } from "~/lib/site-config.server";
import { ssoOptionsOf, startOidcLogin } from "~/lib/sso.server";
import { loginSchemaFor, LoginUsernameSchema } from "~/schemas/login";
import type { Route } from "./+types/login";
import { chooserPath, hasSeveralLogins } from "./login.escolher.server";
import { accountsFor, categoriesOf, duplicateStep, variantOf } from "./login.variants.server";
import { recoveryOffered } from "./recuperar-senha.server";

async function pageData(request: Request, context: Route.LoaderArgs["context"]): Promise<LoginPageData> {
  const url = new URL(request.url);
  const raw = url.searchParams.get("redirect");
  // An external base's name (spec §4) is kept as is; any other unsafe `redirect` (another origin, a scheme,
  // `//host`, `/\host`...) lands on "/", never elsewhere.
  const redirectParam = raw ? (isExternalBase(raw) ? raw : safeRedirect(raw, "/")) : null;
  let config: SiteConfig | null = null;
  try {
    config = await getSiteConfig(getApi(context), String(apiLangId(getLanguage(context))));
  } catch {
    config = null; // the root shows the 503 message
  }
  const msg = config?.instituicao.msg_login?.trim();
  const mode = loginModeOf(url.searchParams);
  return {
    title: getT(context)("common:meta.login_title"),
    redirectParam,
    backTo: redirectParam && !isExternalBase(redirectParam) ? redirectParam : "/",
    // The dialog's data never takes a flash meant for a full page.
    flash: mode === "modal" ? null : getSession(context).takeFlash(),
    usernamePrefill: url.searchParams.get("usuario")?.trim().slice(0, 100) || null,
    messageHtml: msg ? sanitizeInstitutionHtml(msg) || null : null,
    // The "go to" choice (spec §2) when the private area is on, no page asked for the login, and the login is
    // neither embedded nor in a dialog.
    showGoTo: Boolean(config?.activities.includes(ACTIVITY.PRIVATE_AREA)) && !redirectParam && mode === "page",
    goToDefault: isOn(config?.instituicao.destino_padrao_login_catalogo) ? "catalogo" : "area",
    recoveryOffered: recoveryOffered(config),
    sso: ssoOptionsOf(config),
    captchaOn: Boolean(config?.activities.includes(ACTIVITY.CAPTCHA)),
    ...variantOf(config),
    categories: categoriesOf(config),
    mode,
    modalAllowed: Boolean(config?.activities.includes(ACTIVITY.MODAL_LOGIN)),
    signedIn: false,
  };
}

/**
 * The spec §8 login message for a failed login. A patron the library blocked is told the library's reason;
 * a password locked by too many attempts (429, 430 / ACESSO_BLOQUEADO) is pointed at the recovery.
 */
function loginFailure(err: ApiError, t: ReturnType<typeof getT>): { message: string; recover: boolean } {
  if (err.code === LIBRARY_BLOCK_CODE) {
    const reason = err.serverMessage?.trim();
    return {
      message: reason ? t("identity:login.blocked_by_library", { reason }) : t("identity:login.blocked_by_library_no_reason"),
      recover: false,
    };
  }
  const { key, values } = describeError(err, "login");
  return { message: t(key, values), recover: err.status === 429 || key === "common:auth.errors.blocked" };
}

/** The captcha's own message for an API refusal (ADR 170), or null when the failure is about something else. */
function captchaFailure(err: ApiError, t: ReturnType<typeof getT>): string | null {
  if (err.code === "captcha_expirado") return t("login:captcha.expired");
  if (err.code === "captcha_invalido") return t("login:captcha.invalid");
  return null;
}

/** The action's answer when the patron stays on the form (typed, so the form reads exactly what is sent). */
function answer(body: LoginActionData, init?: ResponseInit) {
  return data(body, init);
}

/** Where a login asked for by `redirect` goes: an external base's redirect page (ADR 095), or a same-origin path. */
function destinationOf(redirectParam: string): string {
  return isExternalBase(redirectParam) ? externalAccessPath(redirectParam) : safeRedirect(redirectParam, "/");
}

/** The login page's data; a signed-in patron is sent on (an embedded frame says so instead, ADR 174). */
export async function loadLoginPage({ request, context }: Route.LoaderArgs): Promise<LoginPageData> {
  const page = await pageData(request, context);
  if (getSession(context).user) {
    // Embedded, the frame says the patron is signed in and links on (the page around it is not the portal's).
    if (page.mode === "embed") return { ...page, signedIn: true, backTo: page.redirectParam ? destinationOf(page.redirectParam) : privateAreaPath };
    throw redirect(page.redirectParam ? destinationOf(page.redirectParam) : privateAreaPath);
  }
  return page;
}

/**
 * A login attempt (spec §4, §5): the no-JS password toggle, OIDC by an e-mail, the duplicate-persons and category
 * variants, the captcha and the "go to" choice; a refusal keeps what was typed (never the password).
 */
export async function loginAction({ request, context }: Route.ActionArgs) {
  const form = await request.clone().formData();
  const page = await pageData(request, context);
  const t = getT(context);
  const showPassword = form.get("showPassword") === "1";
  // No-JS "show password" toggle: re-render the form (this POST response only) with the password visible.
  if (form.get("intent") === "toggle-password") {
    return answer(
      {
        attempt: crypto.randomUUID(),
        page,
        result: null,
        showPassword: !showPassword,
        values: {
          username: String(form.get("username") ?? ""),
          password: String(form.get("password") ?? ""),
          categoria: String(form.get("categoria") ?? ""),
        },
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  // Spec §4: an e-mail as username starts OIDC when the institution uses it (ADR 160).
  const oidc = await startOidcLogin(request, context, form);
  if (oidc) return oidc;
  const keep = { username: String(form.get("username") ?? ""), password: "", categoria: String(form.get("categoria") ?? "") };
  // Duplicate persons (spec §5): the user code first, then the account choice and the password (ADR 173).
  const duplicates = page.variant === "pessoas_duplicadas";
  if (duplicates && form.get("intent") === "continue") {
    const first = parseWithZod(form, { schema: LoginUsernameSchema });
    if (first.status !== "success") {
      const variant: VariantState = { step: "usuario", accounts: [], accountError: null };
      return answer({ attempt: crypto.randomUUID(), page, result: first.reply(), showPassword, values: keep, ...variant }, { status: 400 });
    }
    const variant: VariantState = { step: "senha", accounts: await accountsFor(context, first.value.username), accountError: null };
    return answer(
      { attempt: crypto.randomUUID(), page, result: null, showPassword, values: keep, ...variant },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  const dup = duplicates ? await duplicateStep(context, form, page.separator, t) : null;
  const variant: VariantState | Record<string, never> = dup ? { step: dup.step, accounts: dup.accounts, accountError: dup.accountError } : {};
  const submission = parseWithZod(form, { schema: loginSchemaFor(page.variant === "categoria" ? page.categories.map((c) => c.codigo) : null) });
  // The widget was there (JS) but the form went before it finished: spec §5 "Do the Captcha verification!".
  const captchaMissing = page.captchaOn && form.get("captcha_js") === "1" && !form.get("captcha");
  // The "go to" choice is required when shown (spec §5).
  const goToError = page.showGoTo && submission.status === "success" && !submission.value.destino ? t("login:goto.required") : null;
  if (submission.status !== "success" || captchaMissing || dup?.accountError || goToError) {
    const captchaError = captchaMissing ? t("login:captcha.missing") : null;
    return answer(
      {
        attempt: crypto.randomUUID(),
        page,
        result: submission.reply({ hideFields: ["password"] }),
        showPassword,
        values: keep,
        captchaError,
        goToError,
        ...variant,
      },
      { status: 400 },
    );
  }
  try {
    // The category variant: the user joined to the chosen category code (spec §5, ADR 173).
    const loginName =
      dup?.loginName ??
      (page.variant === "categoria" && submission.value.categoria
        ? `${submission.value.username}${page.separator}${submission.value.categoria}`
        : undefined);
    const { tokens, user } = await createAuthenticator(getApi(context), loginName).authenticate("form", request);
    const session = getSession(context);
    // A brand-new session: never reuse what the old cookie held.
    session.destroy();
    session.start({ tokens, user, persistent: submission.value.remember });
    const canUseArea = user.permissions.includes(ACTIVITY.PRIVATE_AREA);
    const requested = submission.value.redirect ? destinationOf(submission.value.redirect) : "";
    const target = requested || (submission.value.destino === "catalogo" ? "/" : canUseArea ? privateAreaPath : "/");
    // A person with several logins first chooses which one to work under (spec §4; ADR 172).
    if (await hasSeveralLogins(context)) return redirect(chooserPath(target));
    // Embedded: the frame shows "signed in" and links on to the target (ADR 174).
    if (page.mode === "embed") return redirect(loginPath("embed", submission.value.redirect || page.redirectParam || target));
    return redirect(target);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const captchaError = captchaFailure(err, t);
    if (captchaError) {
      return answer(
        {
          attempt: crypto.randomUUID(),
          page,
          result: submission.reply({ hideFields: ["password"] }),
          showPassword,
          values: keep,
          captchaError,
          ...variant,
        },
        { status: 400 },
      );
    }
    const failure = loginFailure(err, t);
    return answer(
      {
        attempt: crypto.randomUUID(),
        page,
        result: submission.reply({ formErrors: [failure.message], hideFields: ["password"] }),
        showPassword,
        values: keep,
        // The password is locked (too many attempts): the way out is a new password (spec §8).
        recover: failure.recover && page.recoveryOffered,
        ...variant,
      },
      { status: err.status === 0 ? 503 : 400 },
    );
  }
}
