/**
 * One React Router request handler per first path segment, each over the routes that can match a path starting
 * with it (ADR 210, fourth pass). React Router walks every ranked route branch until one matches, 3–4 times a
 * page (the handler, the static handler, the partial route manifest for `/` and each parent path), and builds
 * server routes, data routes and route modules for all of them on every render. With 89 routes that was 10–20 %
 * of the home page's CPU. A page's handler here sees the routes of its first segment plus those any path can
 * reach (the root, the home page, `:guia`, the 404 splat), 5–30 instead of 89.
 *
 * The answer is the same as the whole build's: a route left out of a subset has a static first segment other
 * than the path's, so its pattern cannot match the path nor any of its parent paths; the kept routes keep their
 * order, so they rank as before; the partial manifest a page carries lists the same routes. Requests whose
 * path React Router rewrites or decodes before matching (`.data` requests, percent-encoded or doubled slashes)
 * and the lazy route discovery's manifest requests go to the whole build's handler.
 */
import { createRequestHandler, type ServerBuild } from "react-router";

type RouteManifest = ServerBuild["routes"];
type Handler = ReturnType<typeof createRequestHandler>;

/** The whole path of each route (its ancestors' paths joined), for the first segment that decides its subset. */
function fullPaths(routes: RouteManifest): Map<string, string> {
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? pathOf(route.parentId) : "";
    const own = (route.path ?? "").replace(/^\/+/, "");
    const full = own ? (parent ? `${parent}/${own}` : own) : parent;
    paths.set(id, full);
    return full;
  };
  for (const id of Object.keys(routes)) pathOf(id);
  return paths;
}

/**
 * The first segment a route's path requires, lower-cased (React Router matches without case by default), or
 * null when any first segment can match it: no path (the root, the home page, a layout), a parameter, an
 * optional segment, a splat.
 */
export function requiredFirstSegment(fullPath: string): string | null {
  const first = fullPath.split("/")[0];
  if (!first || first.startsWith(":") || first.endsWith("?") || first.includes("*")) return null;
  return first.toLowerCase();
}

/** The route manifest of the routes that can match a path whose first segment is `segment` (null: none of the static ones). */
export function routesForSegment(routes: RouteManifest, segment: string | null): RouteManifest {
  const paths = fullPaths(routes);
  const subset: RouteManifest = {};
  // Object order is the order React Router groups children in: kept as the whole manifest's.
  for (const [id, route] of Object.entries(routes)) {
    const required = requiredFirstSegment(paths.get(id) ?? "");
    if (required === null || required === segment) subset[id] = route;
  }
  return subset;
}

/** The static first segments of the build's routes: one subset each. */
export function staticFirstSegments(routes: RouteManifest): Set<string> {
  const segments = new Set<string>();
  for (const path of fullPaths(routes).values()) {
    const required = requiredFirstSegment(path);
    if (required !== null) segments.add(required);
  }
  return segments;
}

/** The build with only `routes` (and their entries of the browser's route manifest). */
function buildWith(build: ServerBuild, routes: RouteManifest): ServerBuild {
  const assetRoutes: ServerBuild["assets"]["routes"] = {};
  for (const id of Object.keys(routes)) if (build.assets.routes[id]) assetRoutes[id] = build.assets.routes[id];
  return { ...build, routes, assets: { ...build.assets, routes: assetRoutes } };
}

/**
 * The subset a request's path belongs to: its first segment (lower-cased), `""` for the routes any path can
 * reach, or null for the whole build (a path React Router rewrites before matching, or the manifest requests).
 */
export function subsetKeyOf(pathname: string, manifestPath: string | undefined): string | null {
  if (pathname.includes("%") || pathname.includes("//") || pathname.includes("\\") || pathname.endsWith(".data")) return null;
  if (manifestPath && (pathname === manifestPath || pathname.startsWith(`${manifestPath}/`))) return null;
  const end = pathname.indexOf("/", 1);
  return (end === -1 ? pathname.slice(1) : pathname.slice(1, end)).toLowerCase();
}

/**
 * React Router's request handler for `build`, dispatching each request to the handler of its path's subset.
 * A build with a basename, or without lazy route discovery, is served by one whole handler (not needed here).
 */
export function createRouteSubsetHandler(build: ServerBuild, mode?: string): Handler {
  const whole = createRequestHandler(build, mode);
  if ((build.basename && build.basename !== "/") || build.routeDiscovery?.mode !== "lazy") return whole;
  const handlers = new Map<string, Handler>();
  for (const segment of staticFirstSegments(build.routes)) {
    handlers.set(segment, createRequestHandler(buildWith(build, routesForSegment(build.routes, segment)), mode));
  }
  const anySegment = createRequestHandler(buildWith(build, routesForSegment(build.routes, null)), mode);
  const manifestPath = build.routeDiscovery.manifestPath;
  return (request, loadContext) => {
    const key = subsetKeyOf(new URL(request.url).pathname, manifestPath);
    const handler = key === null ? whole : (handlers.get(key) ?? anySegment);
    return handler(request, loadContext);
  };
}
