import { PageTitle } from "~/components/profile/PageTitle";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/use-translation";
import { data, redirect, useNavigation } from "react-router";
import { Link } from "~/components/ui/Link";
import type { Route } from "./+types/login";
import { LoginForm, loginModeOf, loginPath, type LoginMode } from "~/components/identity/LoginForm";
import { ACTIVITY } from "~/lib/activities";
import { isExternalBase } from "~/lib/api/acervo.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { createAuthenticator, LIBRARY_BLOCK_CODE } from "~/lib/auth.server";
import { externalAccessPath } from "~/lib/external-access";
import { apiLangId } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { privateAreaPath } from "~/lib/product";
import { sanitizeInstitutionHtml } from "~/lib/root-data.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { getSession, type FlashKey } from "~/lib/session.server";
import { getSiteConfig, isOn, type SiteConfig } from "~/lib/site-config.server";
import { loginSchemaFor, LoginUsernameSchema } from "~/schemas/login";
import { chooserPath, hasSeveralLogins } from "./login.escolher.server";
import { accountsFor, categoriesOf, duplicateStep, variantOf, type LoginVariant, type VariantState } from "./login.variants.server";
import { recoveryOffered } from "./recuperar-senha.server";
import type { SsoOptions } from "~/components/identity/SsoLoginOptions";
import { ssoOptionsOf, startOidcLogin } from "~/lib/sso.server";
import "./login.css";

export interface LoginPageData {
  title: string;
  redirectParam: string | null;
  backTo: string;
  flash: FlashKey | null;
  /** The user name a user swap (spec §4) hands over, filled in. */
  usernamePrefill: string | null;
  /** The forgot-password flow is offered (spec §2: mode 2 and crypt 4). */
  recoveryOffered: boolean;
  messageHtml: string | null;
  showGoTo: boolean;
  goToDefault: "area" | "catalogo";
  /** Single sign-on offered (ADR 160): OIDC by an e-mail as username, SAML by the institutional login button. */
  sso: SsoOptions;
  /** Activity 1120: the captcha widget is shown (with JS; ADR 170). */
  captchaOn: boolean;
  /** The institution's login variant (spec §5, ADR 173). */
  variant: LoginVariant;
  separator: string;
  /** The categories to choose from under the category variant (spec §5; names from the library, ADR 173). */
  categories: Array<{ codigo: string; descricao: string }>;
  /** Full page, embedded (no site chrome) or in the header's dialog (spec §1; ADR 174). */
  mode: LoginMode;
  /** Activity 107: the login may be shown in a dialog; without it the dialog shows alternate content (spec §6). */
  modalAllowed: boolean;
  /** Embedded only: the patron is signed in (the frame offers the way on, ADR 174). */
  signedIn: boolean;
}

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
    return { message: reason ? t("identity:login.blocked_by_library", { reason }) : t("identity:login.blocked_by_library_no_reason"), recover: false };
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

/** Where a login asked for by `redirect` goes: an external base's redirect page (ADR 095), or a same-origin path. */
function destinationOf(redirectParam: string): string {
  return isExternalBase(redirectParam) ? externalAccessPath(redirectParam) : safeRedirect(redirectParam, "/");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await pageData(request, context);
  if (getSession(context).user) {
    // Embedded, the frame says the patron is signed in and links on (the page around it is not the portal's).
    if (page.mode === "embed") return { ...page, signedIn: true, backTo: page.redirectParam ? destinationOf(page.redirectParam) : privateAreaPath };
    throw redirect(page.redirectParam ? destinationOf(page.redirectParam) : privateAreaPath);
  }
  return page;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.clone().formData();
  const page = await pageData(request, context);
  const t = getT(context);
  const showPassword = form.get("showPassword") === "1";
  // No-JS "show password" toggle: re-render the form (this POST response only) with the password visible.
  if (form.get("intent") === "toggle-password") {
    return data(
      { attempt: crypto.randomUUID(), page, result: null, showPassword: !showPassword, values: { username: String(form.get("username") ?? ""), password: String(form.get("password") ?? ""), categoria: String(form.get("categoria") ?? "") } },
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
      return data({ attempt: crypto.randomUUID(), page, result: first.reply(), showPassword, values: keep, ...variant }, { status: 400 });
    }
    const variant: VariantState = { step: "senha", accounts: await accountsFor(context, first.value.username), accountError: null };
    return data({ attempt: crypto.randomUUID(), page, result: null, showPassword, values: keep, ...variant }, { headers: { "Cache-Control": "no-store" } });
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
    return data({ attempt: crypto.randomUUID(), page, result: submission.reply({ hideFields: ["password"] }), showPassword, values: keep, captchaError, goToError, ...variant }, { status: 400 });
  }
  try {
    // The category variant: the user joined to the chosen category code (spec §5, ADR 173).
    const loginName = dup?.loginName ?? (page.variant === "categoria" && submission.value.categoria ? `${submission.value.username}${page.separator}${submission.value.categoria}` : undefined);
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
      return data({ attempt: crypto.randomUUID(), page, result: submission.reply({ hideFields: ["password"] }), showPassword, values: keep, captchaError, ...variant }, { status: 400 });
    }
    const failure = loginFailure(err, t);
    return data(
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

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const page = actionData?.page ?? loaderData;
  const flashRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The result of the password recovery is where focus starts.
    if (page.flash === "password_changed" || page.flash === "user_swapped") flashRef.current?.focus();
  }, [page.flash]);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && Boolean(navigation.formAction?.startsWith("/login"));

  if (page.signedIn) {
    // Embedded and signed in: the way on opens in the whole window, not in the frame (ADR 174).
    return (
      <div className="page login-page login-page--embed">
        <PageTitle title={page.title} failed={false} />
        <h1>{t("auth.heading")}</h1>
        <p className="notice notice--success" role="status">
          {t("login:embed.signed_in")}
        </p>
        <p>
          <Link to={page.backTo} target="_top" reloadDocument className="button">
            {t("login:embed.continue")}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className={`page login-page${page.mode === "embed" ? " login-page--embed" : ""}`}>
      <h1>{t("auth.heading")}</h1>
      {page.flash === "session_expired" ? (
        <p className="notice notice--warning" role="status">
          {t("auth.session_expired")}
        </p>
      ) : null}
      {page.flash === "password_changed" ? (
        <p className="notice notice--success" role="status" tabIndex={-1} ref={flashRef}>
          {t("identity:recovery.done")}
        </p>
      ) : null}
      {page.flash === "user_swapped" ? (
        <p className="notice notice--success" role="status" tabIndex={-1} ref={flashRef}>
          {t("declarations:swap.done")}
        </p>
      ) : null}
      {page.flash === "logged_out" ? (
        <p className="notice" role="status">
          {t("auth.logged_out")}
        </p>
      ) : null}
      <LoginForm
        page={page}
        actionData={actionData}
        // Embedded, the answer to a post stays embedded.
        action={page.mode === "embed" ? loginPath("embed", page.redirectParam) : undefined}
        submitting={submitting}
      />
    </div>
  );
}
