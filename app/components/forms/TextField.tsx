import { FieldFrame } from "./FieldFrame";

export interface TextFieldProps {
  /** The input's id (ErrorSummary links point at it); the hint and error ids derive from it. */
  id: string;
  name: string;
  label: string;
  type?: "text" | "password" | "email" | "search" | "tel" | "url" | "number" | "date";
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
  return (
    <FieldFrame id={id} label={label} description={description} error={error} className={className}>
      {(describedBy) => (
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
      )}
    </FieldFrame>
  );
}
