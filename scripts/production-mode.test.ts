import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** What `node build/server.js` sees after its first import: NODE_ENV and the file `react-router` resolves to. */
function modeOf(env: Record<string, string | undefined>): { nodeEnv: string; reactRouter: string } {
  const childEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  const r = spawnSync(
    process.execPath,
    [
      "--import",
      "./scripts/production-mode.mjs",
      "--input-type=module",
      "-e",
      "console.log(JSON.stringify({ nodeEnv: process.env.NODE_ENV, reactRouter: import.meta.resolve('react-router') }))",
    ],
    { cwd: root, env: childEnv, encoding: "utf8" },
  );
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe("the built server's production mode", () => {
  it("runs as production when NODE_ENV is not set", () => {
    expect(modeOf({ NODE_ENV: undefined }).nodeEnv).toBe("production");
  });

  it("loads React Router's production build in production, not its development build", () => {
    expect(modeOf({ NODE_ENV: undefined }).reactRouter).toMatch(/\/react-router\/dist\/production\//);
  });

  it("keeps the development build when NODE_ENV=development", () => {
    expect(modeOf({ NODE_ENV: "development" }).reactRouter).toMatch(/\/react-router\/dist\/development\//);
  });
});
