import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sqliteBinaryPath, sqliteBinaryProblem } from "./sqlite-binary.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sqlite-binary-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function fakeBinary(name: string, symbols: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, Buffer.from(`\x7fELF\0${symbols.map((s) => `_ZN4node${s.length}${s}EPN2v87IsolateEPFvPvES3_`).join("\0")}\0`, "latin1"));
  return file;
}

describe("the better-sqlite3 binary on Node 24 (ADR 235)", () => {
  it("is reported when it was compiled against headers whose ObjectWrap removes a cleanup hook", () => {
    const bad = fakeBinary("bad.node", ["AddEnvironmentCleanupHook", "RemoveEnvironmentCleanupHook"]);
    expect(sqliteBinaryProblem(bad, "24.21.0")).toMatch(/Node 24\.19 or later.*npm rebuild better-sqlite3/);
  });

  it("is not reported when it only adds the addon's own cleanup hook, nor on Node 20 and 22", () => {
    const good = fakeBinary("good.node", ["AddEnvironmentCleanupHook"]);
    const bad = fakeBinary("bad2.node", ["RemoveEnvironmentCleanupHook"]);
    expect(sqliteBinaryProblem(good, "24.21.0")).toBeNull();
    expect(sqliteBinaryProblem(bad, "20.19.0")).toBeNull();
    expect(sqliteBinaryProblem(bad, "22.12.0")).toBeNull();
    expect(sqliteBinaryProblem(null, "24.21.0")).toBeNull();
    expect(sqliteBinaryProblem(path.join(dir, "missing.node"), "24.21.0")).toBeNull();
  });

  it("the installed binary is safe on the Node running the tests", () => {
    expect(sqliteBinaryPath()).not.toBeNull();
    expect(sqliteBinaryProblem()).toBeNull();
  });

  it("a process whose statements are left to the garbage collector exits cleanly", () => {
    // Thousands of statements prepared and dropped, collected after the script ends: an aborting build dies
    // here with SIGABRT (exit status 134) instead of 0.
    const script = `
      const Database = require(${JSON.stringify(path.dirname(path.dirname(path.dirname(sqliteBinaryPath()!))))});
      const db = new Database(":memory:");
      for (let i = 0; i < 20000; i++) db.prepare("select ? + " + (i % 50)).get(i);
    `;
    const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", timeout: 60_000 });
    expect(run.stderr).not.toContain("Assertion failed");
    expect({ status: run.status, signal: run.signal }).toEqual({ status: 0, signal: null });
  });
});
