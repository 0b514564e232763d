/**
 * The no-debts declaration's PDF as the API mails it (ADR 113, 192): built here from the stored declaration, so
 * what leaves the library's address is always the library's own document, never a file a patron uploaded.
 * A tagged PDF (document language, title, headings and paragraphs in the structure tree) with the same text as
 * the portal's download, in the API's languages; the verification address is PUBLIC_URL's when it is set, and
 * then a link (with no PUBLIC_URL it is a bare path, shown as text: a link to nowhere would be worse).
 */
import fs from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";
import type { DeclarationRow } from "../db/declarations.ts";
import type { Lang } from "../lib/messages.ts";

const TEXT = {
  title: { pt: "Declaração de nada consta", es: "Declaración de no adeudo", en: "No-debts declaration" },
  body: {
    pt: "Declaramos, para os devidos fins, que {name}{document}, {category}, não possui pendências de empréstimos, reservas ou débitos com as bibliotecas da {institution}, e que o seu vínculo com a unidade de informação foi encerrado.",
    es: "Declaramos, a los efectos oportunos, que {name}{document}, {category}, no tiene préstamos, reservas ni deudas pendientes con las bibliotecas de {institution}, y que su vínculo con la unidad de información ha terminado.",
    en: "We declare that {name}{document}, {category}, has no pending loans, holds or debits with the libraries of {institution}, and that their link with the information unit has ended.",
  },
  document: { pt: ", documento nº {document}", es: ", documento n.º {document}", en: ", document no. {document}" },
  issued: { pt: "Emitida em {date}.", es: "Emitida el {date}.", en: "Issued on {date}." },
  verification_heading: { pt: "Verificação", es: "Verificación", en: "Verification" },
  code: { pt: "Código de verificação: {code}", es: "Código de verificación: {code}", en: "Verification code: {code}" },
  check_at: {
    pt: "Confira a autenticidade desta declaração em",
    es: "Compruebe la autenticidad de esta declaración en",
    en: "Check that this declaration is authentic at",
  },
} satisfies Record<string, Record<Lang, string>>;

const LOCALE: Record<Lang, string> = { pt: "pt-BR", es: "es", en: "en" };
const fill = (s: string, v: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? "");

/** Where anyone checks a code: the portal's public page under `publicUrl`, or its path alone when none is configured. */
export function verificationAddress(publicUrl: string | undefined, codigo: string): string {
  return `${(publicUrl ?? "").replace(/\/+$/, "")}/nada-consta/verificar?codigo=${encodeURIComponent(codigo)}`;
}

/** The declaration as a one-page tagged PDF in `lang`. */
export async function declarationPdf(
  d: DeclarationRow,
  institution: { nome: string; sigla: string },
  lang: Lang,
  publicUrl: string | undefined,
): Promise<Buffer> {
  const t = (k: keyof typeof TEXT, v: Record<string, string> = {}) => fill(TEXT[k][lang], v);
  const inst = institution.nome || institution.sigla;
  const fonts = path.resolve(process.cwd(), "app", "fonts");
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    pdfVersion: "1.7",
    tagged: true,
    // The runtime supports PDF/UA; the type definitions list only the PDF/A subsets.
    subset: "PDF/UA" as unknown as PDFKit.Mixins.PDFSubsets,
    lang: LOCALE[lang],
    displayTitle: true,
    info: { Title: t("title"), Author: inst || t("title"), Subject: t("title") },
  });
  doc.registerFont("regular", fs.readFileSync(path.join(fonts, "DejaVuSans.ttf")));
  doc.font("regular");
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  const root = doc.struct("Document");
  doc.addStructure(root);
  const para = (text: string, size = 11, gap = 0.8) => root.add(doc.struct("P", {}, () => doc.fontSize(size).text(text).moveDown(gap)));
  if (inst) para(inst, 12, 1.5);
  root.add(doc.struct("H1", {}, () => doc.fontSize(18).text(t("title")).moveDown(1.2)));
  const date = new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: "long", timeZone: "UTC" }).format(new Date(d.emitida_em));
  para(
    t("body", {
      name: d.nome_pessoa,
      document: d.documento ? t("document", { document: d.documento }) : "",
      category: d.categoria,
      institution: inst,
    }),
    12,
    1.2,
  );
  para(t("issued", { date }), 11, 2);
  root.add(doc.struct("H2", {}, () => doc.fontSize(13).text(t("verification_heading")).moveDown(0.6)));
  para(t("code", { code: d.codigo }));
  para(t("check_at"), 10, 0.2);
  // The address on a line of its own (never broken where a reader would copy it); a link when it is absolute.
  const address = verificationAddress(publicUrl, d.codigo);
  const p = doc.struct("P");
  root.add(p);
  doc.fontSize(10);
  if (/^https?:\/\//.test(address)) {
    // PDF/UA: the text and its URI link annotation (described by its Contents) in one Link element; as the
    // portal's `link` (app/lib/tagged-pdf.server.ts) draws it, since the two halves share no code.
    const link = doc.struct("Link");
    p.add(link);
    const { x, y } = doc;
    link.add(() => doc.text(address, { lineBreak: false }));
    // pdfkit writes a String object as a PDF text string (a plain string would become a name).
    const annotation = { structParent: link, Contents: new String(`${t("check_at")} ${address}`) } as unknown as PDFKit.Mixins.AnnotationOption;
    doc.link(x, y, doc.widthOfString(address), doc.currentLineHeight(), address, annotation);
    link.end();
  } else p.add(() => doc.text(address, { lineBreak: false }));
  p.end();
  root.end();
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
