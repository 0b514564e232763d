/**
 * Tagged PDFs (PDF/UA subset, embedded DejaVu fonts, document language and title shown; ADRs 126, 190, 192):
 * the frame every PDF of the portal is drawn in, and the download response that carries it.
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

/** A PDF download that no shared cache keeps. */
export function pdfResponse(pdf: Buffer, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "private, no-store" },
  });
}
