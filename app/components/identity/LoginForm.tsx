import { PageTitle } from "~/components/profile/PageTitle";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { CaptchaField } from "~/components/identity/CaptchaField";
import { DuplicateAccountStep } from "~/components/identity/DuplicateAccountStep";
import { InstitutionalLogin, isOidcUsername } from "~/components/identity/SsoLoginOptions";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { TextField } from "~/components/forms/TextField";
import { PRODUCT_NAME } from "~/lib/product";
import { RECOVERY_PATH } from "~/lib/recovery-path";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { useTranslation } from "~/framework/use-translation";
import { loginSchemaFor, LoginUsernameSchema } from "~/schemas/login";
import type { LoginActionData, LoginMode, LoginPageData } from "./login-types";

/** Where the login is shown (spec §1: "a full page, embedded, or a modal"; ADR 174). */
/** The mode a login URL asks for: `?embed=1` (no site chrome) or `?modal=1` (the header's dialog loads its data so). */
export function loginModeOf(search: URLSearchParams): LoginMode {
  if (search.get("embed") === "1") return "embed";
  if (search.get("modal") === "1") return "modal";
  return "page";
}

/** The login query that keeps the mode and the redirect (for the embedded and dialog forms' action, ADR 174). */
export function loginPath(mode: LoginMode, redirectParam: string | null): string {
  const q = new URLSearchParams();
  if (redirectParam) q.set("redirect", redirectParam);
  if (mode === "embed") q.set("embed", "1");
  if (mode === "modal") q.set("modal", "1");
  const qs = q.toString();
  return qs ? `/login?${qs}` : "/login";
}

/**
 * The login form (spec §2, §5), the same on the full page, embedded and in the header's dialog: the fields of the
 * institution's variant, the captcha, the inline errors and the error summary. `FormComponent` is the page's
 * <Form> or, in the dialog, a fetcher's, so an error answer stays in the dialog (ADR 174).
 */
export function LoginForm({
  page,
  actionData,
  FormComponent = Form,
  action,
  submitting,
  inDialog = false,
}: {
  page: LoginPageData;
  actionData: LoginActionData | undefined;
  FormComponent?: typeof Form;
  /** The form's action; by default the current URL. */
  action?: string;
  submitting: boolean;
  /** In the header's dialog: the page's title is the page's own, not the login's. */
  inDialog?: boolean;
}) {
  const { t } = useTranslation("common");
  const lang = useLangOfParts();
  const recover = actionData && "recover" in actionData ? actionData.recover : false;
  const captchaError = actionData && "captchaError" in actionData ? (actionData.captchaError ?? undefined) : undefined;
  // Duplicate persons (ADR 173): the user code alone first, then the account choice and the password.
  const usernameFirst = page.variant === "pessoas_duplicadas";
  const step = actionData && "step" in actionData && actionData.step ? actionData.step : usernameFirst ? "usuario" : "senha";
  const accounts = actionData && "accounts" in actionData ? (actionData.accounts ?? []) : [];
  const accountError = actionData && "accountError" in actionData ? (actionData.accountError ?? undefined) : undefined;
  const goToError = actionData && "goToError" in actionData ? (actionData.goToError ?? undefined) : undefined;
  const categories = page.variant === "categoria" ? page.categories : [];
  const loginSchema = loginSchemaFor(page.variant === "categoria" ? categories.map((c) => c.codigo) : null);
  const [form, fields] = useForm({
    id: page.mode === "modal" ? "login-dialogo" : "login",
    lastResult: actionData?.result ?? undefined,
    // Step 1 of the duplicate-persons variant has the user code alone; an OIDC login needs no password here
    // (the provider asks for it): the server decides (spec §4).
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema:
          step === "usuario"
            ? LoginUsernameSchema.merge(loginSchema.partial())
            : page.sso.oidc && isOidcUsername(formData.get("username"))
              ? loginSchema.partial({ password: true })
              : loginSchema,
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
  const categoryError = categories.length > 0 ? fieldError(fields.categoria.errors) : undefined;
  // Both fields empty: the one spec §5 message "Fill all the fields to login!" (each field still marked).
  const allMissing =
    fields.username.errors?.[0] === "common:auth.errors.username_required" && fields.password.errors?.[0] === "common:auth.errors.password_required";
  const summary = allMissing
    ? [
        { fieldId: "usuario", message: t("auth.errors.all_fields") },
        ...(categoryError ? [{ fieldId: "categoria", message: categoryError }] : []),
        ...(captchaError ? [{ fieldId: "captcha", message: captchaError }] : []),
      ]
    : [
        ...(form.errors ?? []).map((message) => ({ fieldId: "usuario", message })),
        ...(usernameError ? [{ fieldId: "usuario", message: usernameError }] : []),
        ...(categoryError ? [{ fieldId: "categoria", message: categoryError }] : []),
        ...(passwordError ? [{ fieldId: "senha", message: passwordError }] : []),
        ...(accountError && accounts[0] ? [{ fieldId: `conta-${accounts[0].codigo}`, message: accountError }] : []),
        ...(captchaError ? [{ fieldId: "captcha", message: captchaError }] : []),
        ...(goToError ? [{ fieldId: "destino-area", message: goToError }] : []),
      ];
  const recoveryHref = (username: string | undefined) => (username ? `${RECOVERY_PATH}?usuario=${encodeURIComponent(username)}` : RECOVERY_PATH);
  // The recovery pages refuse to be framed: from the embedded login they open in the top window (ADR 151).
  const recoveryTarget = page.mode === "embed" ? "_top" : undefined;
  const keptCategory = actionData?.values && "categoria" in actionData.values ? actionData.values.categoria : "";

  return (
    <>
      {/* Institution message (spec §2 banner), sanitized on the server. */}
      {page.messageHtml ? <div className="notice prose" dangerouslySetInnerHTML={{ __html: page.messageHtml }} /> : null}
      {inDialog ? null : <PageTitle title={page.title} failed={summary.length > 0} />}
      <ErrorSummary errors={summary} />
      {recover ? (
        <p className="notice">
          {t("identity:login.recover_now")}{" "}
          <Link to={recoveryHref(actionData?.values.username)} target={recoveryTarget}>
            {t("identity:login.forgot_password")}
          </Link>
        </p>
      ) : null}
      <p>{t("auth.intro")}</p>
      <FormComponent method="post" action={action} {...getFormProps(form)} noValidate className="login-form">
        {page.redirectParam ? <input type="hidden" name="redirect" value={page.redirectParam} /> : null}
        <input type="hidden" name="showPassword" value={showPassword ? "1" : "0"} />
        {usernameFirst && step === "senha" ? (
          <DuplicateAccountStep
            username={actionData?.values.username ?? ""}
            accounts={accounts}
            error={accountError}
            // A link: embedded it stays embedded; from the dialog it goes to the full page.
            changeHref={loginPath(page.mode === "embed" ? "embed" : "page", page.redirectParam)}
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
        {categories.length > 0 ? (
          // The category variant (spec §5, ADR 173): the patron's category, named by the library (its vocabulary).
          <FieldFrame id="categoria" label={t("login:category.label")} error={categoryError}>
            {(describedBy) => (
              <select
                className="field__input"
                id="categoria"
                name="categoria"
                defaultValue={keptCategory}
                // A new select after each answer, so the kept choice shows (with JS, too).
                key={actionData?.attempt ?? "categoria"}
                aria-required
                aria-invalid={categoryError ? true : undefined}
                aria-describedby={describedBy}
              >
                <option value="">{t("login:category.choose")}</option>
                {categories.map((c) => (
                  <option key={c.codigo} value={c.codigo} lang={lang.vocabulary}>
                    {c.descricao}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
        ) : null}
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
              {/* Pressing Enter in a field submits with the first submit button: make that the login, not the toggle.
                  It sits after the password, not before the user field, because text browsers show it (ADR 151). */}
              <button type="submit" name="intent" value="login" className="visually-hidden" tabIndex={-1} aria-hidden="true">
                {t("auth.submit")}
              </button>
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
                <Link to={RECOVERY_PATH} target={recoveryTarget}>
                  {t("identity:login.forgot_password")}
                </Link>
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
                  <input
                    id="destino-catalogo"
                    type="radio"
                    name="destino"
                    value="catalogo"
                    required
                    defaultChecked={page.goToDefault === "catalogo"}
                  />
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
          {/* The dialog has its own close button; a frame has no page to go back to. */}
          {page.mode === "page" ? (
            <Link to={page.backTo} className="button button--secondary">
              {t("auth.back")}
            </Link>
          ) : null}
        </div>
      </FormComponent>
      {page.sso.saml ? <InstitutionalLogin redirectParam={page.redirectParam} /> : null}
    </>
  );
}
