import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/use-translation";

export interface ErrorSummaryProps {
  /** One entry per invalid field; `fieldId` is the id of the control to focus, `message` is already translated. */
  errors: Array<{ fieldId: string; message: string }>;
  /** Optional heading text; defaults to "There is a problem". */
  title?: string;
  /** Move focus to the summary when it appears (default). False for checks the page ran by itself, which must not move focus. */
  focus?: boolean;
}

/**
 * GOV.UK-style error summary: announced (role="alert"), focused on load (autofocus without JS, an effect with
 * it), the page title prefixed with "Erro:", each message a link to its field. Renders nothing when there are
 * no errors.
 */
export function ErrorSummary({ errors, title, focus = true }: ErrorSummaryProps) {
  const { t } = useTranslation("common");
  const ref = useRef<HTMLDivElement>(null);
  const signature = errors.map((e) => `${e.fieldId}:${e.message}`).join("|");

  const prefix = t("errors.prefix");
  useEffect(() => {
    if (!signature) return;
    if (focus) ref.current?.focus();
    // The page title starts with "Erro:" while errors are shown (the server does the same for a no-JS
    // submission, ADR 137); taken off again when they are gone.
    if (!document.title.startsWith(`${prefix} `)) document.title = `${prefix} ${document.title}`;
    return () => {
      if (document.title.startsWith(`${prefix} `)) document.title = document.title.slice(prefix.length + 1);
    };
  }, [signature, prefix, focus]);

  if (errors.length === 0) return null;
  return (
    // autoFocus: without JS the browser focuses the summary on load (GOV.UK); with JS the effect above does.
    // eslint-disable-next-line jsx-a11y/no-autofocus
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title" autoFocus={focus}>
      <h2 className="error-summary__title" id="error-summary-title">
        {title ?? t("errors.summary_heading")}
      </h2>
      <ul className="error-summary__list">
        {errors.map((e) => (
          <li key={`${e.fieldId}-${e.message}`}>
            {e.fieldId ? (
              <a
                href={`#${e.fieldId}`}
                onClick={(event) => {
                  // Focus the control itself (a plain fragment link only scrolls to it).
                  const el = document.getElementById(e.fieldId);
                  if (el) {
                    event.preventDefault();
                    el.focus();
                  }
                }}
              >
                {e.message}
              </a>
            ) : (
              e.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
