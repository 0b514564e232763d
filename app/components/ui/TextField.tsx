import { useTranslation } from "react-i18next";

export interface TextFieldProps {
  /** The input's id (ErrorSummary links point at it); the hint and error ids derive from it. */
  id: string;
  name: string;
  label: string;
  type?: "text" | "password" | "email" | "search" | "tel" | "url" | "number";
  defaultValue?: string;
  /** A translated error message; when set the field is invalid. */
  error?: string;
  description?: string;
  autoComplete?: string;
  required?: boolean;
  inputMode?: "text" | "numeric" | "tel" | "email" | "search" | "url" | "none" | "decimal";
  maxLength?: number;
  className?: string;
}

/**
 * A labelled text input: a native, UNCONTROLLED `<input>` with its label, hint and inline error.
 *
 * Deliberately not react-aria's TextField: that one is controlled, so text a patron types before the page
 * hydrates (slow links, old devices) is wiped by the first re-render. Server-rendered ids (derived from `id`)
 * keep aria-describedby valid before hydration and without JS. Errors render inline with a visually hidden
 * "Error:" prefix, as in the GOV.UK pattern.
 */
export function TextField({
  id,
  name,
  label,
  type = "text",
  defaultValue,
  error,
  description,
  autoComplete,
  required,
  inputMode,
  maxLength,
  className,
}: TextFieldProps) {
  const { t } = useTranslation("common");
  const hintId = `${id}-dica`;
  const errorId = `${id}-erro`;
  const describedBy = [description ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", error ? "field--invalid" : "", className ?? ""].filter(Boolean).join(" ")} data-invalid={error ? "true" : undefined}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {description ? (
        <p className="field__description" id={hintId}>
          {description}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          <span className="visually-hidden">{t("errors.prefix")} </span>
          {error}
        </p>
      ) : null}
      <input
        className="field__input"
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        // The server validates; the browser must not block a no-JS submission or show its own bubbles.
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}
