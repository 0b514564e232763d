import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { useTranslation } from "~/framework/use-translation";
import { Form, useNavigation, useSubmit } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { RecoveryPage } from "~/components/identity/RecoveryPage";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { recoveryCodeSchema } from "~/schemas/identity/recovery";
import type { Route } from "./+types/recuperar-senha.codigo";
import { loadRecoveryCodePage, recoveryCodeAction } from "./recuperar-senha.codigo.server";
import { RECOVERY_PATH } from "~/lib/recovery-path";
import "./login.css";

export function loader(args: Route.LoaderArgs) {
  return loadRecoveryCodePage(args);
}

export function action(args: Route.ActionArgs) {
  return recoveryCodeAction(args);
}

/**
 * Recovery step 2 (spec §4): the verification code. With JavaScript it is checked as soon as its last digit is
 * typed (the result is announced and focus stays in the field); without, by the button.
 */
export default function RecoverPasswordCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("identity");
  const { length } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const autoRef = useRef<HTMLInputElement>(null);
  const checking = navigation.state === "submitting" && navigation.formData?.get("intent") === "check";
  const [form, fields] = useForm({
    id: "codigo-form",
    lastResult: actionData?.result ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: recoveryCodeSchema(length) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const raw = fields.codigo.errors?.[0];
  const codeError = raw ? (raw.startsWith("identity:") ? t(raw, { length }) : raw) : undefined;
  const summary = [
    ...(actionData?.formError ? [{ fieldId: "codigo", message: actionData.formError }] : []),
    ...(codeError ? [{ fieldId: "codigo", message: codeError }] : []),
  ];
  const auto = actionData?.auto === true;

  return (
    <RecoveryPage step={2} heading={t("recovery.code.heading")} failed={summary.length > 0}>
      <ErrorSummary errors={summary} focus={!auto} />
      {loaderData.resent && !actionData ? (
        <p className="notice" role="status">
          {t("recovery.code.resent")}
        </p>
      ) : null}
      <p>{t("recovery.code.sent", { user: loaderData.usuario, length })}</p>
      <p>
        {t("recovery.code.expires_before")} <time dateTime={loaderData.expiresAt}>{t("recovery.code.minutes", { count: loaderData.minutes })}</time>
        {t("recovery.code.expires_after")}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="login-form">
        <input type="hidden" name="auto" value="0" ref={autoRef} />
        <FieldFrame id="codigo" label={t("recovery.code.label")} description={t("recovery.code.hint", { length })} error={codeError}>
          {(describedBy) => (
            <input
              className="field__input field__input--code"
              id="codigo"
              name="codigo"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={length}
              size={length + 2}
              defaultValue={actionData?.result?.initialValue?.codigo as string | undefined}
              aria-required
              aria-invalid={codeError ? true : undefined}
              aria-describedby={describedBy}
              onInput={(event) => {
                const input = event.currentTarget;
                // The full length typed: check it now, without moving focus (spec §4).
                if (navigation.state === "idle" && new RegExp(`^\\d{${length}}$`).test(input.value.trim()) && input.form) {
                  if (autoRef.current) autoRef.current.value = "1";
                  const data = new FormData(input.form);
                  data.set("intent", "check");
                  void submit(data, { method: "post", preventScrollReset: true });
                }
              }}
            />
          )}
        </FieldFrame>
        <p className="visually-hidden" role="status" aria-live="polite">
          {checking ? t("recovery.code.checking") : ""}
        </p>
        <div className="login-form__actions">
          <button
            type="submit"
            name="intent"
            value="check"
            className="button"
            onClick={() => {
              if (autoRef.current) autoRef.current.value = "0";
            }}
          >
            {t("recovery.code.submit")}
          </button>
          <Link to={RECOVERY_PATH} className="button button--secondary">
            {t("recovery.code.restart")}
          </Link>
        </div>
      </Form>
      {actionData?.offerResend ? (
        <Form method="post" className="recovery-page__resend">
          <p>{t("recovery.code.resend_intro")}</p>
          <button type="submit" name="intent" value="resend" className="button button--secondary">
            {t("recovery.code.resend")}
          </button>
        </Form>
      ) : null}
    </RecoveryPage>
  );
}
