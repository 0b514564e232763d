// Starts the built server for the Playwright run on a fresh data directory, so every run begins from the
// same demo database. Usage: node tests/support/start-server.mjs <name> (env: PORT, and optionally
// API_ONLY / API_BASE_URL / WEB_CONCURRENCY). E2E_DATABASE_URL runs the main server on that (empty)
// PostgreSQL database instead of SQLite, to check the PostgreSQL path with the same suite.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const name = process.argv[2] ?? "main";
const root = path.resolve(import.meta.dirname, "../..");
const dataDir = path.join(root, ".e2e-data", name);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const child = spawn(process.execPath, [path.join(root, "build/server.js")], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0123456789",
    ...(name === "main" && process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
  },
});
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
