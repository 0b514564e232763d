/**
 * Citation.js (APA, RIS, BibTeX) in a worker thread (ADR 240). Compiling the APA style took the API's thread
 * 9–13 s the first time; in the worker it happens once at start, off the event loop. A request made before the
 * warm-up ends waits for it (the worker answers in order) rather than failing.
 */
import { Worker } from "node:worker_threads";
import type { CslItem } from "@citation-js/core";

import { CHICAGO_CSL, MLA_CSL } from "./csl-styles.ts";

/** The CSL citation styles, by export format: a template of @citation-js/plugin-csl, or the project's own (./csl-styles.ts). */
const CSL_STYLES = {
  apa: { template: "apa" },
  vancouver: { template: "vancouver" },
  mla: { template: "estante-mla", xml: MLA_CSL },
  chicago: { template: "estante-chicago", xml: CHICAGO_CSL },
} as const;
export type CslStyle = keyof typeof CSL_STYLES;
export type CslFormat = CslStyle | "ris" | "bibtex";

type Pending = { resolve: (s: string) => void; reject: (e: Error) => void };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();
let readyAt: Promise<void> | null = null;

/** The worker's file, beside this module (the production build copies it beside build/server-main.js). */
const WORKER_URL = new URL("./citation-worker.mjs", import.meta.url);

function failAll(error: Error) {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function start(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER_URL);
  worker = w;
  let ready!: () => void;
  readyAt = new Promise((r) => (ready = r));
  w.on("message", (m: { ready?: true; id?: number; conteudo?: string; error?: string }) => {
    if (m.ready) return ready();
    const p = pending.get(m.id!);
    if (!p) return;
    pending.delete(m.id!);
    if (pending.size === 0) w.unref();
    if (m.error !== undefined) p.reject(new Error(m.error));
    else p.resolve(m.conteudo ?? "");
  });
  const gone = (error: Error) => {
    if (worker === w) worker = null;
    ready();
    failAll(error);
  };
  w.on("error", gone);
  w.on("exit", (code) => gone(new Error(`citation worker exited (${code})`)));
  // An idle engine never keeps a command (the importer, a test) from ending.
  w.unref();
  return w;
}

/** Starts the engine and its warm-up now (the server calls it at start); resolves when the warm-up is done. */
export function warmCitationEngine(): Promise<void> {
  start();
  return readyAt!;
}

/** The CSL-JSON items in `tipo`, formatted by the worker (started now if the server did not warm it). */
export function formatCsl(items: CslItem[], tipo: CslFormat): Promise<string> {
  const w = start();
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    const style = tipo === "ris" || tipo === "bibtex" ? undefined : CSL_STYLES[tipo];
    w.postMessage({ id, items, tipo, style });
  });
}

/** Ends the worker (tests and a server's shutdown). */
export async function stopCitationEngine(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
