/**
 * Which addresses from a catalogue record (MARC 856 $u, a cover, a network record's online link) become links,
 * shared by the importer, the API and the portal so both sides decide alike (ADR 103). Imports nothing from app/
 * or api/. Anything else (`javascript:`, `data:`, `vbscript:`, a bare "www.…", a DOI written as "doi:…") is shown
 * as text.
 */

/** Schemes of an online link: the web, FTP (older repositories) and e-mail (856 first indicator 0). */
export const LINK_SCHEMES: readonly string[] = ["http:", "https:", "ftp:", "mailto:"];
/** Schemes of an image the page loads by itself (a cover): the web only. */
export const IMAGE_SCHEMES: readonly string[] = ["http:", "https:"];

/**
 * The address to put in an `href` (or `src`) for a URL read from a record, or null when it must stay text. Parsed
 * as browsers parse it (WHATWG URL: tabs, line breaks and leading control characters are dropped, the scheme is
 * lower-cased), so "java\tscript:" or " JAVASCRIPT:" cannot pass for something else; the parsed form is returned,
 * so what was checked is what the browser gets.
 */
export function linkHref(raw: string | null | undefined, schemes: readonly string[] = LINK_SCHEMES): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (!schemes.includes(url.protocol)) return null;
  // A web or FTP address names a host; "http:foo" parses, but is no address.
  if (url.protocol !== "mailto:" && !url.hostname) return null;
  return url.href;
}
