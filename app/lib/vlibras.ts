/**
 * The federal government's VLibras widget (ADR 256): a Portuguese-to-Libras avatar that the institution may offer
 * (`VLIBRAS=1`, off by default). It is rendered, and its third-party script loaded, only on documents for a patron
 * who turned Libras on in the accessibility settings: no request leaves for vlibras.gov.br otherwise.
 */

/** The official plugin script and the address the widget loads its player from. */
export const VLIBRAS_SCRIPT = "https://vlibras.gov.br/app/vlibras-plugin.js";
export const VLIBRAS_APP = "https://vlibras.gov.br/app";
/** The same-origin file that starts the widget (`new VLibras.Widget(…)`), so the page needs no inline script. */
export const VLIBRAS_INIT = "/vlibras-init.js";

/** Whether this document carries the widget: the institution's setting and the patron's Libras preference. */
export function vlibrasOn(institutionSetting: boolean, librasPreference: boolean): boolean {
  return institutionSetting && librasPreference;
}

/**
 * The widget's markup (the official snippet) and its two scripts, each with the document's CSP nonce. Rendered
 * as HTML by the server; React leaves it alone on hydration, and the plugin fills the `vw` elements.
 */
export function vlibrasMarkup(nonce: string): string {
  const n = nonce.replace(/[^A-Za-z0-9+/=]/g, "");
  return (
    '<div vw class="enabled"><div vw-access-button class="active"></div>' +
    '<div vw-plugin-wrapper><div class="vw-plugin-top-wrapper"></div></div></div>' +
    `<script defer nonce="${n}" src="${VLIBRAS_SCRIPT}"></script>` +
    `<script defer nonce="${n}" src="${VLIBRAS_INIT}" data-vlibras-app="${VLIBRAS_APP}"></script>`
  );
}
