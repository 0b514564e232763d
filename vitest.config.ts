import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Unit and API tests sit next to the code; Playwright owns tests/.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "api/**/*.test.ts", "contract/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one on CI's two cores, where the files' imports then
    // run one after another (7.5 min; 5 min with two; on PostgreSQL 491 s, 316 s with two, ADR 199). Each
    // worker's PostgreSQL databases carry its pid in their names (api/lib/testing.ts).
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
