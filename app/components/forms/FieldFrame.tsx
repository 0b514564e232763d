import type { ReactNode } from "react";
import { useTranslation } from "~/framework/use-translation";

export interface FieldFrameProps {
  /** The control's id; the hint and error ids derive from it. */
  id: string;
  label: string;
  description?: string;
  /** A translated error message; when set the field is invalid. */
  error?: string;
  className?: string;
  /** Renders the control, given the ids it must reference in `aria-describedby`. */
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label, hint and inline error around a native control (the TextField pattern, for selects and text areas). */
export function FieldFrame({ id, label, description, error, className, children }: FieldFrameProps) {
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
      {children(describedBy)}
    </div>
  );
}
