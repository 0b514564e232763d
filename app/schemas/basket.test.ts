import { describe, expect, it } from "vitest";
import { createBasketEmailSchema, invalidRecipients } from "./basket";

const t = (key: string, values?: Record<string, unknown>) => (values?.address ? `${key}:${String(values.address)}` : key);
const schema = createBasketEmailSchema(t);

describe("basket e-mail form", () => {
  it("accepts recipients separated by semicolons", () => {
    const r = schema.safeParse({ tipo: "ris", destinatarios: " a@b.org ;c@d.com.br; " });
    expect(r.success).toBe(true);
  });

  it("names every invalid address in its own message", () => {
    const r = schema.safeParse({ tipo: "ris", destinatarios: "a@b.org; x; y@z" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(["basket:email.invalidAddress:x", "basket:email.invalidAddress:y@z"]);
  });

  it("requires at least one address and a text format (not ISO 2709)", () => {
    expect(schema.safeParse({ tipo: "ris", destinatarios: " ; " }).error?.issues[0].message).toBe("basket:email.recipientsRequired");
    expect(schema.safeParse({ tipo: "ris", destinatarios: "" }).error?.issues[0].message).toBe("basket:email.recipientsRequired");
    expect(schema.safeParse({ tipo: "iso2709", destinatarios: "a@b.org" }).success).toBe(false);
  });

  it("finds invalid recipients", () => {
    expect(invalidRecipients("a@b.org;no;c d@e.org")).toEqual(["no", "c d@e.org"]);
  });
});
