import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit and API tests sit next to the code; Playwright owns tests/.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one on CI's two cores, where the files' imports then
    // run one after another (7.5 min; 5 min with two; on PostgreSQL 491 s, 316 s with two, ADR 199). Each
    // worker's PostgreSQL databases carry its pid in their names (api/lib/testing.ts).
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      // The API's, the contract's and the scripts' files share their worker's module cache (no isolation): each
      // file imported the whole API again, 2–3 s a file, two thirds of the API suite's CPU (ADR 199's update).
      // Their state lives in each file's own database and app instance; none mocks a module.
      { extends: true, test: { name: "api", include: ["api/**/*.test.ts", "contract/**/*.test.ts", "scripts/**/*.test.ts"], isolate: false } },
      // The portal's files mock modules (vi.mock) and keep isolation.
      { extends: true, test: { name: "app", include: ["app/**/*.test.{ts,tsx}"] } },
    ],
  },
});
