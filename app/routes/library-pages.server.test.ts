import { describe, expect, it, vi } from "vitest";
import type { RouterContextProvider } from "react-router";
import type { LibraryPages } from "~/lib/api/library-pages.server";

// What the cached reader answers in each test (a plain function: the loader awaits it inside its try).
let answer: () => Promise<LibraryPages> = () => Promise.reject(new Error("unset"));
vi.mock("~/lib/api/library-pages.server", () => ({ getLibraryPages: () => answer() }));
vi.mock("~/lib/api/client.server", () => ({ getApi: () => ({}) }));
vi.mock("~/lib/i18n.server", () => ({ getLanguage: () => "en" }));

const { loadLibraryPage } = await import("./library-pages.server");
const context = {} as Readonly<RouterContextProvider>;
const pages: LibraryPages = { blocks: [], faq: [{ pergunta: "How?", html: "Like this." }], events: [], eventsFailed: false };

describe("loadLibraryPage", () => {
  it("answers 200 with the page's content in the visitor's language", async () => {
    answer = async () => pages;
    const r = await loadLibraryPage(context, "faq");
    expect(r.init?.status).toBe(200);
    expect(r.data).toEqual({ lang: "en", content: pages.faq, unavailable: false });
  });

  it("answers 404 when the library has no such content", async () => {
    answer = async () => pages;
    const r = await loadLibraryPage(context, "events");
    expect(r.init?.status).toBe(404);
    expect(r.data.content).toEqual([]);
  });

  it("answers 503 when the API cannot be reached", async () => {
    answer = async () => {
      throw new Error("down");
    };
    const r = await loadLibraryPage(context, "blocks");
    expect(r.init?.status).toBe(503);
    expect(r.data.unavailable).toBe("network");
  });

  it("answers the events page with 503 and the contact-support state when the events service failed (spec §8)", async () => {
    answer = async () => ({ ...pages, eventsFailed: true });
    const r = await loadLibraryPage(context, "events");
    expect(r.init?.status).toBe(503);
    expect(r.data.unavailable).toBe("support");
    // The other pages are unaffected.
    expect((await loadLibraryPage(context, "faq")).init?.status).toBe(200);
  });
});
