/**
 * `useTranslation`, as react-i18next's, made cheap on the server (ADR 210).
 *
 * react-i18next's hook copies every own property of the i18next instance into a fresh wrapper object and builds
 * a fixed `t`, on every call in every component; a server render has no earlier render to reuse them from, so a
 * results page paid for it hundreds of times. On the server an instance's language never changes (one shared
 * instance per language, app/lib/i18n.server.ts), so the hook's answer for an instance, language and namespaces
 * is the same every time: it is built once and kept. In the browser the language can change under a mounted
 * component, so there the hook is react-i18next's own.
 */
import { useContext } from "react";
// The one place that wraps react-i18next's hook.
// eslint-disable-next-line no-restricted-imports
import { getI18n, I18nContext, useTranslation as useReactI18next } from "react-i18next";
import type { i18n as I18n } from "i18next";

type Answer = ReturnType<typeof useReactI18next>;
const answers = new WeakMap<I18n, Map<string, Answer>>();

type AnyT = (...args: unknown[]) => unknown;

/**
 * `i18n.getFixedT(lng, namespaces[0], keyPrefix, { scopeNs })`, as react-i18next calls it, without its per-call
 * copy of every i18next option: for the usual call (a string key, an options object or nothing) it adds the
 * language and namespace and calls `i18n.t`, which is all getFixedT does for such a call. Anything else
 * (selector functions, a key prefix, the legacy positional arguments) goes to i18next's own fixed `t`.
 */
export function fixedT(i18n: I18n, lng: string, namespaces: string[], keyPrefix?: string): AnyT {
  const full = (i18n.getFixedT.bind(i18n) as AnyT)(lng, namespaces[0], keyPrefix, { scopeNs: namespaces }) as AnyT;
  if (keyPrefix) return full;
  const ns = namespaces[0];
  const call = (key: unknown, opts?: unknown) => {
    const o: Record<string, unknown> = opts ? { ...(opts as Record<string, unknown>) } : {};
    o.lng = o.lng || lng;
    o.ns = o.ns || ns;
    return (i18n.t as unknown as AnyT)(key, o);
  };
  // A server instance's resources never change after init, so a key's answer is the same on every page:
  // plain keys are kept whole, and keys called with plain values keep their template (per count for a plural;
  // ADR 210).
  const plain = new Map<string, unknown>();
  const templates = new Map<string, Template | null>();
  const t = (key: unknown, opts?: unknown, ...rest: unknown[]) => {
    if ((typeof key !== "string" && !Array.isArray(key)) || (opts !== undefined && (typeof opts !== "object" || opts === null)) || rest.length) {
      return full(key, opts, ...rest);
    }
    if (typeof key === "string") {
      if (opts === undefined) {
        if (plain.has(key)) return plain.get(key);
        const answer = call(key);
        if (plain.size > MEMO_LIMIT) plain.clear();
        plain.set(key, answer);
        return answer;
      }
      const values = opts as Record<string, unknown>;
      const kind = valuesKind(values);
      if (kind) {
        // With a count, i18next picks the plural form by the number: the template is kept per key and count.
        const counted = kind === "count";
        const memoKey = counted ? `${key}\u0000${values.count as number}` : key;
        let template = templates.get(memoKey);
        if (template === undefined) {
          template = parseTemplate(call(key, counted ? { count: values.count, skipInterpolation: true } : { skipInterpolation: true }));
          if (templates.size > MEMO_LIMIT) templates.clear();
          templates.set(memoKey, template);
        }
        const out = template && fill(template, values);
        if (out !== undefined && out !== null) return out;
      }
    }
    return call(key, opts);
  };
  return Object.assign(t, { lng, ns, keyPrefix: undefined });
}

/** Keys are the code's own, so the memos stay small; a guard all the same. */
const MEMO_LIMIT = 5_000;

/** i18next options that change which string is chosen or how: a call that names any of them is i18next's. */
const RESERVED = new Set([
  "count",
  "context",
  "defaultValue",
  "returnObjects",
  "returnDetails",
  "ns",
  "lng",
  "lngs",
  "fallbackLng",
  "interpolation",
  "joinArrays",
  "postProcess",
  "keyPrefix",
  "ordinal",
  "replace",
  "skipInterpolation",
  "nsSeparator",
  "keySeparator",
]);

/**
 * "plain" when `values` holds only interpolation values that are strings or numbers, "count" when one of them
 * is a finite `count` (a plural), null when i18next must see the call.
 */
function valuesKind(values: Record<string, unknown>): "plain" | "count" | null {
  let kind: "plain" | "count" = "plain";
  for (const k in values) {
    const v = values[k];
    if (k === "count" && typeof v === "number" && Number.isFinite(v)) {
      kind = "count";
      continue;
    }
    if (RESERVED.has(k) || k.startsWith("defaultValue")) return null;
    if (typeof v !== "string" && typeof v !== "number") return null;
  }
  return kind;
}

/** A string split at its `{{name}}` placeholders: the texts between them and the names in order. */
type Template = { texts: string[]; names: string[] };

/**
 * The template of a translated string, or null when i18next must do the work: not a string, nesting (`$t(`),
 * formats (`{{value, number}}`), unescaped or dotted placeholders. Values are never escaped (escapeValue is
 * false: React escapes), as i18next is configured (app/lib/i18n.ts).
 */
function parseTemplate(raw: unknown): Template | null {
  if (typeof raw !== "string" || raw.includes("$t(")) return null;
  const texts: string[] = [];
  const names: string[] = [];
  const re = /\{\{([^}]*)\}\}/g;
  let last = 0;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const name = m[1].trim();
    if (!/^\w+$/.test(name)) return null;
    texts.push(raw.slice(last, m.index));
    names.push(name);
    last = m.index + m[0].length;
  }
  texts.push(raw.slice(last));
  return { texts, names };
}

/** The template with its values, or undefined when a placeholder has no value (i18next decides then). */
function fill(template: Template, values: Record<string, unknown>): string | undefined {
  let out = template.texts[0];
  for (let i = 0; i < template.names.length; i++) {
    const v = values[template.names[i]];
    if (v === undefined) return undefined;
    out += String(v) + template.texts[i + 1];
  }
  return out;
}

/** The hook's answer for `ns` on a server instance: built once per instance and namespace list. */
export function serverAnswer(i18n: I18n, ns?: string | readonly string[], keyPrefix?: string): Answer {
  let byNs = answers.get(i18n);
  if (!byNs) {
    byNs = new Map();
    answers.set(i18n, byNs);
  }
  // The language is part of the key: a test (or any caller) may still change an instance's language. The key is
  // built without the namespace list, which only a first call needs (every component calls this on every page).
  const nsKey = typeof ns === "string" ? ns : ns?.length ? ns.join(",") : String(i18n.options.defaultNS ?? "translation");
  const key = `${i18n.language}|${nsKey}|${keyPrefix ?? ""}`;
  let answer = byNs.get(key);
  if (!answer) {
    const namespaces = typeof ns === "string" ? [ns] : ns?.length ? [...ns] : [nsKey];
    const t = fixedT(i18n, i18n.language, namespaces, keyPrefix);
    const arr = [t, i18n, true] as unknown as { t: unknown; i18n: I18n; ready: boolean };
    arr.t = t;
    arr.i18n = i18n;
    arr.ready = true;
    answer = arr as unknown as Answer;
    byNs.set(key, answer);
  }
  return answer;
}

function useServerTranslation(ns?: string | readonly string[], options?: { keyPrefix?: string }): Answer {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  return serverAnswer(i18n, ns, options?.keyPrefix);
}

/** react-i18next's `useTranslation` (same arguments and answer); on the server, cached per instance. */
export const useTranslation: typeof useReactI18next =
  typeof document === "undefined" ? (useServerTranslation as unknown as typeof useReactI18next) : useReactI18next;

const known = new WeakMap<I18n, Map<string, boolean>>();

/**
 * `i18n.exists(key)`: whether the interface has its own text for a code the API also labels (a tab, a sort
 * order, a status). On the server an instance's resources never change, so the answer is kept per instance and
 * key (ADR 210); in the browser, where namespaces load later, i18next is asked.
 */
export function hasTranslation(i18n: I18n, key: string): boolean {
  if (typeof document !== "undefined") return i18n.exists(key);
  let byKey = known.get(i18n);
  if (!byKey) {
    byKey = new Map();
    known.set(i18n, byKey);
  }
  let answer = byKey.get(key);
  if (answer === undefined) {
    answer = i18n.exists(key);
    if (byKey.size > MEMO_LIMIT) byKey.clear();
    byKey.set(key, answer);
  }
  return answer;
}
