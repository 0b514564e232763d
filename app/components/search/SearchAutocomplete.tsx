import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { useHydrated } from "~/lib/use-hydrated";
import { useTranslation } from "~/framework/use-translation";
import { AUTOCOMPLETE_DEBOUNCE_MS, AUTOCOMPLETE_MIN_CHARS, AUTOCOMPLETE_TEXT_MAX } from "../../../contract/autocomplete";

interface Suggestion {
  tipo: "titulo" | "autor" | "assunto";
  valor: string;
  total: number;
}

export interface SearchAutocompleteProps {
  id: string;
  name: string;
  label: string;
  description?: string;
  defaultValue?: string;
  error?: string;
}

/**
 * The search term with suggestions as the patron types (issue 28; ADR 242): the ARIA 1.2 combobox with a list
 * popup, as React Aria's ComboBox builds it, over a native UNCONTROLLED input (text typed before hydration is
 * kept, as in TextField). Without JavaScript it is the plain search box. Focus stays in the input; arrows move
 * the active option (aria-activedescendant); Enter or a click on an option searches it (in its own field: a
 * title, author or subject); Escape closes the list; the number of suggestions is announced. Requests wait for
 * a pause in typing and the one still pending is cancelled by the next.
 */
export function SearchAutocomplete({ id, name, label, description, defaultValue, error }: SearchAutocompleteProps) {
  const { t, i18n } = useTranslation("catalogue");
  const hydrated = useHydrated();
  const listId = `${id}-sugestoes`;
  const statusId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  /** The search field the form has selected (the suggestions follow it). */
  const fieldOf = (input: HTMLInputElement) => input.form?.querySelector<HTMLInputElement>('input[name="tipo"]:checked')?.value ?? "livre";

  const ask = (input: HTMLInputElement) => {
    clearTimeout(timer.current);
    pending.current?.abort();
    const termo = input.value;
    if (termo.trim().length < AUTOCOMPLETE_MIN_CHARS || termo.length > AUTOCOMPLETE_TEXT_MAX) {
      setItems([]);
      close();
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      pending.current = controller;
      try {
        const res = await fetch(`/autocompletar?${new URLSearchParams({ termo, tipo: fieldOf(input) })}`, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { sugestoes: Suggestion[] };
        if (controller.signal.aborted || document.activeElement !== input) return;
        setItems(body.sugestoes);
        setActive(-1);
        setOpen(body.sugestoes.length > 0);
        setStatus(body.sugestoes.length ? t("autocomplete.count", { count: body.sugestoes.length }) : "");
      } catch {
        // Cancelled by newer typing, or the server failed: the box stays a plain search box.
        if (!controller.signal.aborted) close();
      }
    }, AUTOCOMPLETE_DEBOUNCE_MS);
  };

  const choose = (s: Suggestion) => {
    const input = inputRef.current;
    if (!input) return;
    input.value = s.valor;
    const radio = input.form?.querySelector<HTMLInputElement>(`input[name="tipo"][value="${s.tipo}"]`);
    if (radio) radio.checked = true;
    close();
    setStatus("");
    input.form?.requestSubmit();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!open) {
        if (items.length && e.key === "ArrowDown") {
          e.preventDefault();
          setOpen(true);
          setActive(0);
        }
        return;
      }
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      // Wraps around, as React Aria's list does.
      setActive((a) => (a < 0 ? (step > 0 ? 0 : items.length - 1) : (a + step + items.length) % items.length));
    } else if (e.key === "Escape" && open) {
      // Closes the list only; a second Escape is the browser's own (clears the search box).
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === "Enter" && open && active >= 0 && items[active]) {
      e.preventDefault();
      choose(items[active]);
    }
  };

  const nf = new Intl.NumberFormat(i18n.language);
  const expanded = hydrated && open && items.length > 0;
  return (
    <FieldFrame id={id} label={label} description={description} error={error} className="autocomplete">
      {(describedBy) => (
        <div className="autocomplete__box">
          <input
            ref={inputRef}
            className="field__input"
            id={id}
            name={name}
            type="search"
            defaultValue={defaultValue}
            autoComplete="off"
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...(hydrated
              ? {
                  role: "combobox",
                  "aria-autocomplete": "list" as const,
                  "aria-expanded": expanded,
                  "aria-controls": listId,
                  "aria-activedescendant": expanded && active >= 0 ? `${listId}-${active}` : undefined,
                  onInput: (e: React.FormEvent<HTMLInputElement>) => ask(e.currentTarget),
                  onKeyDown,
                  onBlur: close,
                }
              : {})}
          />
          {hydrated ? (
            <ul id={listId} role="listbox" aria-label={t("autocomplete.label")} className="autocomplete__list" hidden={!expanded}>
              {items.map((s, i) => (
                // The keyboard chooses through the input (aria-activedescendant): options never take focus.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={`${s.tipo}-${s.valor}`}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? "autocomplete__option autocomplete__option--active" : "autocomplete__option"}
                  // Keeps focus in the input (a click must not blur it and close the list first).
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(s)}
                >
                  <span className="autocomplete__value">{s.valor}</span>{" "}
                  <span className="autocomplete__kind">
                    {t(`autocomplete.kinds.${s.tipo}`)}, {t("autocomplete.titles", { count: s.total, formatted: nf.format(s.total) })}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {hydrated ? (
            <div id={statusId} className="visually-hidden" role="status" aria-live="polite">
              {status}
            </div>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}
