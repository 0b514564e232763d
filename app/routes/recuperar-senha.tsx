import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { CaptchaField } from "~/components/identity/CaptchaField";
import { RecoveryPage } from "~/components/identity/RecoveryPage";
import { TextField } from "~/components/forms/TextField";
import { RecoveryUserSchema } from "~/schemas/identity/recovery";
import type { Route } from "./+types/recuperar-senha";
import { loadStartPage, startAction } from "./recuperar-senha.server";
import "./login.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadStartPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return startAction(request, context);
}

/** Recovery step 1 (spec §4): the user code; the code goes to the e-mail the library has. */
export default function RecoverPasswordStart({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("identity");
  const [form, fields] = useForm({
    id: "recuperar",
    lastResult: actionData?.result ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RecoveryUserSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const userError = fields.usuario.errors?.[0] ? t(fields.usuario.errors[0]) : undefined;
  const summary = [
    ...(actionData?.formError ? [{ fieldId: "usuario", message: actionData.formError }] : []),
    ...(userError ? [{ fieldId: "usuario", message: userError }] : []),
    ...(actionData?.captchaError ? [{ fieldId: "captcha", message: actionData.captchaError }] : []),
  ];
  return (
    <RecoveryPage step={1} heading={t("recovery.start.heading")} failed={summary.length > 0}>
      <ErrorSummary errors={summary} />
      <p>{t("recovery.start.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="login-form">
        <TextField
          id="usuario"
          name="usuario"
          label={t("recovery.start.user")}
          description={t("recovery.start.user_hint")}
          autoComplete="username"
          required
          maxLength={100}
          defaultValue={actionData?.usuario ?? loaderData.usuario}
          error={userError}
        />
        {/* A new widget (and challenge) after each attempt: a challenge is accepted once. */}
        {loaderData.captchaOn ? <CaptchaField key={actionData?.attempt ?? "captcha"} error={actionData?.captchaError ?? undefined} /> : null}
        <div className="login-form__actions">
          <button type="submit" className="button">
            {t("recovery.start.submit")}
          </button>
          <Link to="/login" className="button button--secondary">
            {t("recovery.back_to_login")}
          </Link>
        </div>
      </Form>
    </RecoveryPage>
  );
}
