import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CIRCULATION_LOGINS } from "./circulation-holds.ts";
import { DECLARATION_LOGINS } from "./declarations.ts";
import { LOGIN_VARIANT_LOGINS } from "./login-variants.ts";
import { PERIODICAL_READER } from "./interest-profiles.ts";
import { DEMO_LOGINS, DEMO_PASSWORD } from "./patrons.ts";

describe("the README's demo logins", () => {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");

  it("lists every seeded demo login and the shared password", () => {
    for (const { login } of [...DEMO_LOGINS, ...CIRCULATION_LOGINS, ...LOGIN_VARIANT_LOGINS, ...DECLARATION_LOGINS, PERIODICAL_READER])
      expect(readme).toContain(`| \`${login}\` |`);
    expect(readme).toContain(`\`${DEMO_PASSWORD}\``);
  });
});
