/** A QR code drawn with bwip-js as SVG (ADR 245): the title page's permalink, for a phone to open. */
import bwipjs from "bwip-js/node";

/** The SVG of a QR code of `text` (error correction M, a quiet zone of four modules). */
export function qrCodeSvg(text: string): string {
  // `eclevel` is a BWIPP option of the QR symbology that bwip-js passes through; its types do not list it.
  const options = { bcid: "qrcode", text, eclevel: "M", scale: 3, paddingwidth: 4, paddingheight: 4, backgroundcolor: "FFFFFF" };
  return bwipjs.toSVG(options as Parameters<typeof bwipjs.toSVG>[0]);
}
