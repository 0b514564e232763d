/**
 * The no-debts declaration screen (spec §4; ADR 192): refused with the reasons while anything is pending;
 * otherwise the warning that it ends the patron's link with the information unit and an explicit confirmation;
 * once issued, the declaration (tagged PDF, e-mailed too) with its public verification code.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { Declaration } from "~/lib/api/account/declaration-types";
import { getNoDebtsStatus, issueNoDebts, mailNoDebts } from "~/lib/api/account/declarations.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { pdfResponse } from "~/lib/tagged-pdf.server";
import { noDebtsPdf, verificationUrl } from "./+shared/no-debts-pdf.server";
import { NO_DEBTS_PATH } from "./paths-declarations";

type Ctx = Readonly<RouterContextProvider>;
const PENDING = ["emprestimos", "reservas", "debitos"] as const;
const NOTICES = ["emitida", "emitida-sem-email", "enviada"] as const;
export type NoDebtsNotice = (typeof NOTICES)[number];

/** The declaration's PDF in the page language; `origin` is this site's, for the verification address. */
export async function declarationPdf(context: Ctx, d: Declaration, origin: string): Promise<Buffer> {
  const t = getT(context);
  const lang = getLanguage(context);
  const date = formatDate(d.emitida_em, lang);
  const body = t("declarations:no_debts.pdf.body", {
    name: d.nome_pessoa,
    document: d.documento ? t("declarations:no_debts.pdf.document", { document: d.documento }) : "",
    category: d.categoria ?? "",
    institution: d.instituicao?.nome ?? d.instituicao?.sigla ?? "",
  });
  return noDebtsPdf(
    d,
    {
      title: t("declarations:no_debts.pdf.title"),
      body,
      issued: t("declarations:no_debts.pdf.issued", { date }),
      verification_heading: t("declarations:no_debts.pdf.verification_heading"),
      code: t("declarations:no_debts.pdf.code", { code: d.codigo }),
      check_at: t("declarations:no_debts.pdf.check_at"),
    },
    lang,
    verificationUrl(origin, d.codigo),
  );
}

export const pdfFileName = (d: Declaration) => `nada-consta-${d.codigo}.pdf`;

export async function loadNoDebts(request: Request, context: Ctx) {
  const t = getT(context);
  const lang = getLanguage(context);
  const status = await settle(getNoDebtsStatus(getApi(context)));
  const aviso = new URL(request.url).searchParams.get("aviso");
  const notice = (NOTICES as readonly string[]).includes(aviso ?? "") ? (aviso as NoDebtsNotice) : null;
  if (!status.ok) return { title: t("declarations:no_debts.title"), state: "failed" as const, notice: null };
  const d = status.value.declaracao;
  if (d) {
    return {
      title: t("declarations:no_debts.title"),
      state: "issued" as const,
      notice,
      declaration: { code: d.codigo, name: d.nome_pessoa, date: formatDate(d.emitida_em, lang) },
    };
  }
  const pending = status.value.pendencias
    .filter((p) => (PENDING as readonly string[]).includes(p.codigo))
    .map((p) => ({ kind: p.codigo as (typeof PENDING)[number], count: p.quantidade }));
  return { title: t("declarations:no_debts.title"), state: pending.length ? ("refused" as const) : ("available" as const), notice: null, pending };
}

/** Has the API mail the declaration (it builds the PDF itself); false when the patron has no e-mail on record (the declaration stands). */
async function mail(context: Ctx): Promise<boolean> {
  try {
    await mailNoDebts(getApi(context));
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) return false;
    throw err;
  }
}

/** `emitir` (with the confirmation checkbox) issues, PDFs and mails it; `enviar` mails it again. PRG with a notice. */
export async function noDebtsAction(request: Request, context: Ctx) {
  const t = getT(context);
  const form = await request.formData();
  const api = getApi(context);
  const intent = form.get("intent");
  try {
    if (intent === "enviar") {
      const { declaracao } = await getNoDebtsStatus(api);
      if (!declaracao) return redirect(NO_DEBTS_PATH);
      return redirect(`${NO_DEBTS_PATH}?aviso=${(await mail(context)) ? "enviada" : "emitida-sem-email"}`);
    }
    if (form.get("ciente") !== "sim") {
      return data({ errors: [{ fieldId: "ciente", message: t("declarations:no_debts.confirm_required") }] }, { status: 400 });
    }
    await issueNoDebts(api);
    return redirect(`${NO_DEBTS_PATH}?aviso=${(await mail(context)) ? "emitida" : "emitida-sem-email"}`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    // Something became pending since the page was drawn (a new loan): the page shows the reasons again.
    if (err.code === "nada_consta_pendencias") return redirect(NO_DEBTS_PATH);
    const m = describeError(err);
    return data({ errors: [{ fieldId: "", message: t(m.key, m.values) }] }, { status: err.status === 0 ? 503 : 400 });
  }
}

/** The PDF download: 404 until the declaration is issued. */
export async function noDebtsPdfResponse(request: Request, context: Ctx): Promise<Response> {
  const { declaracao } = await getNoDebtsStatus(getApi(context));
  if (!declaracao) throw data(null, { status: 404 });
  return pdfResponse(await declarationPdf(context, declaracao, new URL(request.url).origin), pdfFileName(declaracao));
}
