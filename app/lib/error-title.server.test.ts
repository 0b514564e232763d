import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { isFormErrorStatus, prefixTitle } from "./error-title.server";

async function through(chunks: string[], prefix = "Erro:") {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(prefixTitle(prefix));
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("prefixTitle", () => {
  it("puts the error prefix at the start of the page title", async () => {
    expect(await through(["<html><head><title>Entrar | Biblioteca</title></head><body>x</body></html>"])).toBe(
      "<html><head><title>Erro: Entrar | Biblioteca</title></head><body>x</body></html>",
    );
  });

  it("finds a title split across chunks, and leaves the rest of the page alone", async () => {
    const html = await through(
      ["<html><head><me", "ta charset='utf-8'/><tit", "le>Pesquisa</title>", "<title>not this</title></head>", "<body>ação</body>"],
      "Erreur :",
    );
    expect(html).toBe("<html><head><meta charset='utf-8'/><title>Erreur : Pesquisa</title><title>not this</title></head><body>ação</body>");
  });

  it("keeps a character split between two chunks whole", async () => {
    const bytes = Buffer.from("<head><title>Ação</title></head>");
    const out: Buffer[] = [];
    const stream = Readable.from([bytes.subarray(0, 15), bytes.subarray(15)]).pipe(prefixTitle("Erro:"));
    for await (const chunk of stream) out.push(chunk as Buffer);
    expect(Buffer.concat(out).toString("utf8")).toBe("<head><title>Erro: Ação</title></head>");
  });

  it("adds no second prefix to a title that already starts with it", async () => {
    expect(await through(["<head><title>Erro: Reservas</title></head>"])).toBe("<head><title>Erro: Reservas</title></head>");
  });

  it("passes a page with no title through unchanged", async () => {
    expect(await through(["<html><head></head>", "<body></body></html>"])).toBe("<html><head></head><body></body></html>");
    expect(await through(["<p>fragment"])).toBe("<p>fragment");
  });

  it("applies to form-error statuses only", () => {
    expect([200, 302, 400, 403, 404, 422, 500].filter(isFormErrorStatus)).toEqual([400, 422]);
  });
});
