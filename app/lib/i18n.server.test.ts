import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { I18nextProvider } from "react-i18next";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { getI18n, getLanguage, getT, i18nMiddleware, instanceFor } from "./i18n.server";
import { fixedT, useTranslation } from "~/framework/use-translation";

/** Runs the i18n middleware for `url`; inside it, waits `delayMs` and then reads the request's translation. */
async function translateInRequest(url: string, delayMs: number, cookie?: string) {
  const context = new RouterContextProvider();
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  let seen = "";
  await i18nMiddleware({ request, context, params: {}, unstable_pattern: "" } as never, async () => {
    await new Promise((r) => setTimeout(r, delayMs));
    seen = `${getLanguage(context)}:${getT(context)("common:errors.not_found_heading")}`;
    return new Response("ok");
  });
  return seen;
}

describe("server i18n", () => {
  it("keeps each request in its own language when requests of several languages overlap", async () => {
    const results = await Promise.all([
      translateInRequest("http://x/?lng=en", 30),
      translateInRequest("http://x/", 10),
      translateInRequest("http://x/", 20, "lng=es"),
      translateInRequest("http://x/?lng=pt", 5, "lng=en"),
      translateInRequest("http://x/?lng=en", 1),
    ]);
    expect(results).toEqual([
      "en:Page not found",
      "pt:Página não encontrada",
      `es:${instanceFor("es").t("common:errors.not_found_heading")}`,
      "pt:Página não encontrada",
      "en:Page not found",
    ]);
  });

  it("shares one initialized instance per language instead of creating one per request", () => {
    expect(instanceFor("en")).toBe(instanceFor("en"));
    expect(instanceFor("en")).not.toBe(instanceFor("pt"));
    expect(instanceFor("fr").language).toBe("fr");
    expect(instanceFor("fr").isInitialized).toBe(true);
  });

  it("falls back to Portuguese when the middleware did not run", () => {
    const context = new RouterContextProvider();
    expect(getLanguage(context)).toBe("pt");
    expect(getI18n(context)).toBe(instanceFor("pt"));
  });
});

describe("useTranslation on the server", () => {
  function Heading({ ns }: { ns?: string }) {
    const { t } = useTranslation(ns);
    return createElement("h1", null, t("errors.not_found_heading"));
  }
  const render = (lng: "pt" | "en", ns?: string) =>
    renderToStaticMarkup(createElement(I18nextProvider, { i18n: instanceFor(lng) }, createElement(Heading, { ns })));

  it("renders each render in its provider's language, however they interleave", async () => {
    const out = await Promise.all(
      ["en", "pt", "en", "pt"].map(async (lng, i) => {
        await new Promise((r) => setTimeout(r, 4 - i));
        return render(lng as "pt" | "en", "common");
      }),
    );
    expect(out).toEqual(["<h1>Page not found</h1>", "<h1>Página não encontrada</h1>", "<h1>Page not found</h1>", "<h1>Página não encontrada</h1>"]);
  });

  it("uses the default namespace when none is named", () => {
    expect(render("en")).toBe("<h1>Page not found</h1>");
  });

  it("follows a language change of the instance it was given", async () => {
    const { createInstance } = await import("i18next");
    const own = createInstance();
    await own.init({ lng: "en", resources: { en: { common: { x: "yes" } }, pt: { common: { x: "sim" } } }, defaultNS: "common", initAsync: false });
    const Show = () => createElement("p", null, useTranslation("common").t("x"));
    const html = () => renderToStaticMarkup(createElement(I18nextProvider, { i18n: own }, createElement(Show)));
    expect(html()).toBe("<p>yes</p>");
    await own.changeLanguage("pt");
    expect(html()).toBe("<p>sim</p>");
  });
});

describe("the server's fixed t", () => {
  const en = instanceFor("en");
  const fast = fixedT(en, "en", ["catalogue", "common"]);
  const slow = en.getFixedT("en", "catalogue");

  it("translates as i18next's getFixedT does: plain keys, other namespaces, interpolation, plurals, fallback keys", () => {
    const cases: Array<[string | string[], Record<string, unknown>?]> = [
      ["common:errors.not_found_heading"],
      ["meta.notFound"],
      ["meta.search", { termo: "jazz", pagina: 2 }],
      [["no.such.key", "common:errors.not_found_heading"]],
      ["common:errors.not_found_heading", { lng: "pt" }],
      ["missing.key", { defaultValue: "fallback" }],
    ];
    for (const [key, opts] of cases)
      expect((fast as (k: unknown, o?: unknown) => string)(key, opts)).toBe((slow as (k: unknown, o?: unknown) => string)(key, opts));
  });

  it("gives i18next's answer for every key of every namespace and language, plain and with values, and again from its memo", () => {
    for (const lng of ["pt", "en", "es", "fr", "it"] as const) {
      const i18n = instanceFor(lng);
      for (const ns of Object.keys(i18n.store.data[lng] ?? {})) {
        const mine = fixedT(i18n, lng, [ns]) as (k: string, o?: Record<string, unknown>) => unknown;
        const theirs = i18n.getFixedT(lng, ns) as unknown as (k: string, o?: Record<string, unknown>) => unknown;
        const leaves: Array<[string, string]> = [];
        const walk = (node: unknown, path: string) => {
          if (typeof node === "string") leaves.push([path, node]);
          else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
        };
        walk(i18n.store.data[lng][ns], "");
        for (const [key, text] of leaves) {
          if (/_(zero|one|two|few|many|other)$/.test(key)) continue;
          const names = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);
          const values = Object.fromEntries(names.map((n, i) => [n, i % 2 ? 7 : `<v${i}>`]));
          for (let round = 0; round < 2; round++) {
            expect(mine(key), `${lng} ${ns}:${key}`).toEqual(theirs(key));
            if (names.length) expect(mine(key, values), `${lng} ${ns}:${key} with values`).toEqual(theirs(key, values));
          }
        }
        // Plurals: the base key of every plural form, with counts that pick each form (and zero), twice.
        const plurals = new Set(leaves.map(([key]) => /^(.*)_(zero|one|two|few|many|other)$/.exec(key)?.[1]).filter((k) => k !== undefined));
        for (const key of plurals) {
          const forms = leaves.filter(([k]) => k.startsWith(`${key}_`)).map(([, text]) => text);
          const names = [...new Set(forms.flatMap((text) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1])))].filter(
            (n) => n !== "count",
          );
          const values = Object.fromEntries(names.map((n, i) => [n, i % 2 ? 7 : `<v${i}>`]));
          for (const count of [0, 1, 2, 3, 5, 11, 21, 1.5, 1_000_000]) {
            for (let round = 0; round < 2; round++) {
              expect(mine(key, { ...values, count }), `${lng} ${ns}:${key} count ${count}`).toEqual(theirs(key, { ...values, count }));
            }
          }
        }
      }
    }
  });
});
