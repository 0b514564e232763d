import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readAcr } from "./acr-report.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-acr-read-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("readAcr", () => {
  it("gives no report when none was generated", async () => {
    expect(await readAcr(path.join(dir, "missing.json"))).toBeNull();
  });

  it("gives no report for a file that is not one", async () => {
    fs.writeFileSync(path.join(dir, "broken.json"), "{ not json");
    fs.writeFileSync(path.join(dir, "other.json"), JSON.stringify({ cases: [] }));
    expect(await readAcr(path.join(dir, "broken.json"))).toBeNull();
    expect(await readAcr(path.join(dir, "other.json"))).toBeNull();
  });

  it("reads a generated report with its commit and tables", async () => {
    const acr = {
      product: "Estante",
      commit: "abc1234",
      generated: "2026-11-27T12:00:00.000Z",
      axeVersion: "4.13.0",
      axeCases: 1,
      interactionChecks: 0,
      wcag: [],
      emag: [],
    };
    fs.writeFileSync(path.join(dir, "acr.json"), JSON.stringify(acr));
    expect(await readAcr(path.join(dir, "acr.json"))).toMatchObject({ commit: "abc1234", wcag: [], emag: [] });
  });
});
