import { describe, expect, it } from "vitest";
import { mapTitle } from "./map.ts";
import type { MarcRecord } from "./types.ts";

const withLinks = (...links: Array<{ u: string; three?: string }>): MarcRecord => ({
  leader: "00000nam a2200000 a 4500",
  fields: [
    { tag: "001", value: "L1" },
    { tag: "245", ind1: "1", ind2: "0", subfields: [{ code: "a", value: "Links" }] },
    ...links.map((l) => ({ tag: "856", ind1: "4", ind2: "1", subfields: [...(l.three ? [{ code: "3", value: l.three }] : []), { code: "u", value: l.u }] })),
  ],
});

describe("a record's 856 links", () => {
  it("take a web image described as a cover as the title's cover", () => {
    const { title, links } = mapTitle(withLinks({ u: "https://covers.example.org/1.jpg", three: "Capa" }));
    expect(title.link_capa).toBe("https://covers.example.org/1.jpg");
    expect(links).toEqual([]);
  });

  it("never take a data: or javascript: address as the cover; it stays a link, which the pages show as text", () => {
    const { title, links } = mapTitle(withLinks({ u: "data:image/svg+xml,<svg onload=alert(1)>", three: "Capa" }, { u: "javascript:alert(1)//x.png" }));
    expect(title.link_capa).toBeNull();
    expect(links.map((l) => l.url)).toEqual(["data:image/svg+xml,<svg onload=alert(1)>", "javascript:alert(1)//x.png"]);
  });
});
