import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { TextField } from "~/components/ui/TextField";
import { ACTIVITY } from "~/lib/activities";
import { isExternalBase } from "~/lib/api/acervo.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { createAuthenticator } from "~/lib/auth.server";
import { externalAccessPath } from "~/lib/external-access";
import { apiLangId } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { privateAreaPath, PRODUCT_NAME } from "~/lib/product";
import { sanitizeInstitutionHtml } from "~/lib/root-data.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { getSession } from "~/lib/session.server";
import { getSiteConfig, isOn, type SiteConfig } from "~/lib/site-config.server";
import { LoginSchema } from "~/schemas/login";
import "./login.css";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.title ?? "Login" }];
}

interface LoginPageData {
  title: string;
  redirectParam: string | null;
  backTo: string;
  flash: "session_expired" | "logged_out" | null;
  messageHtml: string | null;
  showGoTo: boolean;
  goToDefault: "area" | "catalogo";
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
    messageHtml: msg ? sanitizeInstitutionHtml(msg) || null : null,
    // The "go to" choice (spec §2) when the private area is on and no page asked for the login.
    showGoTo: Boolean(config?.activities.includes(ACTIVITY.PRIVATE_AREA)) && !redirectParam,
    goToDefault: isOn(config?.instituicao.destino_padrao_login_catalogo) ? "catalogo" : "area",
  };
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
  const submission = parseWithZod(form, { schema: LoginSchema });
  const keep = { username: String(form.get("username") ?? ""), password: "" };
  if (submission.status !== "success") {
    return data({ attempt: crypto.randomUUID(), page, result: submission.reply({ hideFields: ["password"] }), showPassword, values: keep }, { status: 400 });
  }
  try {
    const { tokens, user } = await createAuthenticator(getApi(context)).authenticate("form", request);
    const session = getSession(context);
    // A brand-new session: never reuse what the old cookie held.
    session.destroy();
    session.start({ tokens, user, persistent: submission.value.remember });
    const canUseArea = user.permissions.includes(ACTIVITY.PRIVATE_AREA);
    const requested = submission.value.redirect ? destinationOf(submission.value.redirect) : "";
    const target = requested || (submission.value.destino === "catalogo" ? "/" : canUseArea ? privateAreaPath : "/");
    return redirect(target);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const { key, values } = describeError(err, "login");
    return data(
      { attempt: crypto.randomUUID(), page, result: submission.reply({ formErrors: [t(key, values)], hideFields: ["password"] }), showPassword, values: keep },
      { status: err.status === 0 ? 503 : 400 },
    );
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const page = actionData?.page ?? loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
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
  const summary = [
    ...(form.errors ?? []).map((message) => ({ fieldId: "usuario", message })),
    ...(usernameError ? [{ fieldId: "usuario", message: usernameError }] : []),
    ...(passwordError ? [{ fieldId: "senha", message: passwordError }] : []),
  ];
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");

  return (
    <div className="page login-page">
      <h1>{t("auth.heading")}</h1>
      {page.flash === "session_expired" ? (
        <p className="notice notice--warning" role="status">
          {t("auth.session_expired")}
        </p>
      ) : null}
      {page.flash === "logged_out" ? (
        <p className="notice" role="status">
          {t("auth.logged_out")}
        </p>
      ) : null}
      {/* Institution message (spec §2 banner), sanitized on the server. */}
      {page.messageHtml ? <div className="notice prose" dangerouslySetInnerHTML={{ __html: page.messageHtml }} /> : null}
      <ErrorSummary errors={summary} />
      <p>{t("auth.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="login-form">
        {/* Pressing Enter in a field submits with the first submit button: make that the login, not the toggle. */}
        <button type="submit" name="intent" value="login" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          {t("auth.submit")}
        </button>
        {page.redirectParam ? <input type="hidden" name="redirect" value={page.redirectParam} /> : null}
        <input type="hidden" name="showPassword" value={showPassword ? "1" : "0"} />
        <TextField
          id="usuario"
          name="username"
          label={t("auth.username")}
          autoComplete="username"
          required
          defaultValue={actionData?.values.username}
          error={usernameError}
        />
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
          <fieldset className="login-form__goto">
            <legend>{t("auth.go_to")}</legend>
            <div className="checkbox">
              <input id="destino-area" type="radio" name="destino" value="area" defaultChecked={page.goToDefault === "area"} />
              <label htmlFor="destino-area">{t("auth.go_to_private", { product: PRODUCT_NAME })}</label>
            </div>
            <div className="checkbox">
              <input id="destino-catalogo" type="radio" name="destino" value="catalogo" defaultChecked={page.goToDefault === "catalogo"} />
              <label htmlFor="destino-catalogo">{t("auth.go_to_catalogue")}</label>
            </div>
          </fieldset>
        ) : null}
        <div className="login-form__actions">
          <button type="submit" name="intent" value="login" className="button" aria-disabled={submitting || undefined}>
            {submitting ? t("auth.authenticating") : t("auth.submit")}
          </button>
          <Link to={page.backTo} className="button button--secondary">
            {t("auth.back")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
