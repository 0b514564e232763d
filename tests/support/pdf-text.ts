import zlib from "node:zlib";
import { expect } from "vitest";

/**
 * The text a PDF shows: every content stream inflated, its hex glyph strings decoded through the embedded
 * font's ToUnicode map (the PDF must use one font), one string per text-showing operator.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const streams: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf("endstream", start);
    const bytes = pdf.subarray(start, end);
    try {
      streams.push(zlib.inflateSync(bytes).toString("latin1"));
    } catch {
      streams.push(bytes.toString("latin1"));
    }
  }
  const cmap = new Map<number, string>();
  for (const s of streams.filter((x) => x.includes("beginbfrange"))) {
    for (const r of s.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const first = parseInt(r[1], 16);
      [...r[3].matchAll(/<([0-9a-f ]+)>/gi)].forEach((e, i) => {
        cmap.set(
          first + i,
          String.fromCharCode(
            ...e[1]
              .trim()
              .split(/\s+/)
              .map((h) => parseInt(h, 16)),
          ),
        );
      });
    }
  }
  const out: string[] = [];
  for (const s of streams.filter((x) => /T[Jj]/.test(x))) {
    for (const line of s.matchAll(/\[(.*?)\] TJ/g)) {
      out.push(
        [...line[1].matchAll(/<([0-9a-f]+)>/gi)]
          .map((h) =>
            h[1]
              .match(/.{4}/g)!
              .map((g) => cmap.get(parseInt(g, 16)) ?? "?")
              .join(""),
          )
          .join(""),
      );
    }
  }
  return out.join("\n");
}

/** Checks the marks of a tagged PDF (PDF/UA): structure tree, marked content, language, title shown, a heading, an embedded font. */
export function expectTaggedPdf(pdf: Buffer, lang: string) {
  const raw = pdf.toString("latin1");
  expect(raw.startsWith("%PDF-1.7")).toBe(true);
  expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
  const markInfo = /\/MarkInfo (\d+) 0 R/.exec(raw);
  expect(markInfo).not.toBeNull();
  expect(raw).toMatch(new RegExp(`\\n${markInfo![1]} 0 obj\\n<<\\n/Marked true`));
  expect(raw).toContain(`/Lang (${lang})`);
  expect(raw).toMatch(/\/DisplayDocTitle true/);
  expect(raw).toContain("/S /H1");
  expect(raw).toContain("/FontFile2");
}
