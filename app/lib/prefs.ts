/**
 * Accessibility preferences (spec §2 top bar; §3 "zoom, negrito, cor, libras" + dark mode), kept in ONE cookie
 * so the server renders the right classes on <html> from the first byte, with or without JavaScript.
 */

export const PREFS_COOKIE = "estante_prefs";
/** One year. */
export const PREFS_MAX_AGE = 60 * 60 * 24 * 365;

export const ZOOM_LEVELS = [0, 20, 40, 60, 80, 100] as const;
export type Zoom = (typeof ZOOM_LEVELS)[number];
export const SCHEMES = ["normal", "inverted", "greyscale", "high-contrast"] as const;
export type Scheme = (typeof SCHEMES)[number];

export interface Prefs {
  zoom: Zoom;
  scheme: Scheme;
  bold: boolean;
  /** Sign language (Libras): shows sign-language video links where provided and the Libras indicator. */
  libras: boolean;
  dark: boolean;
}

export const DEFAULT_PREFS: Prefs = { zoom: 0, scheme: "normal", bold: false, libras: false, dark: false };

function toZoom(value: unknown): Zoom {
  const n = Number(value);
  return (ZOOM_LEVELS as readonly number[]).includes(n) ? (n as Zoom) : 0;
}

function toScheme(value: unknown): Scheme {
  return (SCHEMES as readonly string[]).includes(String(value)) ? (value as Scheme) : "normal";
}

/** Parses the cookie value ("z=20&c=inverted&b=1&l=0&d=1"); anything unknown or malformed falls back to the default. */
export function parsePrefs(value: string | null | undefined): Prefs {
  if (!value) return { ...DEFAULT_PREFS };
  const p = new URLSearchParams(value);
  return {
    zoom: toZoom(p.get("z")),
    scheme: toScheme(p.get("c")),
    bold: p.get("b") === "1",
    libras: p.get("l") === "1",
    dark: p.get("d") === "1",
  };
}

/** Serializes preferences into the cookie value. */
export function serializePrefs(prefs: Prefs): string {
  return new URLSearchParams({
    z: String(prefs.zoom),
    c: prefs.scheme,
    b: prefs.bold ? "1" : "0",
    l: prefs.libras ? "1" : "0",
    d: prefs.dark ? "1" : "0",
  }).toString();
}

/** Reads the settings form (checkboxes are present only when ticked). */
export function prefsFromForm(form: FormData): Prefs {
  const on = (name: string) => {
    const v = form.get(name);
    return v === "1" || v === "on" || v === "true";
  };
  return { zoom: toZoom(form.get("zoom")), scheme: toScheme(form.get("scheme")), bold: on("bold"), libras: on("libras"), dark: on("dark") };
}

/** The classes for <html>: `zoom-20 scheme-inverted bold libras dark`. */
export function htmlClassFor(prefs: Prefs): string {
  return [`zoom-${prefs.zoom}`, `scheme-${prefs.scheme}`, prefs.bold ? "bold" : "", prefs.libras ? "libras" : "", prefs.dark ? "dark" : ""]
    .filter(Boolean)
    .join(" ");
}
