/**
 * The API's rules answer outcomes and reason codes (docs/contributing/adding-an-api-group.md): a module under
 * `api/domain/` never builds an HTTP error (`ApiError`, Hono's `HTTPException`), never imports Hono or the HTTP
 * helpers, and never picks a status code. The routes map each reason code to a status and to words.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const DOMAIN = join(ROOT, "api/domain");

/** What only the HTTP layer may say, each with the reason a match breaks the rule. */
const HTTP = [
  { why: "imports the HTTP errors", re: /from\s+["'][^"']*lib\/errors(\.ts)?["']/ },
  { why: "imports Hono", re: /from\s+["'](hono|@hono\/[^"']+)(\/[^"']*)?["']/ },
  { why: "builds an HTTP error", re: /\b(ApiError|HTTPException)\b/ },
  { why: "sets a status code", re: /\bstatus(Code)?\s*[:=]\s*[1-5]\d\d\b|\.status\(\s*[1-5]\d\d\b|\bc\.json\(/ },
];

/** The rules in `source` that a domain module breaks. */
function breaches(source: string): string[] {
  return HTTP.filter((h) => h.re.test(source)).map((h) => h.why);
}

function domainModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? domainModules(p) : e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [p] : [];
  });
}

describe("the API's domain modules", () => {
  it("answer reason codes, never HTTP errors or statuses", () => {
    const files = domainModules(DOMAIN);
    expect(files.length).toBeGreaterThan(30);
    const found = Object.fromEntries(
      files.map((f) => [relative(ROOT, f), breaches(readFileSync(f, "utf8"))] as const).filter(([, why]) => why.length > 0),
    );
    expect(found).toEqual({});
  });

  it("finds each way of answering HTTP from a rule (the check can fail)", () => {
    expect(breaches('import { ApiError } from "../lib/errors.ts";')).toEqual(["imports the HTTP errors", "builds an HTTP error"]);
    expect(breaches('import { HTTPException } from "hono/http-exception";')).toEqual(["imports Hono", "builds an HTTP error"]);
    expect(breaches('import type { Context } from "hono";')).toEqual(["imports Hono"]);
    expect(breaches("export function ruleError(lang: Lang, code: RuleCode, status = 422) {")).toEqual(["sets a status code"]);
    expect(breaches("return { status: 404, body };")).toEqual(["sets a status code"]);
    expect(breaches('return { ok: false, reason: "limite_reservas" };')).toEqual([]);
    expect(breaches('const OPEN_STATUSES = ["aguardando"]; if (filter.status) q = q.where("situacao", "=", filter.status);')).toEqual([]);
  });
});
