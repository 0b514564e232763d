import { describe, expect, it } from "vitest";
import { VLIBRAS_INIT, VLIBRAS_SCRIPT, vlibrasMarkup, vlibrasOn } from "./vlibras";

describe("the VLibras widget (ADR 256)", () => {
  it("is on only when the institution offers it and the patron turned Libras on", () => {
    expect(vlibrasOn(true, true)).toBe(true);
    expect(vlibrasOn(true, false)).toBe(false);
    expect(vlibrasOn(false, true)).toBe(false);
    expect(vlibrasOn(false, false)).toBe(false);
  });

  it("renders the official markup and both scripts with the nonce, and no inline script", () => {
    const html = vlibrasMarkup("n0Nce+/=");
    expect(html).toContain(
      '<div vw class="enabled"><div vw-access-button class="active"></div><div vw-plugin-wrapper><div class="vw-plugin-top-wrapper"></div></div></div>',
    );
    const scripts = [...html.matchAll(/<script([^>]*)><\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toContain(`src="${VLIBRAS_SCRIPT}"`);
    expect(scripts[1]).toContain(`src="${VLIBRAS_INIT}"`);
    for (const s of scripts) expect(s).toContain('nonce="n0Nce+/="');
    expect(html).not.toMatch(/<script[^>]*>[^<]+<\/script>/);
  });

  it("cannot be broken out of by a nonce with quotes or brackets", () => {
    expect(vlibrasMarkup('x"><img src=y>')).not.toContain("<img");
  });
});
