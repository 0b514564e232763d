import { FieldFrame } from "./FieldFrame";

export interface TextAreaFieldProps {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  description?: string;
  required?: boolean;
  maxLength?: number;
  rows?: number;
}

/** A labelled, uncontrolled native `<textarea>` with its hint and inline error (same pattern as TextField). */
export function TextAreaField({ id, name, label, defaultValue, error, description, required, maxLength, rows = 5 }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} description={description} error={error}>
      {(describedBy) => (
        <textarea
          className="field__input"
          id={id}
          name={name}
          rows={rows}
          defaultValue={defaultValue}
          maxLength={maxLength}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}
