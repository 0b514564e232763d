/**
 * The bulk import's reader thread (ADR 101): runs {@link readBatches} over the files it is given and posts
 * each event when the importer asks for the next one, having already started on the event after it — so
 * parsing, mapping and stemming the next batch overlap the importer writing this one, and at most two batches
 * wait in memory. Started by `readInWorker` (api/marc/import.ts) through read-worker.mjs.
 */
import { parentPort, workerData } from "node:worker_threads";
import { readBatches, type ReadOptions } from "./batches.ts";

const { files, options } = workerData as { files: string[]; options: ReadOptions };
const events = readBatches(files, options);
let next = events.next();
parentPort!.on("message", () => {
  next.then(
    (r) => {
      if (!r.done) next = events.next();
      parentPort!.postMessage(r.done ? { type: "done" } : r.value);
    },
    (e: unknown) => parentPort!.postMessage({ type: "failed", error: e instanceof Error ? e.message : String(e) }),
  );
});
