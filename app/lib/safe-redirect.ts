/**
 * Returns `value` only when it is a same-origin path ("/acervo/1?x=y#z"); anything that a browser could
 * resolve to another origin (`//host`, `/\host`, a scheme, percent-encoded or control-character tricks) gives
 * `fallback`.
 */
export function safeRedirect(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  // Control characters and whitespace are dropped or reinterpreted by URL parsers: refuse them outright.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  let decoded = value;
  try {
    // Decode repeatedly so %2F%2F, %252F… and %5C cannot smuggle a second slash or a backslash.
    for (let i = 0; i < 3; i++) {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    }
  } catch {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(decoded) || decoded.startsWith("//") || decoded.includes("\\")) return fallback;
  // Normalise first, then check: "/.//evil.com" and "/%2e%2e//evil.com" resolve to the path "//evil.com", which a
  // Location header (or a later `new URL(path, origin)`) would read as another host. The normalised form is what
  // is returned, so what was checked is exactly what the browser gets.
  try {
    const url = new URL(value, "http://estante.invalid");
    if (url.origin !== "http://estante.invalid") return fallback;
    if (url.pathname.startsWith("//") || url.pathname.includes("\\")) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
