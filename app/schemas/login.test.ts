import { describe, expect, it } from "vitest";
import { loginSchemaFor } from "./login";

const base = { username: "demo", password: "demo1234" };

describe("the login form of an institution (ADR 173)", () => {
  it("asks for no category on the plain login", () => {
    expect(loginSchemaFor(null).safeParse(base).success).toBe(true);
  });

  it("requires one of the offered categories under the category variant", () => {
    const schema = loginSchemaFor(["01", "07"]);
    expect(schema.safeParse({ ...base, categoria: "07" }).success).toBe(true);
    for (const categoria of [undefined, "", "99", "04"]) {
      const result = schema.safeParse({ ...base, categoria });
      expect(result.success, String(categoria)).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(["login:category.required"]);
    }
  });

  it("can still leave the password out (an OIDC login) while the category stays required", () => {
    const schema = loginSchemaFor(["01"]).partial({ password: true });
    expect(schema.safeParse({ username: "ana@ufd.example", categoria: "01" }).success).toBe(true);
  });
});
