import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/use-translation";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { CaptchaField } from "~/components/identity/CaptchaField";
import { DuplicateAccountStep } from "~/components/identity/DuplicateAccountStep";
import { TextField } from "~/components/ui/TextField";
import { ACTIVITY } from "~/lib/activities";
import { isExternalBase } from "~/lib/api/acervo.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { createAuthenticator, LIBRARY_BLOCK_CODE } from "~/lib/auth.server";
import { externalAccessPath } from "~/lib/external-access";
import { apiLangId } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { privateAreaPath, PRODUCT_NAME } from "~/lib/product";
import { sanitizeInstitutionHtml } from "~/lib/root-data.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { getSession, type FlashKey } from "~/lib/session.server";
import { getSiteConfig, isOn, type SiteConfig } from "~/lib/site-config.server";
import { LoginSchema, LoginUsernameSchema } from "~/schemas/login";
import { RECOVERY_PATH } from "~/lib/recovery-path";
import { chooserPath, hasSeveralLogins } from "./login.escolher.server";
import { accountsFor, duplicateStep, variantOf, type LoginVariant, type VariantState } from "./login.variants.server";
import { recoveryOffered } from "./recuperar-senha.server";
import { InstitutionalLogin, isOidcUsername, type SsoOptions } from "~/components/identity/SsoLoginOptions";
import { ssoOptionsOf, startOidcLogin } from "~/lib/sso.server";
import "./login.css";

interface LoginPageData {
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
  return {
    title: getT(context)("common:meta.login_title"),
    redirectParam,
    backTo: redirectParam && !isExternalBase(redirectParam) ? redirectParam : "/",
    flash: getSession(context).takeFlash(),
    usernamePrefill: url.searchParams.get("usuario")?.trim().slice(0, 100) || null,
    messageHtml: msg ? sanitizeInstitutionHtml(msg) || null : null,
    // The "go to" choice (spec §2) when the private area is on and no page asked for the login.
    showGoTo: Boolean(config?.activities.includes(ACTIVITY.PRIVATE_AREA)) && !redirectParam,
    goToDefault: isOn(config?.instituicao.destino_padrao_login_catalogo) ? "catalogo" : "area",
    recoveryOffered: recoveryOffered(config),
    sso: ssoOptionsOf(config),
    captchaOn: Boolean(config?.activities.includes(ACTIVITY.CAPTCHA)),
    ...variantOf(config),
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
  if (getSession(context).user) throw redirect(page.redirectParam ? destinationOf(page.redirectParam) : privateAreaPath);
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
      { attempt: crypto.randomUUID(), page, result: null, showPassword: !showPassword, values: { username: String(form.get("username") ?? ""), password: String(form.get("password") ?? "") } },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  // Spec §4: an e-mail as username starts OIDC when the institution uses it (ADR 160).
  const oidc = await startOidcLogin(request, context, form);
  if (oidc) return oidc;
  const keep = { username: String(form.get("username") ?? ""), password: "" };
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
  const submission = parseWithZod(form, { schema: LoginSchema });
  // The widget was there (JS) but the form went before it finished: spec §5 "Do the Captcha verification!".
  const captchaMissing = page.captchaOn && form.get("captcha_js") === "1" && !form.get("captcha");
  // The "go to" choice is required when shown (spec §5).
  const goToError = page.showGoTo && submission.status === "success" && !submission.value.destino ? t("login:goto.required") : null;
  if (submission.status !== "success" || captchaMissing || dup?.accountError || goToError) {
    const captchaError = captchaMissing ? t("login:captcha.missing") : null;
    return data({ attempt: crypto.randomUUID(), page, result: submission.reply({ hideFields: ["password"] }), showPassword, values: keep, captchaError, goToError, ...variant }, { status: 400 });
  }
  try {
    const { tokens, user } = await createAuthenticator(getApi(context), dup?.loginName).authenticate("form", request);
    const session = getSession(context);
    // A brand-new session: never reuse what the old cookie held.
    session.destroy();
    session.start({ tokens, user, persistent: submission.value.remember });
    const canUseArea = user.permissions.includes(ACTIVITY.PRIVATE_AREA);
    const requested = submission.value.redirect ? destinationOf(submission.value.redirect) : "";
    const target = requested || (submission.value.destino === "catalogo" ? "/" : canUseArea ? privateAreaPath : "/");
    // A person with several logins first chooses which one to work under (spec §4; ADR 172).
    if (await hasSeveralLogins(context)) return redirect(chooserPath(target));
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
  const recover = actionData && "recover" in actionData ? actionData.recover : false;
  const captchaError = actionData && "captchaError" in actionData ? (actionData.captchaError ?? undefined) : undefined;
  // Duplicate persons (ADR 173): the user code alone first, then the account choice and the password.
  const usernameFirst = page.variant === "pessoas_duplicadas";
  const step = actionData && "step" in actionData && actionData.step ? actionData.step : usernameFirst ? "usuario" : "senha";
  const accounts = actionData && "accounts" in actionData ? (actionData.accounts ?? []) : [];
  const accountError = actionData && "accountError" in actionData ? (actionData.accountError ?? undefined) : undefined;
  const goToError = actionData && "goToError" in actionData ? (actionData.goToError ?? undefined) : undefined;
  const flashRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The result of the password recovery is where focus starts.
    if (page.flash === "password_changed" || page.flash === "user_swapped") flashRef.current?.focus();
  }, [page.flash]);
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result ?? undefined,
    // Step 1 of the duplicate-persons variant has the user code alone; an OIDC login needs no password here
    // (the provider asks for it): the server decides (spec §4).
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema:
          step === "usuario"
            ? LoginUsernameSchema.merge(LoginSchema.partial())
            : page.sso.oidc && isOidcUsername(formData.get("username"))
              ? LoginSchema.partial({ password: true })
              : LoginSchema,
      }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [showPassword, setShowPassword] = useState<boolean>(actionData?.showPassword ?? false);
  const [lastServerToggle, setLastServerToggle] = useState(actionData?.showPassword);
  if (actionData?.showPassword !== lastServerToggle) {
    setLastServerToggle(actionData?.showPassword);
    setShowPassword(actionData?.showPassword ?? false);
  }

  const fieldError = (errors: string[] | undefined) => (errors?.[0] ? t(errors[0]) : undefined);
  const usernameError = fieldError(fields.username.errors);
  const passwordError = fieldError(fields.password.errors);
  // Both fields empty: the one spec §5 message "Fill all the fields to login!" (each field still marked).
  const allMissing = fields.username.errors?.[0] === "common:auth.errors.username_required" && fields.password.errors?.[0] === "common:auth.errors.password_required";
  const summary = allMissing
    ? [{ fieldId: "usuario", message: t("auth.errors.all_fields") }, ...(captchaError ? [{ fieldId: "captcha", message: captchaError }] : [])]
    : [
        ...(form.errors ?? []).map((message) => ({ fieldId: "usuario", message })),
        ...(usernameError ? [{ fieldId: "usuario", message: usernameError }] : []),
        ...(passwordError ? [{ fieldId: "senha", message: passwordError }] : []),
        ...(accountError && accounts[0] ? [{ fieldId: `conta-${accounts[0].codigo}`, message: accountError }] : []),
        ...(captchaError ? [{ fieldId: "captcha", message: captchaError }] : []),
        ...(goToError ? [{ fieldId: "destino-area", message: goToError }] : []),
      ];
  const recoveryHref = (username: string | undefined) => (username ? `${RECOVERY_PATH}?usuario=${encodeURIComponent(username)}` : RECOVERY_PATH);
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");

  return (
    <div className="page login-page">
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
      {/* Institution message (spec §2 banner), sanitized on the server. */}
      {page.messageHtml ? <div className="notice prose" dangerouslySetInnerHTML={{ __html: page.messageHtml }} /> : null}
      <title>{`${summary.length > 0 ? `${t("errors.prefix")} ` : ""}${page.title}`}</title>
      <ErrorSummary errors={summary} />
      {recover ? (
        <p className="notice">
          {t("identity:login.recover_now")} <Link to={recoveryHref(actionData?.values.username)}>{t("identity:login.forgot_password")}</Link>
        </p>
      ) : null}
      <p>{t("auth.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="login-form">
        {/* Pressing Enter in a field submits with the first submit button: make that the login, not the toggle. */}
        <button type="submit" name="intent" value={step === "usuario" ? "continue" : "login"} className="visually-hidden" tabIndex={-1} aria-hidden="true">
          {step === "usuario" ? t("login:duplicates.continue") : t("auth.submit")}
        </button>
        {page.redirectParam ? <input type="hidden" name="redirect" value={page.redirectParam} /> : null}
        <input type="hidden" name="showPassword" value={showPassword ? "1" : "0"} />
        {usernameFirst && step === "senha" ? (
          <DuplicateAccountStep
            username={actionData?.values.username ?? ""}
            accounts={accounts}
            error={accountError}
            changeHref={page.redirectParam ? `/login?redirect=${encodeURIComponent(page.redirectParam)}` : "/login"}
          />
        ) : (
          <TextField
            id="usuario"
            name="username"
            label={t("auth.username")}
            autoComplete="username"
            required
            defaultValue={actionData?.values.username ?? page.usernamePrefill ?? undefined}
            error={usernameError}
            description={page.sso.oidc ? t("sso:login.oidc_hint") : undefined}
          />
        )}
        {/* Step 1 of the duplicate-persons variant stops here: the password comes with the account choice. */}
        {step === "senha" ? (
          <>
        <div className="login-form__password">
          <TextField
            // A new input after each attempt, so a refused password is never kept (with JS, too).
            key={actionData?.attempt ?? "senha"}
            id="senha"
            name="password"
            type={showPassword ? "text" : "password"}
            label={t("auth.password")}
            autoComplete="current-password"
            required
            defaultValue={actionData?.values.password || undefined}
            error={passwordError}
          />
          <button
            type="submit"
            name="intent"
            value="toggle-password"
            className="button button--secondary login-form__toggle"
            aria-pressed={showPassword}
            aria-controls="senha"
            onClick={(event) => {
              // With JS the toggle happens in place; the input keeps what was typed.
              event.preventDefault();
              setShowPassword((v) => !v);
            }}
          >
            {t("auth.show_password")}
          </button>
        </div>
        {/* A new widget (and challenge) after each attempt: a challenge is accepted once. */}
        {page.captchaOn ? <CaptchaField key={actionData?.attempt ?? "captcha"} error={captchaError} /> : null}
        {page.recoveryOffered ? (
          <p className="login-form__forgot">
            <Link to={RECOVERY_PATH}>{t("identity:login.forgot_password")}</Link>
          </p>
        ) : null}
        <div className="checkbox">
          <input id="lembrar" type="checkbox" name="remember" value="on" aria-describedby="lembrar-dica" />
          <div>
            <label htmlFor="lembrar">{t("auth.remember")}</label>
            <p className="hint" id="lembrar-dica">
              {t("auth.remember_hint")}
            </p>
          </div>
        </div>
        {page.showGoTo ? (
          <fieldset className={`login-form__goto${goToError ? " field--invalid" : ""}`} aria-describedby={goToError ? "destino-erro" : undefined}>
            <legend>{t("auth.go_to")}</legend>
            {goToError ? (
              <p className="field__error" id="destino-erro">
                <span className="visually-hidden">{t("errors.prefix")} </span>
                {goToError}
              </p>
            ) : null}
            <div className="checkbox">
              <input id="destino-area" type="radio" name="destino" value="area" required defaultChecked={page.goToDefault === "area"} />
              <label htmlFor="destino-area">{t("auth.go_to_private", { product: PRODUCT_NAME })}</label>
            </div>
            <div className="checkbox">
              <input id="destino-catalogo" type="radio" name="destino" value="catalogo" required defaultChecked={page.goToDefault === "catalogo"} />
              <label htmlFor="destino-catalogo">{t("auth.go_to_catalogue")}</label>
            </div>
          </fieldset>
        ) : null}
          </>
        ) : null}
        <div className="login-form__actions">
          {step === "usuario" ? (
            <button type="submit" name="intent" value="continue" className="button">
              {t("login:duplicates.continue")}
            </button>
          ) : (
            <button type="submit" name="intent" value="login" className="button" aria-disabled={submitting || undefined}>
              {submitting ? t("auth.authenticating") : t("auth.submit")}
            </button>
          )}
          <Link to={page.backTo} className="button button--secondary">
            {t("auth.back")}
          </Link>
        </div>
      </Form>
      {page.sso.saml ? <InstitutionalLogin redirectParam={page.redirectParam} /> : null}
    </div>
  );
}
