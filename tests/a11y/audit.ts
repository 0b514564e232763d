import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { expect, test, type Browser, type BrowserContext, type Cookie, type Page } from "@playwright/test";
import { COOKIES, DEMO, findTitleId, login, prefsCookie } from "../fixtures/demo";
import { writeInteraction } from "../support/interaction-report";
import type { AxeCase } from "./write-summary";

/**
 * axe (WCAG 2.2 A/AA) on every route, with JavaScript on and off, in Portuguese and English, and in every
 * colour scheme (ADRs 150, 199). One JSON report per case goes to a11y-reports/; any violation fails.
 *
 * JS off: axe needs script in the page, so the "off" case loads the same URL with the app's scripts
 * blocked: the browser shows exactly the server-rendered HTML a no-JS visitor gets.
 *
 * Cost (ADR 199): a browser context and its page are kept per worker, JavaScript mode and session, so the
 * portal's scripts come from a warm cache; axe is put in a page once and run as often as that page needs.
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
 * WCAG rule, and each other colour-only scheme the rules that read colours (ADR 150). Every pair of the
 * palettes' tokens is checked by app/styles/palette.test.ts as well (ADR 199).
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
/** WCAG 1.4.12 text spacing: line height 1.5, paragraph spacing 2, letter spacing 0.12, word spacing 0.16. */
const TEXT_SPACING =
  "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }";

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
        if (width > html.clientWidth)
          out.push(`${zoom ? "zoom 200 %" : "zoom 100 %"}${spacing ? " + text spacing" : ""}: ${width} px wide at ${html.clientWidth} px`);
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
  /** Accessibility preferences the case is audited with (e.g. `{ libras: true }` for a Libras-only section). */
  prefs?: object;
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
/** The institution's name, read from the home page's title: every page's title ends with " | " and it. */
let institution = "";

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeOutcome {
  version: string;
  passes: number;
  incomplete: number;
  violations: Array<{
    id: string;
    impact: string | null;
    help: string;
    helpUrl: string;
    nodes: Array<{ target: string[]; html: string; failureSummary?: string }>;
  }>;
}

/**
 * Runs axe in the page as @axe-core/playwright's legacy mode does (in the page itself; the portal has no
 * frames), but puts axe in each document once: a page audited in six schemes parses it once, not six times.
 * Only the violations carry their nodes; passes and incomplete are counted by rule (ADR 150).
 */
async function runAxe(page: Page, rules?: string[]): Promise<AxeOutcome> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, rules }) => {
      const axe = (window as any).axe;
      const r = await axe.run(document, {
        runOnly: rules ? { type: "rule", values: rules } : { type: "tag", values: tags },
        resultTypes: ["violations"],
      });
      return {
        version: r.testEngine.version as string,
        passes: r.passes.length as number,
        incomplete: r.incomplete.length as number,
        violations: r.violations.map((v: any) => ({
          id: v.id,
          impact: v.impact ?? null,
          help: v.help,
          helpUrl: v.helpUrl,
          nodes: v.nodes.map((n: any) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
        })),
      };
    },
    { tags: TAGS, rules },
  );
}

/** Puts on the loaded page what the server renders on <html> for a scheme: its classes and color-scheme meta. */
async function applyShell(page: Page, scheme: string) {
  const shell = schemeShells[scheme]!;
  await page.evaluate((sh) => {
    document.documentElement.className = sh.htmlClass;
    document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", sh.colorScheme);
  }, shell);
  await expect(page.locator("html")).toHaveAttribute("class", shell.htmlClass);
}

/**
 * One browser context and page per site, JavaScript mode and session, kept for the worker's life (all its spec files):
 * its HTTP cache stays warm, so a page load costs what it costs a returning visitor, not a first one. Before
 * each load the cookies are reset to exactly the case's own (language, visual settings, session), so nothing
 * a previous case set (a basket, a flash message) reaches the next.
 */
class Pages {
  private open = new Map<string, { ctx: BrowserContext; page: Page }>();
  constructor(readonly browser: Browser) {}

  async get(baseURL: string, js: boolean, session: Cookie[], sessionKey: string) {
    const key = `${baseURL}-${js}-${sessionKey}`;
    let entry = this.open.get(key);
    if (!entry || entry.page.isClosed()) {
      // Always javaScriptEnabled:true (axe runs in the page); JS off = the app's scripts are blocked.
      const ctx = await this.browser.newContext({ javaScriptEnabled: true, baseURL });
      const page = await ctx.newPage();
      if (!js) {
        // Blocked in the browser's network layer (a Playwright route would take a round trip per script).
        const cdp = await ctx.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.setBlockedURLs", { urls: ["*/assets/*.js", "*/assets/*.js?*"] });
      }
      entry = { ctx, page };
      this.open.set(key, entry);
    }
    return { ...entry, session };
  }
}
/** The worker's pages and signed-in sessions (the browser closes the contexts when the worker ends). */
let workerPages: Pages | undefined;
const workerSessions = new Map<string, Cookie[]>();

/**
 * Declares one test per route that audits it with JavaScript on and off, in the colour schemes and, on the
 * core routes, in Portuguese and English (ADR 199). Call it from a spec file per area (tests/a11y/<area>.spec.ts).
 *
 * - The core routes (`fullMatrix`): every WCAG rule in pt and en with JavaScript on and off; in pt, every
 *   colour scheme and zoom + bold + Libras (a load of its own), with JavaScript on and off.
 * - Every other route: every WCAG rule in Portuguese with JavaScript on and off (the language changes only
 *   the text); every colour scheme, with the colour rules, on the server-rendered page; reflow at 320 px.
 */
export function auditRoutes(routes: RouteCase[], opts: { fullMatrix?: boolean; patron?: { login: string; password: string } } = {}) {
  // This call's own session (a spec may sign in as another demo patron, e.g. the professor).
  const patron = opts.patron ?? DEMO.patron;
  let sessionCookies: Cookie[] = [];
  let pages: Pages;
  test.beforeAll(async ({ browser, request }) => {
    // Kept for the worker's life, across spec files: the pages, each patron's session, the title and the
    // schemes' shells (ADR 199).
    if (!workerPages || workerPages.browser !== browser) workerPages = new Pages(browser);
    pages = workerPages;
    if (!titleId) titleId = await findTitleId(request);
    let session = workerSessions.get(patron.login);
    if (!session) {
      const ctx = await browser.newContext({ javaScriptEnabled: true });
      const page = await ctx.newPage();
      await login(page, patron);
      session = (await ctx.cookies()).filter((c) => c.name !== COOKIES.prefs && c.name !== COOKIES.language);
      workerSessions.set(patron.login, session);
      await ctx.close();
    }
    sessionCookies = session;
    // What the server renders on <html> for each colour scheme (read from its real answer, not recomputed here).
    for (const scheme of SCHEMES) {
      if (schemeShells[scheme.name]) continue;
      const res = await request.get("/", { headers: { cookie: `${COOKIES.prefs}=${prefsCookie(scheme.prefs)}` } });
      const html = await res.text();
      const htmlClass = html.match(/<html[^>]*\sclass="([^"]*)"/)?.[1];
      const colorScheme = html.match(/<meta name="color-scheme" content="([^"]*)"/)?.[1];
      if (!htmlClass || !colorScheme) throw new Error(`no <html> class or color-scheme meta for ${scheme.name}`);
      schemeShells[scheme.name] = { htmlClass, colorScheme };
      if (!institution) {
        const home = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
        const decoded = home
          .replace(/&amp;/g, "&")
          .replace(/&quot;/g, '"')
          .replace(/&#x27;|&#39;/g, "'")
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">");
        if (!decoded.includes(" | ")) throw new Error(`the home page's title has no institution: ${decoded}`);
        institution = decoded.slice(decoded.lastIndexOf(" | ") + 3);
      }
    }
  });

  for (const route of routes) {
    test(`${route.name} has no axe violations in the colour schemes, with JavaScript on and off${opts.fullMatrix ? ", in pt and en" : ""}`, async ({
      baseURL,
    }) => {
      test.setTimeout(300_000);
      fs.mkdirSync(reportDir, { recursive: true });
      const failures: string[] = [];
      const url = route.path({ titleId });
      const audit = async (page: Page, scheme: string, js: boolean, lang: string, rules?: string[]) => {
        const results = await runAxe(page, rules);
        const id = `${route.name}--${scheme}--js-${js ? "on" : "off"}--${lang}`;
        const report: AxeCase = {
          id,
          route: route.name,
          url,
          scheme,
          js,
          lang,
          axeVersion: results.version,
          tags: TAGS,
          rules: rules ?? "all",
          passes: results.passes,
          incomplete: results.incomplete,
          violations: results.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.length,
            targets: v.nodes.map((n) => n.target.join(" ")),
          })),
        };
        fs.writeFileSync(path.join(reportDir, `${id}.json`), JSON.stringify({ ...report, detail: results.violations }, null, 2));
        for (const v of report.violations) failures.push(`${id}: ${v.id} — ${v.help} (${v.targets.slice(0, 3).join(", ")})`);
      };
      /** Loads the case's URL in the kept page of its mode, with only this case's cookies. */
      const open = async (lang: string, prefs: object, js: boolean) => {
        const { ctx, page, session } = await pages.get(baseURL!, js, route.signedIn ? sessionCookies : [], route.signedIn ? patron.login : "-");
        await ctx.clearCookies();
        await ctx.addCookies([
          { name: COOKIES.prefs, value: prefsCookie(prefs), url: baseURL! },
          { name: COOKIES.language, value: lang, url: baseURL! },
          ...session,
        ]);
        await page.setViewportSize({ width: 1280, height: 720 });
        await page.goto(url);
        // A signed-in case really is signed in (the worker's session is shared by the spec files).
        if (route.signedIn && !route.act) expect(new URL(page.url()).pathname, `${route.name}: signed in`).not.toBe("/login");
        if (route.act) {
          await route.act(page);
          // An action that navigates (JS off: a form's POST) is audited once the new page has loaded: its
          // elements exist before its stylesheet applies, and axe measuring unstyled skip links finds them small.
          await page.waitForLoadState("load");
        }
        if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        // The page really is the one we meant to audit, in the language we asked for.
        await expect(page.locator("html")).toHaveAttribute("lang", lang === "pt" ? /^pt/ : /^en/);
        return page;
      };
      for (const js of [false, true]) {
        for (const lang of LANGS) {
          // Outside the core routes the language changes only the text, whose every key is in every language
          // and none empty (app/lib/locales.test.ts): English is audited on the core routes (ADR 199).
          if (!opts.fullMatrix && lang !== "pt") continue;
          const page = await open(lang, route.prefs ?? {}, js);
          await audit(page, "normal", js, lang);
          // One rule for titles (docs/contributing/adding-a-screen.md): "<page> | <institution>".
          const title = await page.title();
          if (!title.endsWith(` | ${institution}`) || title.length <= institution.length + 3)
            failures.push(`${route.name} (JS ${js ? "on" : "off"}, ${lang}): title "${title}" is not "<page> | ${institution}"`);
          // The colour schemes differ only in what the server puts on <html> (its classes and the color-scheme
          // meta), so the loaded page serves them all, each with the server's own rendering of those two.
          // In Portuguese: a language changes the words, not the colours. Outside the core routes, on the
          // server-rendered page (ADR 199).
          if (lang === "pt" && (opts.fullMatrix || !js)) {
            for (const scheme of SCHEMES.filter((s) => s.name !== "normal" && (COLOUR_ONLY.includes(s.name) || !opts.fullMatrix))) {
              await applyShell(page, scheme.name);
              await audit(page, scheme.name, js, lang, COLOUR_RULES);
            }
            await applyShell(page, "normal");
          }
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
          // Zoom + bold + Libras changes the shell's markup: on the core routes it gets a load of its own.
          if (opts.fullMatrix && lang === "pt") {
            const own = await open(lang, SCHEMES.find((s) => s.name === SHELL_ONLY)!.prefs, js);
            await audit(own, SHELL_ONLY, js, lang);
          }
        }
      }
      expect(failures, failures.join("\n")).toEqual([]);
    });
  }
}
