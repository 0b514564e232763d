import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/framework/use-translation";
import { Form, useFetcher, useLocation } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import type { ErrorMessage } from "~/lib/api/errors";
import { COMMENT_MAX_LENGTH, CommentSchema } from "~/schemas/comment";
import { fieldError, summaryOf } from "./form-errors";
import { SelectField } from "./SelectField";
import { TextAreaField } from "./TextAreaField";

export interface CommentFormProps {
  /** Prefix of the element ids, unique in the page. */
  idPrefix: string;
  /** Where the form posts (a route with the comment action). */
  action: string;
  libraries: Array<{ cod_biblioteca: number; desc_biblioteca: string }>;
  signedIn: boolean;
  lastResult?: SubmissionResult<string[]> | null;
  formError?: ErrorMessage | null;
  /** Where a no-JS visitor lands after posting. */
  redirectTo?: string;
  /** "modal" makes the action answer with data instead of a redirect. */
  via?: "page" | "modal";
  /** With JS, post through this fetcher (inline errors, no navigation). */
  fetcher?: ReturnType<typeof useFetcher>;
  submitLabel: string;
}

/**
 * The comment form (spec §5): a library and non-blank text. A logged-out visitor sees a prompt to log in
 * instead of the send button (spec §6).
 */
export function CommentForm({
  idPrefix,
  action,
  libraries,
  signedIn,
  lastResult,
  formError,
  redirectTo,
  via = "page",
  fetcher,
  submitLabel,
}: CommentFormProps) {
  const { t } = useTranslation("requests");
  const { t: ta } = useTranslation("acervo");
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  // Spec §5: sending is disabled until a library is chosen and the text is not blank. Only once hydrated:
  // without JavaScript the button stays enabled and the server refuses (and explains) an incomplete form.
  const [ready, setReady] = useState<boolean | null>(null);
  const check = useCallback(() => {
    const el = formRef.current?.elements;
    const library = el?.namedItem("biblioteca") as HTMLSelectElement | null;
    const text = el?.namedItem("texto") as HTMLTextAreaElement | null;
    setReady(Boolean(library?.value && text?.value.trim()));
  }, []);
  useEffect(check, [check, signedIn]);
  const [form, fields] = useForm({
    id: `${idPrefix}-form`,
    lastResult: lastResult ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CommentSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (!signedIn) {
    return (
      <p className="notice">
        {t("comment.login_prompt")}{" "}
        <Link to={`/login?redirect=${encodeURIComponent(redirectTo ?? `${location.pathname}${location.search}`)}`}>{t("comment.login_link")}</Link>
      </p>
    );
  }
  const libraryId = `${idPrefix}-biblioteca`;
  const textId = `${idPrefix}-texto`;
  const summary = summaryOf(
    t,
    formError,
    [
      { id: libraryId, errors: fields.biblioteca.errors },
      { id: textId, errors: fields.texto.errors },
    ],
    libraryId,
  );
  const FormTag = fetcher ? fetcher.Form : Form;
  const busy = fetcher ? fetcher.state !== "idle" : false;
  const hintId = `${idPrefix}-envio-dica`;
  const values = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  return (
    <>
      <ErrorSummary errors={summary} title={formError ? t("comment.not_sent") : undefined} />
      <FormTag method="post" action={action} {...getFormProps(form)} noValidate ref={formRef} onInput={check} onChange={check}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <input type="hidden" name="via" value={via} />
        <SelectField
          id={libraryId}
          name="biblioteca"
          label={t("fields.library")}
          placeholder={t("fields.choose")}
          options={libraries.map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca }))}
          defaultValue={typeof values.biblioteca === "string" ? values.biblioteca : undefined}
          error={fieldError(t, fields.biblioteca.errors)}
          required
        />
        <TextAreaField
          id={textId}
          name="texto"
          label={t("comment.text")}
          description={t("comment.text_hint", { max: COMMENT_MAX_LENGTH })}
          defaultValue={typeof values.texto === "string" ? values.texto : undefined}
          error={fieldError(t, fields.texto.errors)}
          maxLength={COMMENT_MAX_LENGTH}
          required
        />
        {ready === false ? (
          <p id={hintId} className="field__description">
            {ta("commentSendHint")}
          </p>
        ) : null}
        <button
          type="submit"
          className="button"
          aria-disabled={busy || undefined}
          disabled={ready === false}
          aria-describedby={ready === false ? hintId : undefined}
        >
          {busy ? t("sending") : submitLabel}
        </button>
      </FormTag>
    </>
  );
}
