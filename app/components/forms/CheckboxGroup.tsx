import { useTranslation } from "~/framework/use-translation";

export interface CheckboxGroupProps {
  /** Prefix of the boxes' ids: the first box is `${id}-0` (where an error summary link points). */
  id: string;
  name: string;
  legend: string;
  options: Array<{ value: string; label: string }>;
  /** The values ticked when the page is drawn. */
  checked: readonly string[];
  hint?: string;
  /** A translated error message; when set the group is invalid. */
  error?: string;
  className?: string;
}

/** A fieldset of native checkboxes with its legend, hint and inline error (GOV.UK checkboxes); works without JS. */
export function CheckboxGroup({ id, name, legend, options, checked, hint, error, className }: CheckboxGroupProps) {
  const { t } = useTranslation("common");
  const describedBy = [hint ? `${id}-dica` : null, error ? `${id}-erro` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className={["checkbox-group", error ? "field--invalid" : "", className ?? ""].filter(Boolean).join(" ")} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {hint ? (
        <p className="field__description" id={`${id}-dica`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-erro`}>
          <span className="visually-hidden">{t("errors.prefix")} </span>
          {error}
        </p>
      ) : null}
      {options.map((o, i) => (
        <div className="checkbox" key={o.value}>
          <input
            id={`${id}-${i}`}
            type="checkbox"
            name={name}
            value={o.value}
            defaultChecked={checked.includes(o.value)}
            aria-invalid={error ? true : undefined}
          />
          <label htmlFor={`${id}-${i}`}>{o.label}</label>
        </div>
      ))}
    </fieldset>
  );
}
