import { describe, expect, it } from "vitest";
import { activeRules, failedRules, type PasswordRules } from "./password-rules.ts";

const rules: PasswordRules = {
  length: { min: 8, max: 16 },
  has_numbers: true,
  only_numbers: false,
  special_char: true,
  diff_case: true,
  diff_name: true,
  last_pw: 3,
};
const NAME = "Ana Beatriz Souza";

describe("password rules", () => {
  it("accepts a password that meets every rule", () => {
    expect(failedRules("Livro#2026x", rules, NAME)).toEqual([]);
  });

  it("names each rule a password fails", () => {
    expect(failedRules("abc", rules, NAME)).toEqual(["length", "has_numbers", "special_char", "diff_case"]);
    expect(failedRules("Livro#20261234567", rules, NAME)).toEqual(["length"]);
  });

  it("refuses any part of the patron's name, ignoring case and accents", () => {
    expect(failedRules("Souza#2026", rules, NAME)).toEqual(["diff_name"]);
    expect(failedRules("xBEATRIZ#1", rules, NAME)).toEqual(["diff_name"]);
    expect(failedRules("Jose#20261", rules, "José Silva")).toEqual(["diff_name"]);
  });

  it("with the digits-only variant, refuses letters", () => {
    const pin: PasswordRules = { ...rules, only_numbers: true, special_char: false, diff_case: false, length: { min: 4, max: 6 } };
    expect(failedRules("1234", pin, NAME)).toEqual([]);
    expect(failedRules("12a4", pin, NAME)).toEqual(["only_numbers"]);
  });

  it("lists only the rules that are on, history last", () => {
    expect(activeRules(rules)).toEqual(["length", "has_numbers", "special_char", "diff_case", "diff_name", "last_pw"]);
    expect(activeRules({ ...rules, has_numbers: false, special_char: false, diff_case: false, diff_name: false, last_pw: 0 })).toEqual(["length"]);
  });
});
