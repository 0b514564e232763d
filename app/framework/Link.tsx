/**
 * React Router's `<Link>`, made cheap on the server for the usual link (ADR 210).
 *
 * On the server a `<Link>` only ever becomes an `<a>`: no click handler or prefetch runs there. React Router
 * still resolves every `to` against the route matches and the location (several hooks, a JSON round trip of
 * the matches' paths), which on a page of 50 loans or 20 results with their links is a visible share of the
 * render. A `to` that is an absolute path such as `/acervo/12?x=1` resolves to itself, so for such a link this
 * renders the same `<a>` React Router would (same attributes, in the same order) without the work. Anything
 * else — a relative `to`, an object, a full URL, `..` or `.` segments, a lone `?` or `#`, prefetching, a mask,
 * a basename — is React Router's own `<Link>`. The browser's build is React Router's `<Link>` alone (the server
 * part is left out at build time): the markup it hydrates is the same, and client navigation is its own.
 */
import { useContext, type ComponentProps } from "react";
import { Link as RouterLink, UNSAFE_NavigationContext as NavigationContext } from "react-router";

type LinkProps = ComponentProps<typeof RouterLink>;

/**
 * The href React Router gives `to` on the server when it is plainly `to` itself, else null: an absolute path
 * (not `//`, no backslash), without `.`/`..` segments or doubled slashes, and not ending in an empty `?` or `#`
 * (which React Router drops).
 */
export function plainHref(to: LinkProps["to"]): string | null {
  if (typeof to !== "string" || to.charCodeAt(0) !== SLASH || to.charCodeAt(1) === SLASH || to.includes("\\")) return null;
  const question = to.indexOf("?");
  const hash = to.indexOf("#");
  const end = question < 0 ? hash : hash < 0 ? question : Math.min(question, hash);
  const pathname = end < 0 ? to : to.slice(0, end);
  if (pathname.includes("//") || (pathname.includes("/.") && DOT_SEGMENT.test(pathname))) return null;
  const last = to.charCodeAt(to.length - 1);
  if (last === QUESTION || last === HASH || (question >= 0 && hash === question + 1)) return null;
  return to;
}

const SLASH = 47;
const QUESTION = 63;
const HASH = 35;
const DOT_SEGMENT = /\/\.\.?(\/|$)/;

/** The props React Router's `<Link>` takes for itself: they never reach its `<a>`. */
const LINK_ONLY = new Set([
  "onClick",
  "discover",
  "prefetch",
  "relative",
  "reloadDocument",
  "replace",
  "mask",
  "state",
  "target",
  "to",
  "preventScrollReset",
  "viewTransition",
  "defaultShouldRevalidate",
]);

function ServerLink(props: LinkProps) {
  const { basename } = useContext(NavigationContext);
  const { prefetch = "none", mask } = props as LinkProps & { mask?: unknown };
  const href = basename === "/" && prefetch === "none" && !mask ? plainHref(props.to) : null;
  if (href === null) return <RouterLink {...props} />;
  // React Router's order: the other props, then href, target and data-discover. The content is the caller's
  // children, among the other props, as with React Router's own anchor. (Copied by hand: an object rest that
  // leaves out this many names cost more than the rest of the link.)
  const attributes: Record<string, unknown> = {};
  for (const name in props) if (!LINK_ONLY.has(name)) attributes[name] = props[name as keyof LinkProps];
  attributes.href = href;
  attributes.target = props.target;
  attributes["data-discover"] = (props.discover ?? "render") === "render" ? "true" : undefined;
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...attributes} />;
}

/** React Router's `<Link>`; on the server, its `<a>` built directly for a plain absolute path. */
export const Link: typeof RouterLink = import.meta.env.SSR ? (ServerLink as unknown as typeof RouterLink) : RouterLink;
