import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Cookie, type Page } from "@playwright/test";
import { COOKIES, DEMO, findTitleId, login, prefsCookie } from "../fixtures/demo";
import { writeInteraction } from "../support/interaction-report";
import type { AxeCase } from "./write-summary";

/**
 * axe (WCAG 2.2 A/AA) on every route, in every colour scheme plus dark mode, with JavaScript on and off,
 * in Portuguese and English. One JSON report per case goes to a11y-reports/; any violation fails.
 *
 * JS off: axe needs script in the page, so the "off" case loads the same URL with the app's scripts
 * blocked: the browser shows exactly the server-rendered HTML a no-JS visitor gets.
 */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const SCHEMES = [
  { name: "normal", prefs: {} },
  { name: "inverted", prefs: { scheme: "inverted" } },
  { name: "greyscale", prefs: { scheme: "greyscale" } },
  { name: "high-contrast", prefs: { scheme: "high-contrast" } },
  { name: "dark", prefs: { dark: true } },
  { name: "zoom-bold", prefs: { zoom: 100, bold: true, libras: true } },
];
const LANGS = ["pt", "en"];
/**
 * The colour schemes only swap CSS custom properties (and greyscale filters images): the markup, the
 * layout and everything else axe checks are those of the normal scheme. So the normal scheme gets every
 * WCAG rule, and each other colour-only scheme the rules that read colours (ADR 150).
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
/** WCAG 1.4.12 text spacing: line height 1.5, paragraph spacing 2, letter spacing 0.12, word spacing 0.16. */
const TEXT_SPACING = "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }";

/**
 * Reflow (WCAG 1.4.10, 1.4.12) on an already loaded page: at 320 px wide, at the default size and at the
 * site's own 200 % zoom (the `zoom-100` class the server renders), each with and without text spacing, the
 * document must not be wider than the viewport. Classes and a constructed style sheet are swapped in place,
 * so it costs no page load. Returns the failing combinations.
 */
async function checkReflow(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 320, height: 640 });
  const failures = await page.evaluate((spacingCss) => {
    const html = document.documentElement;
    const original = html.className;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(spacingCss);
    const out: string[] = [];
    for (const zoom of [false, true]) {
      for (const spacing of [false, true]) {
        html.className = zoom ? `${original.replace(/\bzoom-\d+\b/g, "")} zoom-100` : original.replace(/\bzoom-\d+\b/g, "");
        document.adoptedStyleSheets = spacing ? [sheet] : [];
        const width = html.scrollWidth;
        if (width > html.clientWidth) out.push(`${zoom ? "zoom 200 %" : "zoom 100 %"}${spacing ? " + text spacing" : ""}: ${width} px wide at ${html.clientWidth} px`);
      }
    }
    html.className = original;
    document.adoptedStyleSheets = [];
    return out;
  }, TEXT_SPACING);
  return failures;
}
const reportDir = path.resolve(import.meta.dirname, "../../a11y-reports");

export interface RouteCase {
  name: string;
  path: (ctx: { titleId: number }) => string;
  signedIn?: boolean;
  /** Puts the page in a state worth auditing (e.g. a form with errors). */
  act?: (page: import("@playwright/test").Page) => Promise<void>;
}

/** Schemes that change only the <html> classes and the color-scheme meta (zoom + bold + Libras changes markup too). */
const COLOUR_ONLY = ["normal", "inverted", "greyscale", "high-contrast", "dark"];
/**
 * Zoom + bold + Libras adds markup only to the page's shell (the Libras indicator and the settings form's state,
 * the same on every route): the core routes (the full matrix) audit it on a page load of its own with every rule;
 * the other routes get its <html> classes on the already loaded page and the colour rules (bold text changes
 * which contrast threshold applies; the site's zoom only makes targets larger), ADR 150.
 */
const SHELL_ONLY = "zoom-bold";
const schemeShells: Record<string, { htmlClass: string; colorScheme: string }> = {};
let titleId = 0;

/** Puts on the loaded page what the server renders on <html> for a scheme: its classes and color-scheme meta. */
async function applyShell(page: Page, scheme: string) {
  const shell = schemeShells[scheme]!;
  await page.evaluate((sh) => {
    document.documentElement.className = sh.htmlClass;
    document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", sh.colorScheme);
  }, shell);
  await expect(page.locator("html")).toHaveAttribute("class", shell.htmlClass);
}
async function newContext(browser: Browser, baseURL: string, lang: string, prefs: object, js: boolean, sessionCookies: Cookie[]) {
  // Always javaScriptEnabled:true (axe runs in the page); JS off = the app's scripts are blocked.
  const ctx: BrowserContext = await browser.newContext({ javaScriptEnabled: true, baseURL });
  await ctx.addCookies([
    { name: COOKIES.prefs, value: prefsCookie(prefs), url: baseURL },
    { name: COOKIES.language, value: lang, url: baseURL },
    ...sessionCookies,
  ]);
  if (!js) await ctx.route(/\/assets\/.*\.js(\?.*)?$/, (r) => r.abort());
  return ctx;
}

/**
 * Declares one test per route and language that audits the route in every colour scheme, with JavaScript
 * on and off. Call it from a spec file per area (tests/a11y/<area>.spec.ts).
 */
export function auditRoutes(routes: RouteCase[], opts: { fullMatrix?: boolean; patron?: { login: string; password: string } } = {}) {
  // This call's own session (a spec may sign in as another demo patron, e.g. the professor).
  let sessionCookies: Cookie[] = [];
  // The full matrix (every visual setting in every language) for the core routes; elsewhere every setting in
  // Portuguese and the default setting in English, so the suite stays fast enough to run on every change.
  const schemesFor = (lang: string) => (opts.fullMatrix || lang === "pt" ? SCHEMES : SCHEMES.filter((s) => s.name === "normal"));
  test.beforeAll(async ({ browser, request }) => {
    titleId = await findTitleId(request);
    const ctx = await browser.newContext({ javaScriptEnabled: true });
    const page = await ctx.newPage();
    await login(page, opts.patron ?? DEMO.patron);
    sessionCookies = (await ctx.cookies()).filter((c) => c.name !== COOKIES.prefs && c.name !== COOKIES.language);
    await ctx.close();
    // What the server renders on <html> for each colour scheme (read from its real answer, not recomputed here).
    for (const scheme of SCHEMES) {
      const res = await request.get("/", { headers: { cookie: `${COOKIES.prefs}=${prefsCookie(scheme.prefs)}` } });
      const html = await res.text();
      const htmlClass = html.match(/<html[^>]*\sclass="([^"]*)"/)?.[1];
      const colorScheme = html.match(/<meta name="color-scheme" content="([^"]*)"/)?.[1];
      if (!htmlClass || !colorScheme) throw new Error(`no <html> class or color-scheme meta for ${scheme.name}`);
      schemeShells[scheme.name] = { htmlClass, colorScheme };
    }
  });

  for (const route of routes) {
    for (const lang of LANGS) {
      test(`${route.name} (${lang}) has no axe violations in any colour scheme, with JavaScript on and off`, async ({ browser, baseURL }) => {
        test.setTimeout(300_000);
        fs.mkdirSync(reportDir, { recursive: true });
        const failures: string[] = [];
        const url = route.path({ titleId });
        const audit = async (page: Page, scheme: string, js: boolean, rules?: string[]) => {
          // Legacy mode runs axe in the page itself: the default mode opens a blank page per run to finish it,
          // which doubles the cost and only matters for cross-origin frames (the portal has none). Only the
          // violations carry their nodes; passes and incomplete are counted by rule (ADR 150).
          const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
          const results = await (rules ? builder.withRules(rules) : builder.withTags(TAGS)).analyze();
          const id = `${route.name}--${scheme}--js-${js ? "on" : "off"}--${lang}`;
          const report: AxeCase = {
            id,
            route: route.name,
            url,
            scheme,
            js,
            lang,
            axeVersion: results.testEngine.version,
            tags: TAGS,
            rules: rules ?? "all",
            passes: results.passes.length,
            incomplete: results.incomplete.length,
            violations: results.violations.map((v) => ({
              id: v.id,
              impact: v.impact ?? null,
              help: v.help,
              nodes: v.nodes.length,
              targets: v.nodes.map((n) => n.target.join(" ")),
            })),
          };
          fs.writeFileSync(path.join(reportDir, `${id}.json`), JSON.stringify({ ...report, detail: results.violations }, null, 2));
          for (const v of report.violations) failures.push(`${id}: ${v.id} — ${v.help} (${v.targets.slice(0, 3).join(", ")})`);
        };
        const open = async (prefs: object, js: boolean) => {
          const ctx = await newContext(browser, baseURL!, lang, prefs, js, route.signedIn ? sessionCookies : []);
          const page = await ctx.newPage();
          await page.goto(url);
          if (route.act) {
            await route.act(page);
            // An action that navigates (JS off: a form's POST) is audited once the new page has loaded: its
            // elements exist before its stylesheet applies, and axe measuring unstyled skip links finds them small.
            await page.waitForLoadState("load");
          }
          if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
          // The page really is the one we meant to audit, in the language we asked for.
          await expect(page.locator("html")).toHaveAttribute("lang", lang === "pt" ? /^pt/ : /^en/);
          return { ctx, page };
        };
        const wanted = schemesFor(lang);
        const ownLoad = (name: string) => !COLOUR_ONLY.includes(name) && (opts.fullMatrix || name !== SHELL_ONLY);
        for (const js of [true, false]) {
          // The colour schemes differ only in what the server puts on <html> (its classes and the color-scheme
          // meta), so one page load serves them all: each scheme gets the server's own rendering of those two.
          const { ctx, page } = await open({}, js);
          for (const scheme of wanted.filter((s) => !ownLoad(s.name))) {
            await applyShell(page, scheme.name);
            await audit(page, scheme.name, js, scheme.name === "normal" ? undefined : COLOUR_RULES);
          }
          await applyShell(page, "normal");
          // Reflow at 320 px on the server-rendered page (JS off shows every disclosure open: the widest case).
          if (!js && lang === "pt") {
            const reflow = await checkReflow(page);
            writeInteraction({
              id: `reflow--${route.name}`,
              check: `${route.name}: no horizontal scrolling at 320 px, at 100 % and 200 % zoom, with and without text spacing`,
              mode: "a11y (JS off)",
              criteria: "1.4.10, 1.4.12",
              outcome: reflow.length ? "failed" : "passed",
              detail: reflow.join("; ") || undefined,
            });
            for (const f of reflow) failures.push(`${route.name} reflow: ${f}`);
          }
          await ctx.close();
          // Settings that change the markup itself (the Libras indicator) get a page load of their own.
          for (const scheme of wanted.filter((s) => ownLoad(s.name))) {
            const own = await open(scheme.prefs, js);
            await audit(own.page, scheme.name, js);
            await own.ctx.close();
          }
        }
        expect(failures, failures.join("\n")).toEqual([]);
      });
    }
  }
}
