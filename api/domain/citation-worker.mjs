// The citation engine's thread (ADR 240): Citation.js and citeproc load and compile the APA style here, once, at
// start, so the first reference page does not stop the server's event loop for seconds. Plain JavaScript, so the
// same file runs under the test runner, tsx and the production build (copied next to build/server-main.js).
import { parentPort } from "node:worker_threads";
import { Cite, plugins } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import "@citation-js/plugin-csl";
import "@citation-js/plugin-ris";

const templates = plugins.config.get("@csl").styles;
const added = new Set();

/**
 * CSL-JSON items in one format: RIS or BibTeX, or a bibliography in a CSL style (`style.template`; a style that
 * Citation.js does not ship comes with its XML and is registered on first use).
 */
function format(items, tipo, style) {
  const cite = new Cite(items);
  if (!style) return cite.format(tipo).trim();
  if (style.xml && !added.has(style.template)) {
    templates.add(style.template, style.xml);
    added.add(style.template);
  }
  return cite.format("bibliography", { format: "text", template: style.template, lang: "en-US" }).trim();
}

// Warm-up: the first APA bibliography compiles the style and its locale; requests sent meanwhile wait in the port.
format([{ id: "warm-up", type: "book", title: "Warm-up", author: [{ family: "Estante", given: "A." }], issued: { "date-parts": [[2000]] } }], "apa", {
  template: "apa",
});
parentPort.postMessage({ ready: true });

parentPort.on("message", ({ id, items, tipo, style }) => {
  try {
    parentPort.postMessage({ id, conteudo: format(items, tipo, style) });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
