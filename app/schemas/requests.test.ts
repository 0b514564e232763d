import { describe, expect, it } from "vitest";
import { holdSchema } from "./hold";
import { cleanPhone, loanRequestSchema } from "./loan-request";
import { CommentSchema } from "./comment";
import { SuggestionSchema } from "./suggestion";

const dims = { volumes: ["1", "2"], tomos: [], partes: [], materiais: [] };

describe("hold form", () => {
  const schema = holdSchema({ ...dims, bibliotecas: [{ cod_biblioteca: 1 }] });
  it("requires every offered option and the library", () => {
    const r = schema.safeParse({ chave: "abcdefgh-1234" });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    expect(paths).toEqual(expect.arrayContaining(["volume:requests:errors.option_required", "biblioteca:requests:errors.library_required"]));
  });
  it("refuses a value outside the lists and accepts a full choice", () => {
    expect(schema.safeParse({ volume: "3", biblioteca: 1, chave: "abcdefgh-1234" }).success).toBe(false);
    expect(schema.safeParse({ volume: "2", biblioteca: 1, chave: "abcdefgh-1234" }).success).toBe(true);
  });
});

describe("loan request form", () => {
  const schema = loanRequestSchema({
    volumes: [],
    tomos: [],
    partes: [],
    materiais: [],
    bibliotecas_origem: [{ cod_biblioteca: 1 }],
    locais_recebimento: [
      { codigo: 1, domicilio: false },
      { codigo: 3, domicilio: true },
    ],
  });
  const base = {
    biblioteca_origem: 1,
    biblioteca_recebimento: 2,
    cod_local_recebimento: 1,
    email: "a@b.org",
    telefone: "(61) 3333-4444",
    chave: "abcdefgh-1234",
  };
  it("accepts a valid request and keeps the authorised person optional", () => {
    expect(schema.safeParse(base).success).toBe(true);
  });
  it("requires the home address for a home delivery", () => {
    const r = schema.safeParse({ ...base, cod_local_recebimento: 3 });
    expect(r.error?.issues.map((i) => i.path.join("."))).toEqual(["domicilio"]);
  });
  it("refuses a bad e-mail and a phone with letters or over 16 characters", () => {
    expect(schema.safeParse({ ...base, email: "x" }).success).toBe(false);
    expect(schema.safeParse({ ...base, telefone: "61 3333 ramal 4" }).success).toBe(false);
    expect(schema.safeParse({ ...base, telefone: "(061) 3333-4444 9" }).success).toBe(false);
  });
  it("strips what a phone does not keep while typing, at most 16 characters", () => {
    expect(cleanPhone("+55 (61) 3333-4444 r.2")).toBe("55 (61) 3333-444");
  });
});

describe("comment and suggestion forms", () => {
  it("needs a library and non-blank text", () => {
    const r = CommentSchema.safeParse({ texto: "   " });
    expect(r.error?.issues.map((i) => i.message).sort()).toEqual(["requests:errors.library_required", "requests:errors.text_required"]);
  });
  it("names each missing required suggestion field, with the publisher trimmed", () => {
    const r = SuggestionSchema.safeParse({ editor: "  " });
    expect(r.error?.issues.map((i) => i.message).sort()).toEqual([
      "requests:suggestion.errors.biblioteca",
      "requests:suggestion.errors.editor",
      "requests:suggestion.errors.titulo",
    ]);
    expect(SuggestionSchema.safeParse({ biblioteca: 1, titulo: "X", editor: " Y " }).data?.editor).toBe("Y");
  });
});
