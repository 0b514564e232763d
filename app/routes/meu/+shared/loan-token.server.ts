/** The loan token (spec §3: a token with its valid-until time) as text and as a QR code (SVG). */
import QRCode from "qrcode";
import type { RouterContextProvider } from "react-router";
import { createLoanToken, getLoanToken } from "~/lib/api/account/loans.server";
import { getApi } from "~/lib/api/client.server";
import { settle } from "~/lib/api/settle.server";
import { formatDateTime } from "~/lib/i18n";
import { getLanguage } from "~/lib/i18n.server";
import { libraryTimeZoneOf } from "~/lib/root-data.server";

export interface LoanTokenView {
  token: string;
  validUntil: string;
  /** The QR code's SVG markup (generated here from the token's digits only). */
  svg: string;
}

/** The patron's valid loan token, null when there is none, or "failed" when the API could not answer. */
export async function loadLoanToken(context: Readonly<RouterContextProvider>): Promise<LoanTokenView | null | "failed"> {
  const [res, zone] = await Promise.all([settle(getLoanToken(getApi(context))), libraryTimeZoneOf(context)]);
  if (!res.ok) return "failed";
  if (!res.value.token || !res.value.valido_ate) return null;
  const svg = await QRCode.toString(res.value.token, {
    type: "svg",
    margin: 2,
    errorCorrectionLevel: "M",
    color: { dark: "#000000", light: "#ffffff" },
  });
  return { token: res.value.token, validUntil: formatDateTime(res.value.valido_ate, getLanguage(context), zone), svg };
}

/** Generates a new token (the previous one stops working). */
export async function generateLoanToken(context: Readonly<RouterContextProvider>): Promise<void> {
  await createLoanToken(getApi(context));
}
