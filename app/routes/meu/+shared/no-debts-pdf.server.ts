/**
 * The no-debts declaration (declaração de nada consta) as a tagged PDF (ADR 192): the institution, the
 * declaration's text in the page language, the issue date and the verification code with the address of the
 * public page where anyone can check it (a link).
 */
import type { Declaration } from "~/lib/api/account/declaration-types";
import { link, taggedPdf } from "~/lib/tagged-pdf.server";

export interface NoDebtsLabels {
  title: string;
  /** The declaration's sentence, already filled in. */
  body: string;
  issued: string;
  verification_heading: string;
  code: string;
  check_at: string;
}

/** Where anyone checks a code (the public page), on this site. */
export function verificationUrl(origin: string, codigo: string): string {
  return `${origin}/nada-consta/verificar?codigo=${encodeURIComponent(codigo)}`;
}

/** Builds the declaration's PDF (one font, so every paragraph is tagged text). */
export async function noDebtsPdf(d: Declaration, labels: NoDebtsLabels, lang: string, checkUrl: string): Promise<Buffer> {
  const institution = d.instituicao?.nome ?? d.instituicao?.sigla ?? "";
  const { doc, root, finish } = taggedPdf({ lang, title: labels.title, author: institution || labels.title });
  const para = (text: string, size = 11, gap = 0.8) => root.add(doc.struct("P", {}, () => doc.fontSize(size).text(text).moveDown(gap)));
  if (institution) para(institution, 12, 1.5);
  root.add(doc.struct("H1", {}, () => doc.fontSize(18).text(labels.title).moveDown(1.2)));
  para(labels.body, 12, 1.2);
  para(labels.issued, 11, 2);
  root.add(doc.struct("H2", {}, () => doc.fontSize(13).text(labels.verification_heading).moveDown(0.6)));
  para(labels.code);
  para(labels.check_at, 10, 0.2);
  const address = doc.struct("P");
  root.add(address);
  link(doc.fontSize(10), address, checkUrl, `${labels.check_at} ${checkUrl}`);
  address.end();
  return finish();
}
