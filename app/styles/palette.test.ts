import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The colour schemes are palettes of CSS custom properties (base.css); components use only the tokens. This
 * test checks every palette the way WCAG 2.2 measures contrast (1.4.3 text 4.5:1, 1.4.11 non-text 3:1), for
 * every pair of tokens a component can put together, and that components use nothing but tokens. With it,
 * the browser audit runs each colour-only scheme on the core routes instead of on every route (ADR 199).
 */
const appDir = path.resolve(import.meta.dirname, "..");
const baseCss = fs.readFileSync(path.join(import.meta.dirname, "base.css"), "utf8");

type Palette = Record<string, string>;

function blocks(css: string): Array<{ selectors: string[]; body: string }> {
  const out: Array<{ selectors: string[]; body: string }> = [];
  const clean = css.replace(/\/\*[\s\S]*?\*\//g, "");
  for (const m of clean.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    out.push({ selectors: m[1]!.split(",").map((s) => s.trim()), body: m[2]! });
  }
  return out;
}

function declarations(body: string): Array<[string, string]> {
  return body
    .split(";")
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => {
      const i = d.indexOf(":");
      return [d.slice(0, i).trim(), d.slice(i + 1).trim()] as [string, string];
    });
}

const SCHEMES = ["normal", "inverted", "greyscale", "high-contrast"] as const;

/** The palette the browser resolves on <html class="scheme-X [dark]">, from base.css's own blocks. */
function palette(scheme: string, dark: boolean): Palette {
  const wanted = [":root", ".scheme-normal", `.scheme-${scheme}`, ...(dark ? [`.dark.scheme-${scheme}`] : [])];
  const out: Palette = {};
  for (const sel of wanted) {
    for (const b of blocks(baseCss)) {
      if (!b.selectors.includes(sel)) continue;
      for (const [prop, value] of declarations(b.body)) if (prop.startsWith("--color-")) out[prop.slice(2)] = value;
    }
  }
  return out;
}

function luminance(hex: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [0, 2, 4]
    .map((i) => parseInt(m[1]!.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (l1! + 0.05) / (l2! + 0.05);
}

const PALETTES = SCHEMES.flatMap((scheme) =>
  [false, true].map((dark) => ({ name: `${scheme}${dark ? " + dark" : ""}`, colours: palette(scheme, dark) })),
);

/** Text tokens and the page backgrounds any of them may sit on. */
const TEXT = ["color-text", "color-muted", "color-link", "color-link-visited", "color-accent", "color-error", "color-success"];
const PAGE_BACKGROUNDS = ["color-bg", "color-surface", "color-warning-bg"];
/** Backgrounds that carry their own text colour: a rule that paints one must set that colour too. */
const OWN_TEXT: Record<string, string[]> = {
  "color-accent": ["color-on-accent"],
  "color-focus-bg": ["color-on-focus-bg"],
  "color-topbar-bg": ["color-topbar-text", "color-topbar-link"],
};
/** Non-text tokens (borders, focus outlines, icons, chart strokes) against the page backgrounds. */
const NON_TEXT = ["color-border", "color-focus", "color-accent", "color-error", "color-success", "color-text"];

describe("colour palettes (WCAG 1.4.3, 1.4.11)", () => {
  it("defines every token in every palette as #rrggbb", () => {
    for (const p of PALETTES) {
      for (const token of [...TEXT, ...PAGE_BACKGROUNDS, ...NON_TEXT, ...Object.keys(OWN_TEXT), ...Object.values(OWN_TEXT).flat()]) {
        expect(p.colours[token], `${p.name}: ${token}`).toMatch(/^#[0-9a-f]{6}$/i);
      }
    }
  });

  it("gives every text token 4.5:1 on every page background", () => {
    const failures: string[] = [];
    for (const p of PALETTES) {
      for (const fg of TEXT) {
        for (const bg of PAGE_BACKGROUNDS) {
          const ratio = contrast(p.colours[fg]!, p.colours[bg]!);
          if (ratio < 4.5) failures.push(`${p.name}: ${fg} on ${bg} is ${ratio.toFixed(2)}:1`);
        }
      }
      for (const [bg, fgs] of Object.entries(OWN_TEXT)) {
        for (const fg of fgs) {
          const ratio = contrast(p.colours[fg]!, p.colours[bg]!);
          if (ratio < 4.5) failures.push(`${p.name}: ${fg} on ${bg} is ${ratio.toFixed(2)}:1`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("gives borders, focus outlines and marks 3:1 against the page backgrounds", () => {
    const failures: string[] = [];
    for (const p of PALETTES) {
      for (const fg of NON_TEXT) {
        for (const bg of ["color-bg", "color-surface"]) {
          const ratio = contrast(p.colours[fg]!, p.colours[bg]!);
          if (ratio < 3) failures.push(`${p.name}: ${fg} against ${bg} is ${ratio.toFixed(2)}:1`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("measures contrast as WCAG does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });
});

function cssFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return cssFiles(full);
    return e.name.endsWith(".css") ? [full] : [];
  });
}

/** Literal colours allowed outside the palettes, each with its reason. */
const LITERAL_ALLOWED: Array<{ selector: RegExp; reason: string }> = [
  // A QR code must be dark on light whatever the scheme, or phones cannot read it.
  { selector: /^\.loan-token__qr$/, reason: "QR codes stay dark on white for the scanner" },
];
const COLOUR_PROPS =
  /^(color|background(-color)?|border(-(top|right|bottom|left))?(-color)?|outline(-color)?|fill|stroke|box-shadow|text-decoration(-color)?|accent-color|caret-color|column-rule(-color)?)$/;
const LITERAL =
  /#[0-9a-f]{3,8}\b|\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|\b(white|black|red|green|blue|yellow|gray|grey|orange|purple|silver|navy|maroon)\b/i;

describe("components use the palette's tokens", () => {
  const files = cssFiles(appDir);
  const rules = files.flatMap((file) =>
    blocks(fs.readFileSync(file, "utf8"))
      .filter((b) => !b.selectors.some((s) => /^(:root|\.scheme-|\.dark\.scheme-)/.test(s)))
      .map((b) => ({ file: path.relative(appDir, file), selectors: b.selectors, decls: declarations(b.body) })),
  );

  it("reads every CSS file of the portal", () => {
    expect(files.length).toBeGreaterThan(3);
    expect(rules.length).toBeGreaterThan(100);
  });

  it("has no literal colour outside the palettes", () => {
    const failures: string[] = [];
    for (const r of rules) {
      if (r.selectors.every((s) => LITERAL_ALLOWED.some((a) => a.selector.test(s)))) continue;
      for (const [prop, value] of r.decls) {
        if (COLOUR_PROPS.test(prop) && LITERAL.test(value.replace(/var\([^)]*\)/g, "")))
          failures.push(`${r.file} ${r.selectors.join(", ")} { ${prop}: ${value} }`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("sets the matching text colour wherever it paints a background that carries its own", () => {
    const failures: string[] = [];
    for (const r of rules) {
      const bg = r.decls.find(([p]) => p === "background" || p === "background-color")?.[1].match(/var\(--(color-[a-z-]+)\)/)?.[1];
      if (!bg || !OWN_TEXT[bg]) continue;
      const fg = r.decls.find(([p]) => p === "color")?.[1].match(/var\(--(color-[a-z-]+)\)/)?.[1];
      if (!fg || !OWN_TEXT[bg]!.includes(fg)) failures.push(`${r.file} ${r.selectors.join(", ")}: ${bg} with ${fg ?? "an inherited text colour"}`);
    }
    expect(failures).toEqual([]);
  });

  it("puts only text tokens on page backgrounds and each background's own text on it", () => {
    const failures: string[] = [];
    for (const r of rules) {
      const fg = r.decls.find(([p]) => p === "color")?.[1].match(/var\(--(color-[a-z-]+)\)/)?.[1];
      const bg = r.decls.find(([p]) => p === "background" || p === "background-color")?.[1].match(/var\(--(color-[a-z-]+)\)/)?.[1];
      if (!fg) continue;
      const allowed = bg && OWN_TEXT[bg] ? OWN_TEXT[bg]! : [...TEXT, ...Object.values(OWN_TEXT).flat()];
      if (!allowed.includes(fg)) failures.push(`${r.file} ${r.selectors.join(", ")}: ${fg}${bg ? ` on ${bg}` : ""}`);
    }
    expect(failures).toEqual([]);
  });
});
