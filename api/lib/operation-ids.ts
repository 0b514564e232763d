import type { OpenAPIHono } from "@hono/zod-openapi";

/**
 * The operationId of a route that declares none: its method and path in camel case, path parameters as
 * `By<Name>` (`GET /api/acervo/{id}/links` → `getAcervoByIdLinks`). Stable, so docs/api.md's table of spec §7
 * calls can name each call's operation, and unique because method + path is.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, "")
    .split("/")
    .filter(Boolean)
    .flatMap((seg) => {
      const param = /^\{(.+)\}$/.exec(seg);
      return param ? ["by", ...param[1].split(/[-_]/)] : seg.split(/[-_]/);
    });
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}

/** Gives every registered route without an operationId the one of operationIdOf (call after all routes). */
export function assignOperationIds(app: OpenAPIHono<any>): void {
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== "route") continue;
    def.route.operationId ??= operationIdOf(def.route.method, def.route.path);
  }
}
