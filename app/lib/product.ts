/**
 * The product's name in URLs ("pergamum" gives the private area at /meupergamum).
 * Baked at build time from the PRODUCT_SLUG env through Vite `define`; when this module runs outside Vite
 * (route config, unit tests) it reads the environment directly.
 */
declare const __PRODUCT_SLUG__: string | undefined;

const SLUG_PATTERN = /^[a-z][a-z0-9-]*$/;

function resolveSlug(): string {
  const baked = typeof __PRODUCT_SLUG__ === "string" ? __PRODUCT_SLUG__ : undefined;
  const fromEnv = typeof process !== "undefined" ? process.env?.PRODUCT_SLUG : undefined;
  const slug = baked ?? fromEnv ?? "pergamum";
  return SLUG_PATTERN.test(slug) ? slug : "pergamum";
}

/** The product slug, e.g. "pergamum". */
export const PRODUCT_SLUG: string = resolveSlug();

/** The private area's base path, e.g. "/meupergamum". */
export const privateAreaPath = `/meu${PRODUCT_SLUG}`;

/** The product's display name, e.g. "Pergamum" (used in "Meu Pergamum"). */
export const PRODUCT_NAME = PRODUCT_SLUG.charAt(0).toUpperCase() + PRODUCT_SLUG.slice(1);

/** True when `pathname` is inside the private area. */
export function isPrivateAreaPath(pathname: string): boolean {
  return pathname === privateAreaPath || pathname.startsWith(`${privateAreaPath}/`);
}
