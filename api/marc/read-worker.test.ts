/**
 * The bulk import's reader threads (ADR 276, ADR 280): started from the compiled reader (no TypeScript loader in
 * the thread), reading what the importer would read in its own thread, with the heap limit `readerHeapMb` sets.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readBatches, type ReadEvent, type ReadOptions } from "./batches.ts";
import { READER_YOUNG_MB, readerHeapMb, startReader, type ReaderDone } from "./import.ts";
import { compileReader, READER_CACHE_DIR, readerEntry, typescriptEntry, type ReaderEntry } from "./read-worker-entry.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const file = path.join(root, "api", "seed", "data", "evergreen-jazz-250.mrc");

/** Every event one reader thread posts, its last (`done`) apart, and what its worker said its limits were. */
async function readInThread(entry: ReaderEntry, options: ReadOptions) {
  const reader = startReader(entry, [file], options);
  try {
    const events: ReadEvent[] = [];
    const limits = reader.worker.resourceLimits;
    for (;;) {
      const ev = await reader.next();
      if (ev.type === "done") return { events, done: ev as ReaderDone, limits };
      events.push(ev);
    }
  } finally {
    await reader.worker.terminate();
  }
}

async function readHere(options: ReadOptions): Promise<ReadEvent[]> {
  const events: ReadEvent[] = [];
  for await (const ev of readBatches([file], options)) events.push(ev);
  return events;
}

describe("the bulk import's reader thread", () => {
  it("is compiled into one JavaScript file named by its content, written once", async () => {
    const [a, b] = [await compileReader(), await compileReader()];
    expect(a.compiled).toBe(true);
    expect(b.url.href).toBe(a.url.href);
    const compiled = fileURLToPath(a.url);
    expect(path.dirname(compiled)).toBe(READER_CACHE_DIR);
    expect(path.basename(compiled)).toMatch(/^read-worker-[0-9a-f]{16}\.mjs$/);
    // No TypeScript loader in the thread: no Node options of the parent's (tsx's --import and --require).
    expect(a.execArgv).toEqual([]);
    expect(fs.readFileSync(compiled, "utf8")).not.toMatch(/\bimport\.meta\b/);
    // What the importer starts its readers from, here as under tsx and the bench.
    expect((await readerEntry()).url.href).toBe(a.url.href);
  });

  it("reads, from the compiled file and through the TypeScript loader alike, the batches the importer reads in its own thread", async () => {
    const options: ReadOptions = { batchSize: 60, copyWhenMissing: true };
    const here = await readHere(options);
    expect(here.filter((e) => e.type === "batch").length).toBeGreaterThanOrEqual(4);
    for (const entry of [await compileReader(), typescriptEntry()]) {
      const { events } = await readInThread(entry, options);
      expect({ compiled: entry.compiled, events }).toEqual({ compiled: entry.compiled, events: here });
    }
  }, 60_000);

  it("has its old generation limited to readerHeapMb of its batch size, and its young generation to READER_YOUNG_MB", async () => {
    for (const batchSize of [100, 4000]) {
      const { done, limits } = await readInThread(await readerEntry(), { batchSize, copyWhenMissing: false });
      expect(limits?.maxOldGenerationSizeMb).toBe(readerHeapMb(batchSize));
      expect(limits?.maxYoungGenerationSizeMb).toBe(READER_YOUNG_MB);
      // Seen from inside the thread: both generations' limits, on Node 20 and 24 alike (Node 24's V8 would give the
      // young generation 192 MB, and without the old generation's limit a thread gets gigabytes on this machine).
      expect(done.heapLimitMb).toBeGreaterThanOrEqual(readerHeapMb(batchSize) + READER_YOUNG_MB - 2);
      expect(done.heapLimitMb).toBeLessThanOrEqual(readerHeapMb(batchSize) + READER_YOUNG_MB + 2);
    }
  }, 60_000);
});
