/**
 * The GRU's barcode drawn with bwip-js (ADR 220): Interleaved 2 of 5 of the 44 FEBRABAN digits, narrow to wide
 * 1:3, black on white with a quiet zone, as SVG for the page and as bars for the PDF (drawn as vector rectangles).
 */
import bwipjs from "bwip-js/node";

/** Quiet zone each side, in narrow bars (about 6.4 mm at the printed 0.254 mm module). */
const QUIET_MODULES = 25;
const options = (digits: string) => {
  if (!/^\d{44}$/.test(digits)) throw new Error("an arrecadação barcode has 44 digits");
  return { bcid: "interleaved2of5", text: digits, height: 13, includetext: false, includecheck: false };
};

/** The barcode as an SVG document with a white background (it stays readable in the dark colour schemes). */
export function itfSvg(digits: string): string {
  // Stretched, not letterboxed, when the print style sets its height to 13 mm.
  return bwipjs
    .toSVG({ ...options(digits), backgroundcolor: "FFFFFF", paddingwidth: QUIET_MODULES })
    .replace("<svg ", '<svg preserveAspectRatio="none" ');
}

/** The bars of the barcode (x and width in narrow-bar modules, from the first bar) and its width in modules. */
export function itfBars(digits: string): { bars: Array<{ x: number; width: number }>; modules: number } {
  const svg = bwipjs.toSVG(options(digits));
  const viewBox = /viewBox="0 0 ([\d.]+) [\d.]+"/.exec(svg);
  // bwip-js draws at 2 units a module: one stroked path per bar width, each bar a vertical line at its centre.
  const unit = 2;
  const bars: Array<{ x: number; width: number }> = [];
  for (const path of svg.matchAll(/stroke-width="([\d.]+)" d="([^"]+)"/g)) {
    const width = Number(path[1]);
    for (const m of path[2].matchAll(/M([\d.]+) /g)) bars.push({ x: (Number(m[1]) - width / 2) / unit, width: width / unit });
  }
  if (!viewBox || bars.length === 0) throw new Error("bwip-js drew no bars");
  return { bars: bars.sort((a, b) => a.x - b.x), modules: Number(viewBox[1]) / unit };
}
