/**
 * Tagged PDFs (PDF/UA subset, embedded DejaVu fonts, document language and title shown; ADRs 126, 190, 192):
 * the frame every PDF of the portal is drawn in, its lists and links, and the download response that carries it.
 */
import fs from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";

const FONT_DIR = path.resolve(process.cwd(), "app", "fonts");

export interface TaggedPdf {
  doc: PDFKit.PDFDocument;
  /** The structure tree's root ("Document"): add each heading and paragraph to it. */
  root: PDFKit.PDFStructureElement;
  /** Ends the structure and the document; resolves to the file's bytes. */
  finish(): Promise<Buffer>;
}

/** An A4 tagged PDF with the fonts "regular" and "bold" registered and "regular" selected. */
export function taggedPdf(opts: { lang: string; title: string; author: string; subject?: string; margin?: number }): TaggedPdf {
  const doc = new PDFDocument({
    size: "A4",
    margin: opts.margin ?? 56,
    pdfVersion: "1.7",
    tagged: true,
    // The runtime supports PDF/UA; the type definitions list only the PDF/A subsets.
    subset: "PDF/UA" as unknown as PDFKit.Mixins.PDFSubsets,
    lang: opts.lang === "pt" ? "pt-BR" : opts.lang,
    displayTitle: true,
    info: { Title: opts.title, Author: opts.author, Subject: opts.subject ?? opts.title },
  });
  doc.registerFont("regular", fs.readFileSync(path.join(FONT_DIR, "DejaVuSans.ttf")));
  doc.registerFont("bold", fs.readFileSync(path.join(FONT_DIR, "DejaVuSans-Bold.ttf")));
  doc.font("regular");
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  const root = doc.struct("Document");
  doc.addStructure(root);
  return {
    doc,
    root,
    async finish() {
      root.end();
      doc.end();
      await done;
      return Buffer.concat(chunks);
    },
  };
}

/**
 * `items` as a list of the structure tree (L > LI > Lbl + LBody), each drawn after a bullet in the current font
 * and size; the bullet is the item's label, never part of its text. The page breaks between items, not inside one.
 */
export function bulletList(doc: PDFKit.PDFDocument, parent: PDFKit.PDFStructureElement, items: string[], opts: { indent?: number } = {}): void {
  if (items.length === 0) return;
  const x = doc.x;
  const indent = opts.indent ?? 14;
  const width = doc.page.width - doc.page.margins.right - x - indent;
  const list = doc.struct("L");
  parent.add(list);
  for (const item of items) {
    if (doc.y + doc.heightOfString(item, { width }) > doc.page.maxY()) doc.addPage();
    const y = doc.y;
    const li = doc.struct("LI");
    list.add(li);
    li.add(doc.struct("Lbl", {}, () => doc.text("•", x, y, { lineBreak: false })));
    li.add(doc.struct("LBody", {}, () => doc.text(item, x + indent, y, { width })));
    li.end();
  }
  list.end();
  doc.x = x;
}

/**
 * `url` shown on a line of its own (never broken where a reader would copy it) as a link: a URI link annotation
 * over the text, described by `description`, and both the text and the annotation in one Link element (PDF/UA).
 */
export function link(doc: PDFKit.PDFDocument, parent: PDFKit.PDFStructureElement, url: string, description: string): void {
  const element = doc.struct("Link");
  parent.add(element);
  const { x, y } = doc;
  element.add(() => doc.text(url, { lineBreak: false }));
  // pdfkit writes a String object as a PDF text string (a plain string would become a name).
  const annotation = { structParent: element, Contents: new String(description) } as unknown as PDFKit.Mixins.AnnotationOption;
  doc.link(x, y, doc.widthOfString(url), doc.currentLineHeight(), url, annotation);
  element.end();
}

/** A PDF download that no shared cache keeps. */
export function pdfResponse(pdf: Buffer, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "private, no-store" },
  });
}
