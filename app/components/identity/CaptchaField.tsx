import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/framework/use-translation";
import "./captcha-field.css";

/** The widget's own translations for the portal's languages (the widget falls back to English otherwise). */
const WIDGET_LANGUAGE: Record<string, string> = {
  pt: "pt-br",
  en: "en",
  es: "es-es",
  fr: "fr-fr",
  it: "it",
};

/** The widget states a patron hears about (the others are silent). */
const STATE_MESSAGES = new Set(["verifying", "verified", "error", "expired"]);

let loading: Promise<void> | null = null;

/**
 * Loads the ALTCHA widget once: the build without inline styles or blob workers (the page's CSP allows
 * neither), its stylesheet, and the PBKDF2 worker as a same-origin script (ADR 170).
 */
function loadWidget(language: string): Promise<void> {
  loading ??= (async () => {
    await import("altcha/external");
    await import("altcha/altcha.css");
    const { default: Pbkdf2Worker } = await import("altcha/workers/pbkdf2?worker");
    const registry = (
      globalThis as unknown as {
        $altcha: { algorithms: Map<string, () => Worker> };
      }
    ).$altcha;
    registry.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());
    if (language === "pt") await import("altcha/i18n/pt-br");
    else if (language === "es") await import("altcha/i18n/es-es");
    else if (language === "fr") await import("altcha/i18n/fr-fr");
    else if (language === "it") await import("altcha/i18n/it");
  })();
  return loading;
}

/**
 * The captcha of activity 1120 (spec §5): an ALTCHA proof of work that the browser solves by itself, with no
 * image or audio puzzle. It needs JavaScript, so nothing is rendered on the server: without JavaScript the
 * form posts without it and the rate limits protect it instead (ADR 170). The `captcha_js` field tells the
 * server that the widget was there, so a form sent before it finished gets "Do the Captcha verification!".
 */
export function CaptchaField({ error }: { error?: string }) {
  const { t, i18n } = useTranslation("login");
  const { t: tc } = useTranslation("common");
  const language = i18n.language.slice(0, 2);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    loadWidget(language)
      .then(() => live && setReady(true))
      .catch((err: unknown) => console.error("[portal] the captcha widget did not load:", err));
    return () => {
      live = false;
    };
  }, [language]);
  const ref = useRef<HTMLElement>(null);
  // The widget's states, announced in our own live region (the widget has none), ADR 138.
  const [state, setState] = useState<string | null>(null);
  useEffect(() => {
    const widget = ref.current;
    if (!ready || !widget) return;
    const onState = (event: Event) => setState((event as CustomEvent<{ state?: string }>).detail?.state ?? null);
    widget.addEventListener("statechange", onState);
    // The widget writes an empty `dir` attribute when the language is not right-to-left (an invalid value):
    // take it off whenever it appears; the page's own direction applies.
    const dropEmptyDir = () => widget.querySelectorAll("[dir='']").forEach((el) => el.removeAttribute("dir"));
    const observer = new MutationObserver(dropEmptyDir);
    observer.observe(widget, { subtree: true, childList: true, attributes: true, attributeFilter: ["dir"] });
    dropEmptyDir();
    return () => {
      widget.removeEventListener("statechange", onState);
      observer.disconnect();
    };
  }, [ready]);
  useEffect(() => {
    const widget = ref.current as
      | (HTMLElement & {
          getState?: () => string;
          verify?: () => Promise<unknown>;
        })
      | null;
    const form = widget?.closest("form");
    if (!ready || !widget || !form) return;
    // A form sent while the proof of work still runs (a fast typist, a password manager) waits for it and then
    // goes, instead of reaching the server without the answer.
    const onSubmit = (event: SubmitEvent) => {
      const state = widget.getState?.();
      if (state !== "verifying" && state !== "unverified") return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const submitter = event.submitter;
      widget.addEventListener("verified", () => form.requestSubmit(submitter), {
        once: true,
      });
      if (state === "unverified") void widget.verify?.();
    };
    form.addEventListener("submit", onSubmit, { capture: true });
    return () => form.removeEventListener("submit", onSubmit, { capture: true });
  }, [ready]);
  // Before the widget loads (or without JavaScript) only a refusal is shown, so the error summary's link has a target.
  if (!ready && !error) return null;
  return (
    <div
      className={["field", "captcha-field", error ? "field--invalid" : ""].filter(Boolean).join(" ")}
      data-invalid={error ? "true" : undefined}
      role="group"
      aria-labelledby="captcha-rotulo"
      aria-describedby={error ? "captcha-dica captcha-erro" : "captcha-dica"}
    >
      <p className="field__label" id="captcha-rotulo">
        {t("captcha.label")}
      </p>
      <p className="field__description" id="captcha-dica">
        {t("captcha.hint")}
      </p>
      {error ? (
        <p className="field__error" id="captcha-erro">
          <span className="visually-hidden">{tc("errors.prefix")} </span>
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {state && STATE_MESSAGES.has(state) ? t(`captcha.state.${state}`) : ""}
      </p>
      {ready ? <input type="hidden" name="captcha_js" value="1" /> : <span id="captcha" tabIndex={-1} />}
      {/* The error summary links here (id "captcha"); the widget's own checkbox takes the focus inside. */}
      {ready ? (
        <altcha-widget
          id="captcha"
          ref={ref}
          tabIndex={-1}
          challenge="/captcha/desafio"
          name="captcha"
          // Solving starts when the patron enters the form; focus is never moved when it ends.
          auto="onfocus"
          type="checkbox"
          configuration={JSON.stringify({ disableAutoFocus: true })}
          language={WIDGET_LANGUAGE[language] ?? "en"}
        />
      ) : null}
    </div>
  );
}
