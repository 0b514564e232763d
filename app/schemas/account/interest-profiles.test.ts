import { describe, expect, it } from "vitest";
import { AddItemsSchema, fieldErrors, formFields, PeriodicalSchema, ValiditySchema } from "./interest-profiles";

const form = (pairs: Array<[string, string]>) => {
  const f = new FormData();
  for (const [k, v] of pairs) f.append(k, v);
  return f;
};

describe("the interest profile forms", () => {
  it("reads ticked boxes as lists, and an unticked group as an empty list", () => {
    expect(
      formFields(
        form([
          ["tipoDSI", "area"],
          ["itens", "3"],
          ["itens", "8"],
        ]),
        ["itens"],
      ),
    ).toEqual({ tipoDSI: "area", itens: ["3", "8"] });
    expect(formFields(form([["cod_acervo", "12"]]), ["tipos"])).toEqual({ cod_acervo: "12", tipos: [] });
  });

  it("needs at least one journal type to follow a periodical (spec §5)", () => {
    const r = PeriodicalSchema.safeParse({ cod_acervo: "12", tipos: [] });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({ tipos: "interests:errors.tipos_obrigatorio" });
    expect(PeriodicalSchema.parse({ cod_acervo: "12", tipos: ["sumarios"] })).toEqual({ cod_acervo: 12, tipos: ["sumarios"] });
    expect(fieldErrors(PeriodicalSchema.safeParse({ cod_acervo: "12", tipos: ["revistas"] }).error!)).toEqual({ tipos: "interests:errors.invalid" });
  });

  it("needs at least one item and a real date to include items", () => {
    const r = AddItemsSchema.safeParse({ tipoDSI: "assunto", validade: "2026-02-30", itens: [] });
    expect(fieldErrors(r.error!)).toEqual({ validade: "interests:errors.validade_invalid", itens: "interests:errors.itens_obrigatorio" });
    expect(fieldErrors(ValiditySchema.safeParse({ validade: " " }).error!)).toEqual({ validade: "interests:errors.validade_required" });
    expect(AddItemsSchema.parse({ tipoDSI: "autor", validade: "2027-01-31", itens: ["machado-de-assis"] })).toMatchObject({
      itens: ["machado-de-assis"],
    });
  });
});
