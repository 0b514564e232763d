/**
 * The import command's bound on its heaps' growth (ADR 280): a heap grows by half of what the last full collection
 * left alive, not by up to four times. Measured in a child process (V8's setting is per process), the old space's
 * size while garbage is made around 100 MB kept alive.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..", "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "estante-cli-heap-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const cli = path.join(root, "api", "marc", "cli.ts");
// "bound": the function alone; "command": cli.ts run as the command is (no files: it prints its usage, and exits only
// once that output is written, after the synchronous work below).
const script = `
import v8 from "node:v8";
const mode = process.argv[2];
if (mode === "command") process.argv.splice(1, Infinity, ${JSON.stringify(cli)});
const { boundHeapGrowth } = await import(${JSON.stringify(cli)});
if (mode === "bound") boundHeapGrowth();
const old = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === "old_space");
const live = [];
for (let i = 0; i < 300_000; i++) live.push({ a: "k" + i, b: [i, i + 1], c: "x".repeat(20) + i });
globalThis.gc();
const alive = old().space_used_size;
let max = 0;
for (let round = 0; round < 40; round++) {
  const junk = [];
  for (let i = 0; i < 100_000; i++) junk.push({ a: "j" + i + "-" + round, b: [i, round], c: { d: i } });
  live.splice(0, 10_000, ...junk.slice(0, 10_000));
  max = Math.max(max, old().space_size);
}
console.log(JSON.stringify({ alive, max }));
`;

function oldSpaceGrowth(...args: string[]): Promise<number> {
  const file = path.join(work, "heap.mts");
  fs.writeFileSync(file, script);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", file, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("close", (code) => {
      const last = out.trim().split("\n").at(-1) ?? "";
      if (!last.startsWith("{")) return reject(new Error(`exit ${code}: ${err}${out}`));
      const { alive, max } = JSON.parse(last) as { alive: number; max: number };
      resolve(max / alive);
    });
  });
}

describe("the import command's heaps", () => {
  it("grow to at most about twice what they keep alive (V8 alone: about four times on Node 20)", async () => {
    // 1.5 × what is alive, plus what was allocated meanwhile; Node 24's V8 already stays near 2 here by itself.
    expect(await oldSpaceGrowth("bound")).toBeLessThan(2.5);
  }, 60_000);

  it("are bounded by the command itself when it runs", async () => {
    expect(await oldSpaceGrowth("command")).toBeLessThan(2.5);
  }, 60_000);
});
