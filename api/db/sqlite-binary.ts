/**
 * Whether the installed better-sqlite3 binary is safe on the Node it runs on (ADR 235).
 *
 * better-sqlite3 12 wraps its databases and statements in Node's `node::ObjectWrap`, a class that lives
 * entirely in Node's headers and so is compiled into the addon. From Node 24.19.0 that header's destructor
 * calls `node::RemoveEnvironmentCleanupHook`, which aborts the process when V8 collects a statement while no
 * JavaScript context is entered: a garbage collection run from a background task (at any moment of a running
 * server) or at exit. A binary compiled against the headers of Node 24.0 to 24.18 (better-sqlite3's own
 * prebuilt binaries use 24.0.0's) never calls that function and runs on every Node 24.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** The symbol a binary compiled against Node 24.19+'s `node_object_wrap.h` imports (and 24.0–24.18's does not). */
const ABORTING_SYMBOL = "RemoveEnvironmentCleanupHook";

/** Where better-sqlite3 keeps the binary it loads (its `bindings` lookup finds the release build first). */
export function sqliteBinaryPath(): string | null {
  try {
    const pkg = createRequire(import.meta.url).resolve("better-sqlite3/package.json");
    const file = path.join(path.dirname(pkg), "build", "Release", "better_sqlite3.node");
    return fs.existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/**
 * Why the better-sqlite3 binary will abort this process (a sentence for the log), or null when it will not or
 * cannot be told. Only Node 24 is judged: Node 20's and 22's headers never had the call.
 */
export function sqliteBinaryProblem(binary = sqliteBinaryPath(), nodeVersion = process.versions.node): string | null {
  if (nodeVersion.split(".")[0] !== "24" || !binary) return null;
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(binary);
  } catch {
    return null;
  }
  if (!bytes.includes(ABORTING_SYMBOL)) return null;
  return (
    `better-sqlite3 was compiled against the headers of Node 24.19 or later (${binary}): on Node 24 it aborts the ` +
    `process when a statement is garbage-collected. Rebuild it against Node 24.0.0's headers ` +
    `(npm_config_nodedir pointing at them, then npm rebuild better-sqlite3; ADR 235) or install its prebuilt binary.`
  );
}
