import { useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { useTranslation } from "~/framework/use-translation";

/** The name of the button conform submits with to validate or update a form (not a submission by the patron). */
const CONFORM_INTENT = "__intent__";

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
  const hydrated = useHydrated();
  const signature = errors.map((e) => `${e.fieldId}:${e.message}`).join("|");

  // Focus moves to the summary when it first shows and after each submission by the patron, once the answer is
  // there, and stays with the patron otherwise: a list that changes while a field is corrected (conform
  // revalidates as the patron types) must not take the typing away. Conform itself focuses the first invalid
  // field when it reports errors (in the submit handler, or in a layout effect for the server's answer), so the
  // summary is focused after it, in an effect that runs on every render while a submission awaits its answer.
  // A key or a pointer press of the patron's ends the wait. A summary drawn by hydration awaits nothing: the
  // browser focused it on load (autofocus), and the patron may since have moved on (ADR 275).
  const awaitingFocus = useRef(hydrated);
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  // Re-renders the summary after a submission that conform answered with the errors it already showed.
  const [, setSubmissions] = useState(0);
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      // Conform revalidates a field as it is typed in by a submit with its own intent button: not a submission.
      if (event.submitter?.getAttribute("name") === CONFORM_INTENT) return;
      awaitingFocus.current = true;
      // After the whole submit dispatch (conform's handler focuses a field in it), not in between.
      setTimeout(() => setSubmissions((n) => n + 1), 0);
    };
    const onPatron = (event: Event) => {
      // Enter in a field submits: its keydown comes before the submit, which awaits again.
      if (event.target !== ref.current) awaitingFocus.current = false;
    };
    document.addEventListener("submit", onSubmit, true);
    document.addEventListener("keydown", onPatron, true);
    document.addEventListener("pointerdown", onPatron, true);
    return () => {
      document.removeEventListener("submit", onSubmit, true);
      document.removeEventListener("keydown", onPatron, true);
      document.removeEventListener("pointerdown", onPatron, true);
    };
  }, []);
  useEffect(() => {
    if (!signature || !focus || busy || !awaitingFocus.current) return;
    if (document.activeElement !== ref.current) ref.current?.focus();
  });

  const prefix = t("errors.prefix");
  useEffect(() => {
    if (!signature) return;
    // The page title starts with "Erro:" while errors are shown (the server does the same for a no-JS
    // submission, ADR 137); taken off again when they are gone.
    if (!document.title.startsWith(`${prefix} `)) document.title = `${prefix} ${document.title}`;
    return () => {
      if (document.title.startsWith(`${prefix} `)) document.title = document.title.slice(prefix.length + 1);
    };
  }, [signature, prefix]);

  if (errors.length === 0) return null;
  return (
    // autoFocus: without JS the browser focuses the summary on load (GOV.UK); with JS the effect above does
    // (React would otherwise focus a summary that reappears while the patron types).
    // eslint-disable-next-line jsx-a11y/no-autofocus
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title" autoFocus={focus && !hydrated}>
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
