/**
 * The files in this folder were checked against these major versions (README.md). A major upgrade of any of them
 * fails here on purpose: re-read each override against the new version, run the bench, then move the number.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const CHECKED: Record<string, number> = { "react-router": 7, "@react-router/dev": 7, "react-i18next": 17, i18next: 26 };

const require = createRequire(import.meta.url);

function installedMajor(name: string): number {
  const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as { version: string };
  return Number(manifest.version.split(".")[0]);
}

describe("framework overrides", () => {
  it.each(Object.entries(CHECKED))("were checked against the installed major version of %s", (name, major) => {
    expect(installedMajor(name)).toBe(major);
  });

  it("list every checked package in the README", () => {
    const readme = readFileSync(new URL("./README.md", import.meta.url), "utf8");
    for (const [name, major] of Object.entries(CHECKED)) expect(readme).toContain(`${name} ${major}`);
  });
});
