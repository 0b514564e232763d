/**
 * React Router request handlers over the routes a page's path can reach (ADR 210, fourth pass). React Router
 * walks every ranked route branch until one matches, 3–4 times a page (the handler, the static handler, the
 * partial route manifest for `/` and each parent path), and builds server routes, data routes and route modules
 * for every route on every render. With 89 routes that was 10–20 % of the home page's CPU. Here a page is served
 * by a handler built over the routes whose pattern can match its path or one of its parent paths, decided by
 * the path's first two segments: 3–17 routes instead of 89.
 *
 * The answer is the same as the whole build's: a route left out has a static segment, among its first two, that
 * differs from the path's (React Router compares without case by default), or more segments than the path, so
 * its pattern matches neither the path nor any parent path; the kept routes keep their order, so they rank as
 * before; the partial manifest a page carries lists the same routes. Requests whose path React Router rewrites or
 * decodes before matching (`.data` requests, percent-encoded, doubled or back slashes) and the lazy route
 * discovery's manifest requests go to the whole build's handler.
 */
import { createRequestHandler, type ServerBuild } from "react-router";

type RouteManifest = ServerBuild["routes"];
type Handler = ReturnType<typeof createRequestHandler>;

/** How many leading segments of a path decide its routes. */
const DEPTH = 2;
/** A path segment no route names (it can only meet parameters). */
const OTHER = "\u0000";

interface RouteShape {
  /** The static (lower-cased) or wildcard (null) segments of the route's whole path, up to a splat. */
  segments: Array<string | null>;
  /** An optional segment: the route is kept for every path rather than reasoned about. */
  always: boolean;
  /** A layout without a path: kept when one of its descendants is. */
  pathless: boolean;
}

function shapes(routes: RouteManifest): Map<string, RouteShape> {
  const full = new Map<string, string>();
  const pathOf = (id: string): string => {
    const known = full.get(id);
    if (known !== undefined) return known;
    const route = routes[id];
    const parent = route?.parentId ? pathOf(route.parentId) : "";
    const own = (route?.path ?? "").replace(/^\/+|\/+$/g, "");
    const path = own ? (parent ? `${parent}/${own}` : own) : parent;
    full.set(id, path);
    return path;
  };
  const out = new Map<string, RouteShape>();
  for (const [id, route] of Object.entries(routes)) {
    const parts = pathOf(id).split("/").filter(Boolean);
    const splat = parts.findIndex((s) => s.includes("*"));
    const required = splat === -1 ? parts : parts.slice(0, splat);
    out.set(id, {
      segments: required.map((s) => (s.startsWith(":") ? null : s.toLowerCase())),
      always: parts.some((s) => s.endsWith("?")),
      pathless: !route?.path && !route?.index && route?.parentId !== undefined,
    });
  }
  return out;
}

/** The key of a path's subset: its first segments as the routes name them, and whether it has more. */
export interface PathKey {
  segments: string[];
  more: boolean;
}

/**
 * Whether a route can match `key`'s path or one of its parent paths: each of its first segments is a parameter
 * or the path's segment, and it has no more segments than the path.
 */
function reaches(shape: RouteShape, key: PathKey): boolean {
  if (shape.always) return true;
  const n = Math.min(shape.segments.length, key.segments.length);
  for (let i = 0; i < n; i++) if (shape.segments[i] !== null && shape.segments[i] !== key.segments[i]) return false;
  return shape.segments.length <= key.segments.length || key.more;
}

/** The routes of a build grouped by the paths that can reach them. */
export function routeSubsets(routes: RouteManifest, manifestPath?: string) {
  const routeShapes = shapes(routes);
  const cache = new Map<string, RouteManifest>();
  const named = new Map<string, Set<string>>();

  /** The static segments routes name right after `prefix` (the key's segments so far), at the place that follows. */
  const namedAfter = (prefix: string[]): Set<string> => {
    const name = prefix.join("/");
    let set = named.get(name);
    if (!set) {
      set = new Set();
      const i = prefix.length;
      for (const shape of routeShapes.values()) {
        const at = shape.segments[i];
        if (shape.always || typeof at !== "string") continue;
        if (prefix.every((seg, j) => shape.segments[j] === null || shape.segments[j] === seg)) set.add(at);
      }
      named.set(name, set);
    }
    return set;
  };

  /**
   * The key of a request's path, or null for the whole build (a path React Router rewrites or decodes before
   * matching, or a manifest request). A segment no route names at its place becomes OTHER, so the keys are as
   * few as the routes make them, whatever paths are asked for.
   */
  const keyOf = (pathname: string): PathKey | null => {
    if (/%|\/\/|\\/.test(pathname) || pathname.endsWith(".data")) return null;
    if (manifestPath && (pathname === manifestPath || pathname.startsWith(`${manifestPath}/`))) return null;
    const parts = pathname.split("/").filter(Boolean);
    const segments: string[] = [];
    for (let i = 0; i < Math.min(parts.length, DEPTH); i++) {
      const lower = parts[i].toLowerCase();
      segments.push(namedAfter(segments).has(lower) ? lower : OTHER);
    }
    return { segments, more: parts.length > DEPTH };
  };

  /** The route manifest of the routes `key` can reach, in the build's order (the order React Router ranks ties in). */
  const routesFor = (key: PathKey): RouteManifest => {
    const name = `${key.more ? "+" : ""}${key.segments.join("/")}`;
    const known = cache.get(name);
    if (known) return known;
    const kept = new Set<string>();
    for (const [id, shape] of routeShapes) {
      if (shape.pathless || !reaches(shape, key)) continue;
      // The route and its ancestors (a layout without a path is kept only for what it holds).
      for (let at: string | undefined = id; at !== undefined && !kept.has(at); at = routes[at]?.parentId) kept.add(at);
    }
    const subset: RouteManifest = {};
    for (const [id, route] of Object.entries(routes)) if (kept.has(id)) subset[id] = route;
    cache.set(name, subset);
    return subset;
  };

  return { keyOf, routesFor, keyName: (key: PathKey) => `${key.more ? "+" : ""}${key.segments.join("/")}` };
}

/** The build with only `routes` (and their entries of the browser's route manifest). */
function buildWith(build: ServerBuild, routes: RouteManifest): ServerBuild {
  const assetRoutes: ServerBuild["assets"]["routes"] = {};
  for (const id of Object.keys(routes)) if (build.assets.routes[id]) assetRoutes[id] = build.assets.routes[id];
  return { ...build, routes, assets: { ...build.assets, routes: assetRoutes } };
}

/**
 * React Router's request handler for `build`, dispatching each request to a handler over the routes its path can
 * reach (built on the first request of each kind of path). A build with a basename, or without lazy route
 * discovery (whose pages carry the whole route manifest), is served by one whole handler.
 */
export function createRouteSubsetHandler(build: ServerBuild, mode?: string): Handler {
  const whole = createRequestHandler(build, mode);
  if ((build.basename && build.basename !== "/") || build.routeDiscovery?.mode !== "lazy") return whole;
  const subsets = routeSubsets(build.routes, build.routeDiscovery.manifestPath);
  const handlers = new Map<string, Handler>();
  return (request, loadContext) => {
    const key = subsets.keyOf(new URL(request.url).pathname);
    if (!key) return whole(request, loadContext);
    const name = subsets.keyName(key);
    let handler = handlers.get(name);
    if (!handler) {
      handler = createRequestHandler(buildWith(build, subsets.routesFor(key)), mode);
      handlers.set(name, handler);
    }
    return handler(request, loadContext);
  };
}
