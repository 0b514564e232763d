import { describe, expect, it } from "vitest";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import routeConfig from "../routes";
import { routeSubsets } from "./route-subsets.server";

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
  children?: RouteEntry[];
}
type RouteManifest = ServerBuild["routes"];

/** The portal's routes as the build's route manifest: the root, then app/routes.ts in its order. */
function portalManifest(): RouteManifest {
  const manifest: RouteManifest = { root: { id: "root", path: "", module: {} } as RouteManifest[string] };
  const walk = (entries: RouteEntry[], parentId: string) => {
    for (const r of entries) {
      const id = r.id ?? r.file;
      manifest[id] = { id, parentId, path: r.path, index: r.index, caseSensitive: r.caseSensitive, module: {} } as RouteManifest[string];
      if (r.children) walk(r.children, id);
    }
  };
  walk(routeConfig as RouteEntry[], "root");
  return manifest;
}

/** The manifest as the nested route objects React Router matches against. */
function tree(manifest: RouteManifest, parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((r) => r!.parentId === parentId)
    .map((r) => {
      const children = tree(manifest, r!.id);
      return r!.index
        ? { id: r!.id, index: true, path: r!.path, caseSensitive: r!.caseSensitive }
        : { id: r!.id, path: r!.path, caseSensitive: r!.caseSensitive, children };
    }) as RouteObject[];
}

function matched(routes: RouteObject[], path: string) {
  return matchRoutes(routes, path)?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase })) ?? null;
}

/** Every route's path with its parameters filled, and variations React Router must treat the same way. */
function samplePaths(manifest: RouteManifest): string[] {
  const paths = new Set<string>([
    "/",
    "/acervo",
    "/ACERVO/12",
    "/Acervo/12/MARC",
    "/foo",
    "/foo/bar",
    "/acervo/12/inexistente",
    "/meupergamum/",
    "/x/y/z",
    "/login/",
    "/LOGIN",
  ]);
  const full = (id: string | undefined): string => {
    if (!id) return "";
    const r = manifest[id]!;
    const parent = full(r.parentId);
    return r.path ? (parent ? `${parent}/${r.path}` : r.path) : parent;
  };
  for (const id of Object.keys(manifest)) {
    const filled = full(id)
      .split("/")
      .map((s) => (s.startsWith(":") ? "12" : s === "*" ? "a/b" : s))
      .join("/");
    paths.add(`/${filled}`);
    paths.add(`/${filled}/`);
    paths.add(`/${filled.toUpperCase()}`);
    paths.add(`/${filled}/mais`);
  }
  return [...paths].filter((p) => !p.includes("//"));
}

/** A path and the parent paths the partial route manifest matches for it ("/", "/a", "/a/b" for "/a/b/c"). */
function withParents(path: string): string[] {
  const segments = path.split("/").filter(Boolean);
  const out = [path];
  for (let i = 0; i < segments.length; i++) out.push(`/${segments.slice(0, i).join("/")}`);
  return out;
}

describe("route subsets by the path's first segments", () => {
  const manifest = portalManifest();
  const whole = tree(manifest);
  const subsets = routeSubsets(manifest, "/__manifest");
  const subsetOf = (path: string) => Object.keys(subsets.routesFor(subsets.keyOf(path)!));

  it("keeps far fewer routes than the whole table for the pages people visit most", () => {
    expect(Object.keys(manifest).length).toBeGreaterThan(80);
    for (const path of ["/", "/acervo/12", "/meupergamum", "/meupergamum/emprestimos", "/livros"])
      expect(subsetOf(path).length, path).toBeLessThan(10);
    expect(subsetOf("/acervo/12/marc").length).toBeLessThan(25);
  });

  it("matches every path, and each of its parent paths, exactly as the whole table does", () => {
    let checked = 0;
    for (const path of samplePaths(manifest)) {
      const key = subsets.keyOf(path);
      expect(key, path).not.toBeNull();
      const subset = tree(subsets.routesFor(key!));
      for (const p of withParents(path)) {
        expect(matched(subset, p), `${p} (from ${path})`).toEqual(matched(whole, p));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(800);
  });

  it("keeps a route's layout and the root with it, and leaves out the routes of other paths", () => {
    const loans = subsetOf("/meupergamum/emprestimos");
    expect(loans).toEqual(
      expect.arrayContaining(["root", "home", "meu", "meu-index", "routes/meu/emprestimos.tsx", "home-guia", "routes/not-found.tsx"]),
    );
    expect(loans).not.toContain("routes/acervo/index.tsx");
    expect(loans).not.toContain("routes/meu/emprestimos.historico.tsx");
    expect(subsetOf("/acervo/12")).not.toContain("meu");
  });

  it("gives paths no route names one key per place, so the handlers stay few", () => {
    expect(subsets.keyName(subsets.keyOf("/qualquer/coisa")!)).toBe(subsets.keyName(subsets.keyOf("/outra/mais")!));
    expect(subsets.keyName(subsets.keyOf("/acervo/12")!)).toBe(subsets.keyName(subsets.keyOf("/ACERVO/99")!));
    expect(subsets.keyName(subsets.keyOf("/acervo/12/marc")!)).not.toBe(subsets.keyName(subsets.keyOf("/acervo/12")!));
  });

  it("sends to the whole table what React Router rewrites or decodes before matching", () => {
    for (const path of ["/acervo/12.data", "/_root.data", "/%61cervo/12", "//acervo/12", "/a\\b", "/__manifest"])
      expect(subsets.keyOf(path), path).toBeNull();
  });
});
