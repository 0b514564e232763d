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
    // run one after another (7.5 min; 5 min with two, ADR 199). On PostgreSQL the API files keep the default.
    ...(process.env.TEST_DATABASE_URL ? {} : { maxWorkers: Math.max(2, os.availableParallelism()) }),
  },
});
