/**
 * The bulk import's reader thread (ADR 101): runs {@link readBatches} over the files it is given and posts
 * each event when the importer asks for the next one, having already started on the event after it — so
 * parsing, mapping and stemming the next batch overlap the importer writing this one, and at most two batches
 * wait in memory. Started by `startReader` (api/marc/import.ts) from the file `readerEntry` compiles it into
 * (read-worker-entry.ts, ADR 280), else through read-worker.mjs. Its last message, `done`, says its heap's limit.
 */
import v8 from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { readBatches, type ReadOptions } from "./batches.ts";

const { files, options } = workerData as { files: string[]; options: ReadOptions };
const events = readBatches(files, options);
let next = events.next();
parentPort!.on("message", () => {
  next.then(
    (r) => {
      if (!r.done) next = events.next();
      parentPort!.postMessage(r.done ? { type: "done", heapLimitMb: v8.getHeapStatistics().heap_size_limit / 2 ** 20 } : r.value);
    },
    (e: unknown) => parentPort!.postMessage({ type: "failed", error: e instanceof Error ? e.message : String(e) }),
  );
});
