import { useArrivalFocus } from "~/lib/use-arrival-focus";

/**
 * The result of an action (cancelled, saved, sent…) on the page the redirect lands on (PRG): a status region,
 * announced, whose message takes the focus so keyboard and screen-reader users start from it — with JS by an
 * effect, without JS by `autofocus` on load (as the error summary, ADR 137; never by hydration, ADR 275). The page's title says it too
 * (`titleAfterAction`). Renders an empty region without a message.
 */
export function StatusMessage({ message, tone = "success" }: { message: string | null; tone?: "success" | "warning" }) {
  const { ref, autoFocus } = useArrivalFocus<HTMLParagraphElement>(message);
  return (
    <div role="status" className="action-status">
      {message ? (
        <p
          id="resultado"
          ref={ref}
          tabIndex={-1}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the no-JS page load's focus on the result (WCAG 2.4.3, 4.1.3)
          autoFocus={autoFocus}
          className={tone === "warning" ? "notice notice--warning" : "notice notice--success"}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
