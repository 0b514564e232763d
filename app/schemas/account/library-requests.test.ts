import { describe, expect, it } from "vitest";
import { requestBody, requestFormSchema } from "./library-requests";

const errorsOf = (key: Parameters<typeof requestFormSchema>[0], value: Record<string, unknown>) => {
  const r = requestFormSchema(key).safeParse(value);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("request-to-the-library forms", () => {
  const survey = { assunto_geral: "Leitura", data_inicio: "2020-01-01", data_fim: "2021-01-01", tipo_publicacao: "ambos" };

  it("names each missing required field", () => {
    expect(errorsOf("article", { email: "a@example.org" })).toEqual({
      titulo_artigo: "librequests:errors.required",
      titulo_periodico: "librequests:errors.required",
      ano: "librequests:errors.required",
    });
  });

  it("requires both survey dates with the start not after the end (spec §5)", () => {
    expect(errorsOf("survey", { ...survey, data_fim: undefined })).toEqual({ data_fim: "librequests:errors.required" });
    expect(errorsOf("survey", { ...survey, data_inicio: "2022-01-01" })).toEqual({ data_fim: "librequests:errors.date_order" });
  });

  it("refuses a bibliography start page after the end page, and one page alone (spec §5)", () => {
    expect(errorsOf("survey", { ...survey, pagina_bibliografia_inicial: 9, pagina_bibliografia_final: 3 })).toEqual({
      pagina_bibliografia_final: "librequests:errors.page_order",
    });
    expect(errorsOf("survey", { ...survey, pagina_bibliografia_final: 3 })).toEqual({ pagina_bibliografia_inicial: "librequests:errors.pages_both" });
    expect(errorsOf("survey", { ...survey, pagina_bibliografia_inicial: 3, pagina_bibliografia_final: 3 })).toEqual({});
  });

  it("checks a thesis's defence degree and the e-mail format", () => {
    expect(errorsOf("thesis", { titulo: "T", autor: "A", grau_defesa: "bacharelado", email: "sem-arroba" })).toEqual({
      grau_defesa: "librequests:errors.choose",
      email: "librequests:errors.email",
    });
  });

  it("sends checkboxes as booleans and leaves blanks out", () => {
    expect(requestBody("survey", { ...survey, folha_rosto: "on", delimitacao: "" })).toEqual({
      ...survey,
      folha_rosto: true,
      sumario: false,
      ilustracoes: false,
    });
  });

  it("names a future year, a bad ISBN and a library not offered at once", () => {
    const r = requestFormSchema("interlibrary", { libraries: ["1", "2"] }).safeParse({
      titulo: "Obra",
      ano: 2999,
      isbn_issn: "xyz!!",
      biblioteca_recebimento: 999,
    });
    const errors = r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
    expect(errors).toEqual({
      ano: "librequests:errors.year_range",
      isbn_issn: "librequests:errors.isbn_issn",
      biblioteca_recebimento: "librequests:errors.choose",
    });
  });

  it("refuses article pages out of order and keeps a range in order", () => {
    const article = { titulo_artigo: "A", titulo_periodico: "P", ano: 2020, email: "a@example.org" };
    expect(errorsOf("article", { ...article, paginas: "62-45" })).toEqual({ paginas: "librequests:errors.pages_order" });
    expect(errorsOf("article", { ...article, paginas: "45-62" })).toEqual({});
  });
});
