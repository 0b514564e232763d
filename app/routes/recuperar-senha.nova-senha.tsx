import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { PasswordRulesList } from "~/components/identity/PasswordRulesList";
import { RecoveryPage } from "~/components/identity/RecoveryPage";
import { TextField } from "~/components/forms/TextField";
import { NewPasswordSchema } from "~/schemas/identity/recovery";
import type { Route } from "./+types/recuperar-senha.nova-senha";
import { loadNewPasswordPage, newPasswordAction } from "./recuperar-senha.nova-senha.server";
import { RECOVERY_PATH } from "~/lib/recovery-path";
import "./login.css";

export function loader(args: Route.LoaderArgs) {
  return loadNewPasswordPage(args);
}

export function action(args: Route.ActionArgs) {
  return newPasswordAction(args);
}

/** Recovery step 3 (spec §4, §5): the new password and its confirmation, checked against the institution's rules. */
export default function RecoverPasswordNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("identity");
  const [form, fields] = useForm({
    id: "nova-senha-form",
    lastResult: actionData?.result ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const tr = (k: string | undefined) => (k ? (k.startsWith("identity:") ? t(k) : k) : undefined);
  const passwordError = tr(fields.senha.errors?.[0]);
  const confirmError = tr(fields.confirmacao.errors?.[0]);
  const summary = [
    ...(actionData?.formError ? [{ fieldId: "senha", message: actionData.formError }] : []),
    ...(passwordError ? [{ fieldId: "senha", message: passwordError }] : []),
    ...(confirmError ? [{ fieldId: "confirmacao", message: confirmError }] : []),
  ];
  return (
    <RecoveryPage step={3} heading={t("recovery.password.heading")} failed={summary.length > 0}>
      <ErrorSummary errors={summary} />
      {actionData?.restart ? (
        <p>
          <Link to={RECOVERY_PATH}>{t("recovery.password.restart")}</Link>
        </p>
      ) : null}
      <p>{loaderData.name ? t("recovery.password.intro_named", { name: loaderData.name }) : t("recovery.password.intro")}</p>
      <PasswordRulesList id="regras-senha" rules={loaderData.rules} active={loaderData.active} broken={actionData?.broken ?? []} />
      <Form method="post" {...getFormProps(form)} noValidate className="login-form">
        <TextField
          // A new input after each attempt: a refused password is never kept.
          key={`senha-${actionData ? JSON.stringify(actionData.result?.error ?? {}) : ""}`}
          id="senha"
          name="senha"
          type="password"
          label={t("recovery.password.new")}
          description={t("recovery.password.new_hint")}
          autoComplete="new-password"
          required
          maxLength={256}
          error={passwordError}
        />
        <TextField
          key={`confirmacao-${actionData ? JSON.stringify(actionData.result?.error ?? {}) : ""}`}
          id="confirmacao"
          name="confirmacao"
          type="password"
          label={t("recovery.password.confirm")}
          autoComplete="new-password"
          required
          maxLength={256}
          error={confirmError}
        />
        <div className="login-form__actions">
          <button type="submit" className="button">
            {t("recovery.password.submit")}
          </button>
          <Link to="/login" className="button button--secondary">
            {t("recovery.back_to_login")}
          </Link>
        </div>
      </Form>
    </RecoveryPage>
  );
}
