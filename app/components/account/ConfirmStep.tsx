import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { useHydrated } from "~/lib/use-hydrated";
import { useArrivalFocus } from "~/lib/use-arrival-focus";

/** A thing on the confirmation step the action answers without JS: its id, its title and the title's MARC language code (for its `lang`). */
export type ConfirmItem = { id: number; title: string; language: string | null };

/** What a confirmation step lists: one line per thing the action touches, with its `lang` when it has one. */
export interface ConfirmLine {
  key: string | number;
  text: string;
  lang?: string;
}

export interface ConfirmBodyProps {
  /** The question ("Cancelar esta reserva?"): the step's heading. */
  heading: string;
  lines: readonly ConfirmLine[];
  /** The fields the confirming post carries (name, value), besides `intent`. */
  fields: ReadonlyArray<readonly [string, string | number]>;
  /** The intent of the confirming post (the action does the destructive thing only for this one). */
  intent: string;
  yes: string;
  no: string;
  /** Where "no" goes on the no-JS page (the list the patron came from). */
  backTo: string;
  /** In the dialog, "no" closes it. */
  onBack?: () => void;
  /** The no-JS confirmation page starts at its question. */
  takeFocus?: boolean;
}

/**
 * The question before a destructive action (cancel, delete): the same body in the dialog (with JS) and on the
 * confirmation page the action answers without JS. Nothing is changed until "yes" is posted.
 */
export function ConfirmBody({ heading, lines, fields, intent, yes, no, backTo, onBack, takeFocus = false }: ConfirmBodyProps) {
  // The confirmation page (the step without the dialog) starts at its question, not at the top of the page.
  const { ref, autoFocus } = useArrivalFocus<HTMLHeadingElement>(takeFocus);
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the no-JS confirmation page's focus on its question (WCAG 2.4.3) */}
      <h2 id="confirmar-titulo" tabIndex={-1} ref={ref} autoFocus={autoFocus}>
        {heading}
      </h2>
      <ul>
        {lines.map((l) => (
          <li key={l.key} lang={l.lang}>
            {l.text}
          </li>
        ))}
      </ul>
      {/* With JS the dialog closes as the post is sent: the page behind it shows the result. */}
      <Form method="post" onSubmit={() => onBack?.()}>
        {fields.map(([name, value]) => (
          <input key={`${name}-${value}`} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="intent" value={intent} className="button button--danger">
          {yes}
        </button>{" "}
        {onBack ? (
          <button type="button" className="button button--secondary" onClick={onBack}>
            {no}
          </button>
        ) : (
          <Link to={backTo} className="button button--secondary">
            {no}
          </Link>
        )}
      </Form>
    </>
  );
}

/** The no-JS confirmation step: a page of its own under the screen's heading. */
export function ConfirmPage({ pageHeading, ...body }: ConfirmBodyProps & { pageHeading: string }) {
  return (
    <div className="page account-screen">
      <h1>{pageHeading}</h1>
      <section className="account-confirm" aria-labelledby="confirmar-titulo">
        <ConfirmBody {...body} takeFocus />
      </section>
    </div>
  );
}

/**
 * The dialog side of the confirmation: `ask(event, chosen)` in a form's onSubmit opens the dialog instead of
 * posting (only once hydrated; before that, and without JS, the post reaches the action, which answers the
 * confirmation page). `dialog(render)` renders the dialog with what was chosen.
 */
export function useConfirmDialog<T>() {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<T | null>(null);
  const close = () => ref.current?.close();
  return {
    ask(e: FormEvent<HTMLFormElement>, value: T): boolean {
      if (!hydrated || !ref.current) return false;
      e.preventDefault();
      setChosen(value);
      ref.current.showModal();
      return true;
    },
    dialog(render: (value: T, close: () => void) => ReactNode) {
      return (
        // Closed ("no", Escape or "yes" sent), the dialog forgets what it asked about.
        <dialog ref={ref} className="modal" aria-labelledby="confirmar-titulo" onClose={() => setChosen(null)}>
          {chosen !== null ? render(chosen, close) : null}
        </dialog>
      );
    },
  };
}

/** The submitter of a form's submit event: its `value` says which button was pressed. */
export function submitterValue(e: FormEvent<HTMLFormElement>): string | null {
  return (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") ?? null;
}
