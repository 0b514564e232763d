import { describe, expect, it } from "vitest";
import { DEFAULT_PREFS, htmlClassFor, parsePrefs, prefsFromForm, serializePrefs } from "./prefs";

describe("accessibility preferences cookie", () => {
  it("round-trips every setting", () => {
    const prefs = { zoom: 60, scheme: "high-contrast", bold: true, libras: true, dark: true } as const;
    expect(parsePrefs(serializePrefs(prefs))).toEqual(prefs);
  });
  it("falls back to the defaults when the cookie is missing or garbage", () => {
    expect(parsePrefs(undefined)).toEqual(DEFAULT_PREFS);
    expect(parsePrefs("%%%")).toEqual(DEFAULT_PREFS);
  });
  it("ignores values outside the allowed lists", () => {
    expect(parsePrefs("z=30&c=purple&b=yes")).toEqual(DEFAULT_PREFS);
  });
  it("reads the settings form, where unticked checkboxes are absent", () => {
    const form = new FormData();
    form.set("zoom", "100");
    form.set("scheme", "greyscale");
    form.set("dark", "1");
    expect(prefsFromForm(form)).toEqual({ zoom: 100, scheme: "greyscale", bold: false, libras: false, dark: true });
  });
  it("renders the <html> classes", () => {
    expect(htmlClassFor({ zoom: 20, scheme: "inverted", bold: true, libras: false, dark: true })).toBe("zoom-20 scheme-inverted bold dark");
    expect(htmlClassFor(DEFAULT_PREFS)).toBe("zoom-0 scheme-normal");
  });
});
