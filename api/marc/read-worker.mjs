// Entry point of the bulk import's reader thread when its compiled file cannot be made (read-worker-entry.ts,
// ADR 280): loads the TypeScript module through tsx, whatever ran the importer (the tsx CLI, the test runner, the bench).
import { tsImport } from "tsx/esm/api";

await tsImport("./read-worker.ts", import.meta.url);
