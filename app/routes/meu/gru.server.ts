/** A GRU payment slip: the printable page (barcode and linha digitável, PIX QR code) and its tagged PDF (ADRs 126, 220). */
import { formatBoleto } from "@brazilian-utils/brazilian-utils";
import QRCode from "qrcode";
import { data, type RouterContextProvider } from "react-router";
import { getGru, type Gru } from "~/lib/api/account/debits.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { itfBars, itfSvg } from "~/lib/barcode.server";
import { formatDate, formatMoney } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { bulletList, pdfResponse, taggedPdf } from "~/lib/tagged-pdf.server";

type Ctx = Readonly<RouterContextProvider>;

/** "12345678909" → "123.456.789-09" (other lengths are shown as given). */
export function formatCpf(cpf: string): string {
  const d = cpf.replace(/\D/g, "");
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : cpf;
}

async function fetchGru(context: Ctx, idParam: string | undefined): Promise<Gru> {
  const id = Number(idParam);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  try {
    return await getGru(getApi(context), id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

/** The slip's fields as both the page and the PDF show them, formatted for the language. */
function fields(gru: Gru, lang: string) {
  return {
    id: gru.cod_gru,
    beneficiary: gru.beneficiario,
    library: gru.biblioteca,
    code: gru.codigo_recolhimento,
    reference: gru.numero_referencia,
    period: gru.competencia.split("-").reverse().join("/"),
    due: formatDate(gru.vencimento, lang),
    amount: formatMoney(gru.valor, lang),
    payer: gru.contribuinte.nome,
    cpf: formatCpf(gru.contribuinte.cpf),
    paid: gru.situacao === "paga",
    paidOn: formatDate(gru.data_pagamento, lang),
    pix: gru.pix,
    // The linha digitável as printed ("85890000460-9 52460179160-5 …") and as typed or pasted (48 digits).
    linha: formatBoleto(gru.linha_digitavel),
    linhaDigits: gru.linha_digitavel,
    debits: gru.debitos.map((d) => ({
      id: d.cod_debito,
      reason: d.motivo,
      service: d.tipo_servico,
      title: d.titulo ?? "",
      amount: formatMoney(d.valor, lang),
    })),
  };
}

export async function loadGru(context: Ctx, idParam: string | undefined) {
  const gru = await fetchGru(context, idParam);
  const lang = getLanguage(context);
  const t = getT(context);
  // The QR code is drawn on the server as SVG: no script, and it prints.
  const qrSvg = await QRCode.toString(gru.pix, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return {
    pageTitle: t("debits:gru.page_title", { reference: gru.numero_referencia }),
    slip: fields(gru, lang),
    qrSvg,
    barcodeSvg: itfSvg(gru.codigo_barras),
  };
}

/** The slip as a tagged PDF (PDF/UA subset, embedded fonts, document language and title). */
export async function gruPdf(context: Ctx, idParam: string | undefined): Promise<Response> {
  const gru = await fetchGru(context, idParam);
  const lang = getLanguage(context);
  const t = getT(context);
  const s = fields(gru, lang);
  const title = t("debits:gru.page_title", { reference: s.reference });
  const { doc, root, finish } = taggedPdf({ lang, title, author: s.beneficiary, subject: t("debits:gru.heading"), margin: 50 });
  // One structure element per block: the document's title (H1), its sections' titles (H2), paragraphs.
  const block = (type: "H1" | "H2" | "P", text: string, font = "regular", size = 11) => {
    root.add(
      doc.struct(type, {}, () => {
        doc.font(font).fontSize(size).text(text);
      }),
    );
  };
  const para = (text: string, font = "regular", size = 11) => block("P", text, font, size);
  block("H1", t("debits:gru.heading"), "bold", 18);
  para(s.beneficiary, "bold");
  const rows: Array<[string, string]> = [
    [t("debits:gru.library"), s.library],
    [t("debits:gru.code"), s.code],
    [t("debits:gru.reference"), s.reference],
    [t("debits:gru.period"), s.period],
    [t("debits:gru.due"), s.due],
    [t("debits:gru.payer"), s.payer],
    [t("debits:gru.cpf"), s.cpf],
    [t("debits:gru.amount"), s.amount],
  ];
  for (const [label, value] of rows) para(`${label}: ${value}`);
  if (s.paid) para(t("debits:gru.paid_on", { date: s.paidOn }), "bold");
  doc.moveDown();
  block("H2", t("debits:gru.debits_heading"), "bold", 13);
  doc.font("regular").fontSize(11);
  bulletList(
    doc,
    root,
    s.debits.map((d) => `${d.reason}${d.title ? ` (${d.title})` : ""}: ${d.amount}`),
  );
  doc.moveDown();
  block("H2", t("debits:gru.barcode_heading"), "bold", 13);
  barcodeFigure(doc, root, gru.codigo_barras, t("debits:gru.barcode_alt", { linha: s.linha }));
  para(t("debits:gru.linha_label"));
  para(s.linha, "bold", 12);
  doc.moveDown();
  block("H2", t("debits:gru.pix_heading"), "bold", 13);
  const qr = await QRCode.toBuffer(s.pix, { type: "png", margin: 2, width: 360, errorCorrectionLevel: "M" });
  root.add(
    doc.struct("Figure", { alt: t("debits:gru.qr_alt", { amount: s.amount }) }, () => {
      doc.image(qr, { width: 150 });
    }),
  );
  para(t("debits:gru.pix_code"));
  para(s.pix, "regular", 8);
  return pdfResponse(await finish(), `gru-${s.reference}.pdf`);
}

/** Printed size of the barcode: 0.254 mm a narrow bar (103 mm for the 44 digits) and 13 mm high, in points. */
const MODULE_PT = (0.254 / 25.4) * 72;
const BARCODE_HEIGHT_PT = (13 / 25.4) * 72;

/** The barcode as vector bars inside a Figure whose alternative text gives its digits (PDF/UA). */
function barcodeFigure(doc: PDFKit.PDFDocument, root: PDFKit.PDFStructureElement, digits: string, alt: string) {
  const { bars } = itfBars(digits);
  if (doc.y + BARCODE_HEIGHT_PT + 20 > doc.page.maxY()) doc.addPage();
  const quiet = 25 * MODULE_PT;
  const x0 = doc.x + quiet;
  const y0 = doc.y + 4;
  root.add(
    doc.struct("Figure", { alt }, () => {
      for (const bar of bars) doc.rect(x0 + bar.x * MODULE_PT, y0, bar.width * MODULE_PT, BARCODE_HEIGHT_PT).fill("#000000");
    }),
  );
  doc.fillColor("#000000");
  doc.x = x0 - quiet;
  doc.y = y0 + BARCODE_HEIGHT_PT + 8;
}
