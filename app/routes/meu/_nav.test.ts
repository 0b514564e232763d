import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "../../routes";
import { privateAreaPath } from "../../lib/product";
import { ACCOUNT_MENU_ORDER, ACCOUNT_SCREENS, accountPath, currentScreen, visibleScreens } from "./_nav";

interface RouteEntry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

/** The routes inside the account layout, as full paths (index = the area's base path). */
function areaRoutes(): Array<{ fullPath: string; file: string }> {
  const prefix = privateAreaPath.slice(1);
  const out: Array<{ fullPath: string; file: string }> = [];
  const walk = (entries: RouteEntry[], parent: string, inArea: boolean) => {
    for (const r of entries) {
      const here = r.path ? (parent ? `${parent}/${r.path}` : r.path) : parent;
      const nowInArea = inArea || r.id === "meu";
      if (nowInArea && r.id !== "meu") out.push({ fullPath: `/${here}`, file: r.file });
      if (r.children) walk(r.children, here, nowInArea);
    }
  };
  walk(routes as RouteEntry[], "", false);
  // Every route of the area lives under the area's prefix.
  for (const r of out) expect(r.fullPath === `/${prefix}` || r.fullPath.startsWith(`/${prefix}/`), r.fullPath).toBe(true);
  return out;
}

describe("the account menu", () => {
  const routesInArea = areaRoutes();
  const pt = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../../locales/pt/account.json"), "utf8"));

  it("lists every entry once, in the order of the spec's menu", () => {
    const ids = ACCOUNT_SCREENS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const positions = ids.map((id) => ACCOUNT_MENU_ORDER.indexOf(id));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("has a route for every menu entry", () => {
    const paths = routesInArea.map((r) => r.fullPath);
    for (const s of ACCOUNT_SCREENS) expect(paths, s.id).toContain(accountPath(privateAreaPath, s.path));
  });

  it("has a menu entry for every route of the area (a sub-page belongs to the entry of its parent path)", () => {
    for (const r of routesInArea) {
      const screen = currentScreen(privateAreaPath, r.fullPath);
      expect(screen, r.fullPath).not.toBeNull();
      // Only the area's own base path belongs to the summary entry.
      if (screen?.path === "") expect(r.fullPath).toBe(privateAreaPath);
    }
  });

  it("names every entry with a label that exists in the source language", () => {
    for (const s of ACCOUNT_SCREENS) {
      const value = s.labelKey.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], pt);
      expect(typeof value, s.labelKey).toBe("string");
    }
  });

  it("has a screen file for every route of the area", () => {
    for (const r of routesInArea) expect(fs.existsSync(path.resolve(import.meta.dirname, "../..", r.file)), r.file).toBe(true);
  });

  it("marks the entry of a sub-page as current, and the summary only on the base path", () => {
    const screens = [
      { id: "summary", path: "", labelKey: "nav.summary" },
      { id: "loans", path: "emprestimos", labelKey: "nav.loans" },
      { id: "loan_history", path: "emprestimos/historico", labelKey: "nav.loan_history" },
    ] as const;
    expect(currentScreen("/meux", "/meux", screens)?.id).toBe("summary");
    expect(currentScreen("/meux", "/meux/", screens)?.id).toBe("summary");
    expect(currentScreen("/meux", "/meux/emprestimos/renovacao", screens)?.id).toBe("loans");
    expect(currentScreen("/meux", "/meux/emprestimos/historico", screens)?.id).toBe("loan_history");
    expect(currentScreen("/meux", "/meux/desconhecido", screens)).toBeNull();
    expect(currentScreen("/meux", "/meuxy", screens)).toBeNull();
  });

  it("shows paper posting only where the institution configured its repository", () => {
    const ids = (on: boolean) => visibleScreens([], { paperPosting: on }).map((s) => s.id);
    expect(ids(true)).toContain("paper_posting");
    expect(ids(false)).not.toContain("paper_posting");
    expect(ids(false)).toContain("no_debts");
  });

  it("hides an entry whose activity is off", () => {
    const gated = [{ id: "alerts" as const, path: "alertas", labelKey: "nav.alerts", activity: 999 }];
    expect(visibleScreens([], {}, gated)).toEqual([]);
    expect(visibleScreens([999], {}, gated)).toHaveLength(1);
  });
});

describe("the menu a patron sees", () => {
  it("shows the teaching plan only to professors", () => {
    expect(visibleScreens([], { professor: true }).map((s) => s.id)).toContain("teaching_plan");
    expect(visibleScreens([], { professor: false }).map((s) => s.id)).not.toContain("teaching_plan");
    expect(visibleScreens([], { professor: false }).map((s) => s.id)).toContain("acquisition_statistics");
  });

  it("hides a screen whose activity the patron lacks", () => {
    const screens = [{ id: "loans", path: "emprestimos", labelKey: "nav.loans", activity: 12 }] as const;
    expect(visibleScreens([], { professor: false }, screens)).toEqual([]);
    expect(visibleScreens([12], { professor: false }, screens).map((s) => s.id)).toEqual(["loans"]);
  });
});
