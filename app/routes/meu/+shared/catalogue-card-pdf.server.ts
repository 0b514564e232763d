/**
 * The catalogue card (ficha catalográfica) as a tagged PDF (PDF/UA subset, embedded font, document language
 * and title; ADR 190), laid out as a Brazilian card (AACR2 / NBR 14724): inside a 12.5 × 7.5 cm frame the
 * Cutter number beside the main entry, the title and statement of responsibility, the physical description,
 * the notes (advisor; the thesis note), the numbered subjects and added entries, and the classification
 * at the bottom right. The card's words are cataloguing conventions in Portuguese, whatever the page language.
 */
import type { CatalogueCardAnswer } from "~/lib/api/account/library-request-types";
import { taggedPdf } from "~/lib/tagged-pdf.server";

export interface CardRequest {
  autor: string;
  titulo: string;
  subtitulo?: string;
  orientador: string;
  coorientador?: string;
  tipo_trabalho: string;
  curso: string;
  ano: number | string;
  total_paginas: number | string;
  ilustracoes?: boolean;
}

const THESIS_NOTE: Record<string, string> = {
  tcc: "Trabalho de conclusão de curso (graduação)",
  especializacao: "Monografia (especialização)",
  mestrado: "Dissertação (mestrado)",
  doutorado: "Tese (doutorado)",
};

/** "Souza, Ana Beatriz" → "Ana Beatriz Souza"; a name without a comma is kept. */
export function directOrder(name: string): string {
  const [surname, given] = name.split(",").map((s) => s.trim());
  return given ? `${given} ${surname}` : name.trim();
}

/** "Helena Martins" → "Martins, Helena"; a name with a comma is kept (already inverted). */
export function invertedOrder(name: string): string {
  const n = name.trim();
  if (n.includes(",")) return n;
  const parts = n.split(/\s+/);
  return parts.length > 1 ? `${parts[parts.length - 1]}, ${parts.slice(0, -1).join(" ")}` : n;
}

const dot = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** The card's text, paragraph by paragraph (the PDF and the test read the same lines). */
export function cardParagraphs(req: CardRequest, answer: CatalogueCardAnswer) {
  const place = answer.local ?? "";
  const title = req.subtitulo ? `${req.titulo} : ${req.subtitulo}` : req.titulo;
  const responsibility = [
    directOrder(req.autor),
    req.coorientador ? `orientador: ${req.orientador} ; coorientador: ${req.coorientador}` : `orientador: ${req.orientador}`,
  ].join(" ; ");
  const added = [invertedOrder(req.orientador), ...(req.coorientador ? [invertedOrder(req.coorientador)] : [])];
  const roman = ["I", "II", "III", "IV", "V", "VI"];
  const tracing = [
    ...answer.assuntos.map((s, i) => `${i + 1}. ${dot(s)}`),
    ...added.map((a, i) => `${roman[i]}. ${a}, orient.`),
    `${roman[added.length]}. Título.`,
  ].join(" ");
  return {
    cutter: answer.cutter,
    heading: dot(req.autor.trim()),
    body: `${title} / ${responsibility}. – ${place ? `${place}, ` : ""}${req.ano}.`,
    physical: `${req.total_paginas} f.${req.ilustracoes ? " : il." : ""}`,
    notes: [
      `Orientador: ${req.orientador}.`,
      `${THESIS_NOTE[req.tipo_trabalho] ?? THESIS_NOTE.tcc} – ${answer.instituicao ? `${answer.instituicao}, ` : ""}${req.curso}, ${req.ano}.`,
    ],
    tracing,
    classification: answer.classificacao,
    librarian: answer.bibliotecario ?? null,
  };
}

const CM = 72 / 2.54;

/** Builds the card's PDF. `labels` are in the page language (document title and the line above the card). */
export async function catalogueCardPdf(
  req: CardRequest,
  answer: CatalogueCardAnswer,
  labels: { title: string; made_by: string; librarian: string },
): Promise<Buffer> {
  const p = cardParagraphs(req, answer);
  // One font for the whole card (cards are set in one face).
  const { doc, root, finish } = taggedPdf({ lang: "pt", title: labels.title, author: req.autor });
  root.add(doc.struct("H1", {}, () => doc.fontSize(14).text(labels.title)));
  root.add(doc.struct("P", {}, () => doc.moveDown(0.5).fontSize(8).text(labels.made_by)));

  const width = 12.5 * CM;
  const height = 7.5 * CM;
  const left = (doc.page.width - width) / 2;
  const top = doc.y + 12;
  // The frame is decoration: an artifact, not content.
  doc.markContent("Artifact", { type: "Layout" });
  doc.lineWidth(0.75).rect(left, top, width, height).stroke();
  doc.endMarkedContent();

  const pad = 10;
  const indent = left + pad + 1.6 * CM;
  const inner = width - pad - 1.6 * CM - pad;
  doc.fontSize(8);
  root.add(doc.struct("P", {}, () => doc.text(p.cutter, left + pad, top + pad, { width: 1.5 * CM, lineBreak: false })));
  root.add(doc.struct("P", {}, () => doc.text(p.heading, indent, top + pad, { width: inner })));
  const hang = indent + 0.4 * CM;
  const hangWidth = inner - 0.4 * CM;
  root.add(doc.struct("P", {}, () => doc.text(p.body, hang, doc.y, { width: hangWidth })));
  root.add(doc.struct("P", {}, () => doc.text(p.physical, hang, doc.y, { width: hangWidth })));
  doc.moveDown(0.6);
  for (const note of p.notes) root.add(doc.struct("P", {}, () => doc.text(note, hang, doc.y, { width: hangWidth })));
  doc.moveDown(0.6);
  root.add(doc.struct("P", {}, () => doc.text(p.tracing, hang, doc.y, { width: hangWidth })));
  root.add(doc.struct("P", {}, () => doc.text(p.classification, left + pad, top + height - pad - 10, { width: width - 2 * pad, align: "right" })));
  if (p.librarian) root.add(doc.struct("P", {}, () => doc.text(`${labels.librarian}: ${p.librarian}`, left, top + height + 8, { width })));
  return finish();
}
