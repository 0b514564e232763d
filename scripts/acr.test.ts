import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Acr } from "../contract/acr";
import { criteriaOf } from "./acr";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
let dir: string;

/** `npm run acr` is `tsx scripts/acr.ts`: run exactly that, as a child process. */
const acr = (...args: string[]) => run(path.join(root, "node_modules/.bin/tsx"), ["scripts/acr.ts", ...args], { cwd: root, timeout: 120_000 });

const axeCase = (id: string, violations: string[]) => ({
  id,
  route: id.split("--")[0],
  url: "/",
  scheme: "normal",
  js: true,
  lang: "pt",
  axeVersion: "4.13.0",
  tags: ["wcag2a"],
  passes: 20,
  incomplete: 0,
  violations: violations.map((v) => ({ id: v, impact: "serious", help: v, nodes: 1, targets: ["p"] })),
});

let stdout = "";
let acrJson: Acr;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "estante-acr-"));
  fs.mkdirSync(path.join(dir, "reports", "interactions"), { recursive: true });
  fs.writeFileSync(path.join(dir, "reports", "home--normal--on--pt.json"), JSON.stringify(axeCase("home--normal--on--pt", [])));
  fs.writeFileSync(path.join(dir, "reports", "login--normal--on--pt.json"), JSON.stringify(axeCase("login--normal--on--pt", ["color-contrast"])));
  fs.writeFileSync(
    path.join(dir, "reports", "interactions", "skip.json"),
    JSON.stringify({ id: "skip", check: "the skip links reach their targets", mode: "js-on", criteria: "2.4.1; eMAG 1.5", outcome: "passed" }),
  );
  fs.writeFileSync(
    path.join(dir, "reports", "interactions", "focus.json"),
    JSON.stringify({ id: "focus", check: "focus stays visible after a filter", mode: "js-off", criteria: "2.4.7, 2.4.11", outcome: "failed" }),
  );
  fs.writeFileSync(
    path.join(dir, "manual.json"),
    JSON.stringify({
      checks: [
        { criterion: "1.2.1", date: "2026-01-10", result: "Does Not Support", by: "first reviewer", remarks: "An old check." },
        { criterion: "1.2.1", date: "2026-03-02", result: "Not Applicable", by: "second reviewer", remarks: "No media." },
        { criterion: "eMAG 3.12", date: "2026-03-02", result: "Supports", by: "second reviewer", remarks: "Abbreviations explained." },
      ],
    }),
  );
  // One run of the command; each test below reads what it printed and wrote.
  ({ stdout } = await acr("--reports", path.join(dir, "reports"), "--manual", path.join(dir, "manual.json"), "--commit", "abc1234"));
  acrJson = JSON.parse(fs.readFileSync(path.join(dir, "reports", "acr.json"), "utf8")) as Acr;
}, 150_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("npm run acr", () => {
  it("writes acr.md and acr.json for every WCAG 2.2 A and AA criterion and the 45 eMAG 3.1 recommendations, dated with the commit", async () => {
    expect(stdout).toMatch(/55 WCAG 2\.2 criteria .* and 45 eMAG 3\.1 recommendations from 2 axe cases and 2 interaction checks/);
    const md = fs.readFileSync(path.join(dir, "reports", "acr.md"), "utf8");
    expect(md).toContain("commit `abc1234`");
    expect(md).toContain("## Table 1: Success Criteria, Level A");
    expect(md).toContain("## Table 2: Success Criteria, Level AA");
    const json = acrJson;
    expect(json.commit).toBe("abc1234");
    expect(json.wcag.filter((r) => r.level === "A")).toHaveLength(31);
    expect(json.wcag.filter((r) => r.level === "AA")).toHaveLength(24);
    expect(json.emag).toHaveLength(45);
  });

  it("marks a criterion with an axe violation or a failed check as partially supported, naming the failure", async () => {
    const json = acrJson;
    const row = (id: string) => json.wcag.find((r) => r.id === id)!;
    expect(row("1.4.3")).toMatchObject({ conformance: "Partially Supports" });
    expect(row("1.4.3").remarks).toContain("color-contrast on login--normal--on--pt");
    expect(row("2.4.7").conformance).toBe("Partially Supports");
    expect(row("2.4.7").remarks).toContain("focus stays visible after a filter (js-off)");
  });

  it("gives a criterion only a person can judge the last manual check's date and result, or says none is recorded", async () => {
    const json = acrJson;
    const row = (id: string) => json.wcag.find((r) => r.id === id)!;
    expect(row("1.2.1")).toMatchObject({ conformance: "Not Applicable", manual: { date: "2026-03-02", by: "second reviewer" } });
    expect(row("1.2.1").remarks).toContain("Manual check 2026-03-02");
    expect(row("1.3.3")).toMatchObject({ conformance: "Not Evaluated", judgement: "manual" });
    expect(row("1.3.3").remarks).toContain("no manual check is recorded");
    expect(json.emag.find((r) => r.id === "3.12")).toMatchObject({ conformance: "Supports", manual: { date: "2026-03-02" } });
  });

  it("supports a criterion the tests settle when its checks passed", async () => {
    const json = acrJson;
    expect(json.wcag.find((r) => r.id === "2.4.1")).toMatchObject({ conformance: "Supports", judgement: "automated" });
    expect(json.wcag.find((r) => r.id === "2.4.1")!.evidence.join(" ")).toContain("the skip links reach their targets (js-on: passed)");
  });

  it("exits with 2 and writes nothing when the manual checks file is missing", async () => {
    const empty = path.join(dir, "empty-reports");
    const err = await acr("--reports", empty, "--manual", path.join(dir, "missing.json")).catch((e: { code: number; stderr: string }) => e);
    expect(err).toMatchObject({ code: 2 });
    expect((err as { stderr: string }).stderr).toContain("no manual checks file");
    expect(fs.existsSync(path.join(empty, "acr.md"))).toBe(false);
  }, 150_000);
});

describe("criteriaOf", () => {
  it("reads WCAG criteria and eMAG recommendations from an interaction check's criteria text", () => {
    expect(criteriaOf("1.3.1, 2.4.3; eMAG 1.4, 2.1 and 6.3")).toEqual(["eMAG 1.4", "eMAG 2.1", "eMAG 6.3", "1.3.1", "2.4.3"]);
  });
});
