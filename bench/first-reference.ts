/**
 * The first "Referência" of a fresh process (ADR 240): how long the first APA reference takes and how long the
 * event loop stays blocked meanwhile, with Citation.js in the server's own thread (as before ADR 240) and in the
 * citation worker. Each case runs in a fresh child process (a cold module cache). Alone: `npx tsx bench/first-reference.ts`.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const CASES = ["in-thread", "worker-first-request-at-start", "worker-after-warm-up"] as const;
type Case = (typeof CASES)[number];

const source = {
  cod_acervo: 1,
  titulo: "A estrutura das revoluções científicas",
  subtitulo: null,
  autor: "Kuhn, Thomas S., 1922-1996",
  autores_secundarios: [],
  assuntos: ["Ciência – Filosofia"],
  edicao: "13. ed.",
  local_publicacao: "São Paulo",
  editora: "Perspectiva",
  ano_publicacao: 2018,
  isbn: "9788527301114",
  issn: null,
  serie: null,
  chamada: "501 K96e",
  idioma: "por",
  desc_tipo_obra: "Livro",
  marc: null,
};

/** Runs in the child: times the first APA reference and the longest event-loop stall (a 10 ms timer's lateness). */
async function child(which: Case) {
  let last = performance.now();
  let maxStall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxStall = Math.max(maxStall, now - last - 10);
    last = now;
  }, 10);
  const t0 = performance.now();
  let firstMs: number;
  if (which === "in-thread") {
    await new Promise((r) => setTimeout(r, 20));
    const start = performance.now();
    const { Cite } = await import("@citation-js/core");
    await import("@citation-js/plugin-csl");
    const { toCsl } = await import("../api/domain/citations.ts");
    new Cite([toCsl(source)]).format("bibliography", { format: "text", template: "apa", lang: "en-US" });
    firstMs = performance.now() - start;
  } else {
    const { warmCitationEngine, stopCitationEngine } = await import("../api/domain/citation-engine.ts");
    const { exportTitles } = await import("../api/domain/citations.ts");
    const warm = warmCitationEngine();
    if (which === "worker-after-warm-up") await warm;
    await new Promise((r) => setTimeout(r, 20));
    const start = performance.now();
    await exportTitles([source], "apa");
    firstMs = performance.now() - start;
    await stopCitationEngine();
  }
  clearInterval(timer);
  console.log(JSON.stringify({ which, firstMs: Math.round(firstMs), maxStallMs: Math.round(maxStall), totalMs: Math.round(performance.now() - t0) }));
}

const which = process.argv[2] as Case | undefined;
if (which) await child(which);
else {
  console.log("| case | first APA reference (ms) | longest event-loop stall (ms) |\n|---|---:|---:|");
  for (const c of CASES) {
    const r = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "bench", "first-reference.ts"), c], { cwd: root, encoding: "utf8" });
    const line = r.stdout.trim().split("\n").pop() ?? "";
    try {
      const m = JSON.parse(line) as { firstMs: number; maxStallMs: number };
      console.log(`| ${c} | ${m.firstMs} | ${m.maxStallMs} |`);
    } catch {
      console.log(`| ${c} | failed: ${r.stderr.trim().split("\n").slice(-3).join(" ")} | |`);
    }
  }
}
