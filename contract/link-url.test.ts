import { describe, expect, it } from "vitest";
import { IMAGE_SCHEMES, linkHref } from "./link-url";

describe("which record addresses become links", () => {
  it("links web, FTP and e-mail addresses", () => {
    expect(linkHref("https://repositorio.example.org/handle/1/2")).toBe("https://repositorio.example.org/handle/1/2");
    expect(linkHref("  http://example.org/a b ")).toBe("http://example.org/a%20b");
    expect(linkHref("ftp://ftp.example.org/pub/x.pdf")).toBe("ftp://ftp.example.org/pub/x.pdf");
    expect(linkHref("mailto:biblioteca@example.org")).toBe("mailto:biblioteca@example.org");
  });

  it("keeps script and data addresses as text, however they are spelled", () => {
    for (const bad of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "\x01javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox",
      "DATA:image/png;base64,AAAA",
    ]) {
      expect(linkHref(bad), bad).toBeNull();
    }
  });

  it("keeps addresses without a scheme or a host as text", () => {
    expect(linkHref("www.example.org/livro")).toBeNull();
    expect(linkHref("doi:10.1000/182")).toBeNull();
    expect(linkHref("http:")).toBeNull();
    expect(linkHref("")).toBeNull();
    expect(linkHref(null)).toBeNull();
  });

  it("lets a cover come only from the web", () => {
    expect(linkHref("https://covers.example.org/1.jpg", IMAGE_SCHEMES)).toBe("https://covers.example.org/1.jpg");
    expect(linkHref("ftp://example.org/1.jpg", IMAGE_SCHEMES)).toBeNull();
    expect(linkHref("data:image/png;base64,AAAA", IMAGE_SCHEMES)).toBeNull();
  });
});
