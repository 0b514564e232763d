import { Input, Label, Text, TextField as AriaTextField } from "react-aria-components";
import { useTranslation } from "react-i18next";

export interface TextFieldProps {
  /** The input's id (ErrorSummary links point at it). */
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
 * A labelled text input (react-aria-components) that is a native, labelled `<input>` in the server HTML, so it
 * works before hydration and without JS. Errors come from the server (`error`) and render inline with a
 * visually-hidden "Error:" prefix; the input gets aria-invalid and aria-describedby.
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
  return (
    <AriaTextField
      id={id}
      name={name}
      type={type}
      defaultValue={defaultValue}
      isInvalid={Boolean(error)}
      isRequired={required}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
      // The server validates; the browser must not block a no-JS submission or show its own bubbles.
      validationBehavior="aria"
      className={["field", error ? "field--invalid" : "", className ?? ""].filter(Boolean).join(" ")}
    >
      <Label className="field__label">{label}</Label>
      {/* Both slots always render (empty when unused): react-aria's server HTML always points aria-describedby at
          them, and a dangling reference is an accessibility error before hydration. */}
      <Text slot="description" className="field__description">
        {description}
      </Text>
      <Text slot="errorMessage" className="field__error">
        {error ? (
          <>
            <span className="visually-hidden">{t("errors.prefix")} </span>
            {error}
          </>
        ) : null}
      </Text>
      <Input className="field__input" />
    </AriaTextField>
  );
}
