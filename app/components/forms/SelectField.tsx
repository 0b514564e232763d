import { FieldFrame } from "./FieldFrame";

export interface SelectFieldProps {
  id: string;
  name: string;
  label: string;
  options: Array<{ value: string; label: string }>;
  defaultValue?: string;
  /** A translated error message; when set the field is invalid. */
  error?: string;
  description?: string;
  required?: boolean;
  /** The first, empty option ("Choose…"); omitted when false or not given (an option with no text says nothing). */
  placeholder?: string | false;
  onChange?: (value: string) => void;
}

/** A labelled native `<select>` (works before hydration and without JS) with its hint and inline error. */
export function SelectField({ id, name, label, options, defaultValue, error, description, required, placeholder, onChange }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} description={description} error={error}>
      {(describedBy) => (
        <select
          className="field__input"
          id={id}
          name={name}
          defaultValue={defaultValue ?? ""}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
        >
          {placeholder ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
