import sanitizeHtml from "sanitize-html";

/**
 * The allowlist for institution-provided HTML (support message, the library's pages). The same few texts come
 * back on every page (the site configuration is cached), so each text's answer is kept: the sanitizer parses
 * the whole text each time, which cost more than the rest of the root data together (ADR 210).
 */
export function sanitizeInstitutionHtml(html: string): string {
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = sanitizeUncached(html);
    // The institution's texts are few; the bound only guards against an unexpected stream of distinct ones.
    if (sanitized.size >= SANITIZED_LIMIT) sanitized.clear();
    sanitized.set(html, clean);
  }
  return clean;
}

const sanitized = new Map<string, string>();
const SANITIZED_LIMIT = 200;

function sanitizeUncached(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "h2", "h3", "h4", "span", "div"],
    allowedAttributes: { a: ["href", "title", "rel", "target"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
  });
}
