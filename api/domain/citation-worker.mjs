// The citation engine's thread (ADR 240): Citation.js and citeproc load and compile the APA style here, once, at
// start, so the first reference page does not stop the server's event loop for seconds. Plain JavaScript, so the
// same file runs under the test runner, tsx and the production build (copied next to build/server-main.js).
import { parentPort } from "node:worker_threads";
import { Cite } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import "@citation-js/plugin-csl";
import "@citation-js/plugin-ris";

/** One title's CSL-JSON in one format (the same calls the API made in its own thread before ADR 240). */
function format(items, tipo) {
  const cite = new Cite(items);
  if (tipo === "apa") return cite.format("bibliography", { format: "text", template: "apa", lang: "en-US" }).trim();
  return cite.format(tipo).trim();
}

// Warm-up: the first APA bibliography compiles the style and its locale; requests sent meanwhile wait in the port.
format([{ id: "warm-up", type: "book", title: "Warm-up", author: [{ family: "Estante", given: "A." }], issued: { "date-parts": [[2000]] } }], "apa");
parentPort.postMessage({ ready: true });

parentPort.on("message", ({ id, items, tipo }) => {
  try {
    parentPort.postMessage({ id, conteudo: format(items, tipo) });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
