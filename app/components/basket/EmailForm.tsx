import { getFormProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { TextField } from "~/components/forms/TextField";
import { useTranslation } from "~/framework/use-translation";
import { createBasketEmailSchema, TEXT_FORMATS } from "~/schemas/basket";

/** A failed e-mail POST's answer: conform's reply and the values typed. */
export interface EmailFormResult {
  result: SubmissionResult<string[]>;
  values: Record<string, string>;
}

/**
 * The e-mail form of the basket and of one title (`/acervo/{id}/enviar`): conform + zod, 400 with an error summary
 * and inline messages, input kept. `result` is the failed POST's answer.
 */
export function EmailForm({ result, heading }: { result: EmailFormResult | null; heading?: string }) {
  const { t } = useTranslation("basket");
  const email = result;
  const schema = createBasketEmailSchema((key, values) => t(key, values));
  const [form, fields] = useForm({
    id: "cesta-email",
    lastResult: email?.result ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const recipientsError = fields.destinatarios.errors?.join(" ");
  const messageError = fields.mensagem.errors?.[0];
  const summary = [
    ...(form.errors ?? []).map((message) => ({ fieldId: "cesta-destinatarios", message })),
    ...(fields.tipo.errors ?? []).map((message) => ({ fieldId: "cesta-email-formato", message })),
    ...(fields.destinatarios.errors ?? []).map((message) => ({ fieldId: "cesta-destinatarios", message })),
    ...(messageError ? [{ fieldId: "cesta-mensagem", message: messageError }] : []),
  ];
  return (
    <section className="basket-section" aria-labelledby="cesta-email-titulo">
      <h2 id="cesta-email-titulo">{heading ?? t("email.heading")}</h2>
      <ErrorSummary errors={summary} />
      <Form method="post" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="email" />
        <div className="field">
          <label className="field__label" htmlFor="cesta-email-formato">
            {t("email.format")}
          </label>
          <select id="cesta-email-formato" name="tipo" defaultValue={email?.values.tipo || "referencia"}>
            {TEXT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`formats.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="cesta-destinatarios"
          name="destinatarios"
          type="text"
          inputMode="email"
          autoComplete="email"
          label={t("email.recipients")}
          description={t("email.recipientsHint")}
          required
          defaultValue={email?.values.destinatarios}
          error={recipientsError}
        />
        <div className={messageError ? "field field--invalid" : "field"}>
          <label className="field__label" htmlFor="cesta-mensagem">
            {t("email.message")}
          </label>
          {messageError ? (
            <p className="field__error" id="cesta-mensagem-erro">
              {messageError}
            </p>
          ) : null}
          <textarea
            id="cesta-mensagem"
            name="mensagem"
            rows={3}
            maxLength={1000}
            defaultValue={email?.values.mensagem}
            aria-describedby={messageError ? "cesta-mensagem-erro" : undefined}
          />
        </div>
        <button type="submit" className="button">
          {t("email.send")}
        </button>
      </Form>
    </section>
  );
}
