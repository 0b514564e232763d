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
  },
});
