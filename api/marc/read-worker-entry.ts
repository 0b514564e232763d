/**
 * What a bulk import's reader thread loads (ADR 280): `read-worker.ts` and the modules it imports, compiled into one
 * plain JavaScript file the first time a process starts readers, so that each reader starts without a TypeScript
 * loader of its own (about 50 MB a thread: a module-loader thread and its compiler). The file is named by a hash of
 * its content under `node_modules/.cache/estante/` (packages stay imports, resolved from there as from the sources),
 * so a changed source is compiled anew and an unchanged one is written once. Whatever stops that (no compiler, a
 * folder that cannot be written, code that needs its own location), the readers load the TypeScript through
 * `read-worker.mjs` as before: slower to start and larger, the same work.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The reader's entry: a file to start the worker with, and the Node options the worker gets. */
export interface ReaderEntry {
  url: URL;
  /**
   * Node options of the thread: none for the compiled file (the parent's would start its module loaders again;
   * V8's options, such as the heap's size, are not allowed there and each reader's heap has its own limit anyway).
   */
  execArgv?: string[];
  /** Whether `url` is the compiled file (false: the TypeScript through its loader). */
  compiled: boolean;
  /** Why the compiled file could not be used, when it could not. */
  reason?: string;
}

const SOURCE = fileURLToPath(new URL("./read-worker.ts", import.meta.url));
const TYPESCRIPT_ENTRY = new URL("./read-worker.mjs", import.meta.url);
const ROOT = path.resolve(path.dirname(SOURCE), "..", "..");

/** Where the compiled files go (packages resolve from there: it is inside the project's node_modules). */
export const READER_CACHE_DIR = path.join(ROOT, "node_modules", ".cache", "estante");

let entry: Promise<ReaderEntry> | undefined;

/** The reader's entry, compiled once per process (see the file's comment); never rejects. */
export function readerEntry(): Promise<ReaderEntry> {
  entry ??= compileReader().catch((e: unknown) => typescriptEntry(e instanceof Error ? e.message : String(e)));
  return entry;
}

/** The TypeScript entry, loaded through tsx in the thread (the way before ADR 280). */
export function typescriptEntry(reason?: string): ReaderEntry {
  return { url: TYPESCRIPT_ENTRY, compiled: false, reason };
}

/** Compiles `read-worker.ts` with what it imports from this project into one file (see the file's comment). */
export async function compileReader(cacheDir = READER_CACHE_DIR): Promise<ReaderEntry> {
  const { build } = await import("esbuild");
  const out = await build({
    entryPoints: [SOURCE],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    write: false,
    logLevel: "silent",
  });
  const code = out.outputFiles[0].text;
  // A module that finds files by its own location would look beside the compiled file instead.
  if (/\bimport\.meta\b|\b__dirname\b|\b__filename\b/.test(code)) throw new Error("the reader's code uses its own location");
  const file = path.join(cacheDir, `read-worker-${crypto.createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(cacheDir, { recursive: true });
    // Written whole under another name, then renamed: a process starting readers meanwhile never loads half a file.
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, file);
  }
  return { url: pathToFileURL(file), execArgv: [], compiled: true };
}
