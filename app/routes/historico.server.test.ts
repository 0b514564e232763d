import { describe, expect, it } from "vitest";
import { describeEntry, timeAgo } from "./historico.server";

// Echoes the key and values, so the test sees which translation was asked for.
const t = (key: string) => `[${key}]`;

describe("search history rows", () => {
  it("reads the tab, the term and the type back from a simple search URL", () => {
    const row = describeEntry({ u: "/ebooks?termo=redes+neurais&tipo=autor", n: 7, t: 0, f: ["Livros"] }, t, "en", 0);
    expect(row).toMatchObject({
      href: "/ebooks?termo=redes+neurais&tipo=autor",
      tab: "[catalogue:tabs.names.ebooks]",
      terms: "redes neurais",
      type: "[catalogue:search.types.autor]",
      filters: ["Livros"],
      total: 7,
      capped: false,
    });
  });

  it("names the general tab for the home page and shows the advanced fields with their names", () => {
    expect(describeEntry({ u: "/?termo=x1", n: 1, t: 0 }, t, "en", 0).tab).toBe("[catalogue:tabs.names.geral]");
    const row = describeEntry({ u: "/avancada?titulo=Dom&autor=Machado", n: 200, c: true, t: 0 }, t, "en", 0);
    expect(row.terms).toBe("[history:fields.titulo]: Dom · [history:fields.autor]: Machado");
    expect(row.type).toBeNull();
    expect(row.capped).toBe(true);
  });

  it("says how the advanced rows were joined when one is OR or NOT, the first two grouped (ADR 257)", () => {
    const row = describeEntry({ u: "/avancada?titulo=Dom&autor=Machado&op_autor=OU&assunto=Poesia&op_assunto=NAO", n: 3, t: 0 }, t, "en", 0);
    expect(row.terms).toBe(
      "([history:fields.titulo]: Dom [catalogue:advanced.operators.OU] [history:fields.autor]: Machado) [catalogue:advanced.operators.NAO] [history:fields.assunto]: Poesia",
    );
    // A hand-edited operator is AND, as the search read it; an empty row's operator says nothing.
    expect(describeEntry({ u: "/avancada?titulo=Dom&autor=Machado&op_autor=XOR&op_assunto=NAO", n: 1, t: 0 }, t, "en", 0).terms).toBe(
      "[history:fields.titulo]: Dom · [history:fields.autor]: Machado",
    );
  });

  it("says how long ago in the page's language", () => {
    const now = 10 * 3_600_000;
    expect(timeAgo(now - 5_000, now, "en")).toBe("now");
    expect(timeAgo(now - 5_000, now, "pt")).toBe("agora");
    expect(timeAgo(now - 5 * 60_000, now, "en")).toBe("5 minutes ago");
    expect(timeAgo(now - 2 * 3_600_000, now, "pt")).toBe("há 2 horas");
  });
});
