/**
 * The loan-request rules called as functions (not through HTTP): the form's fields, the duplicate and the limit,
 * and who may ask at all. Each refusal is a reason code; the words and statuses are the route's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/index.ts";
import { createTestApi, insertPatron, insertTitles } from "../lib/testing.ts";
import { createLoanRequest, loanRequestFieldProblems, openRequestsRefusal, type LoanRequestPayload, type OpenRequest } from "./loan-requests.ts";

const form = (more: Partial<LoanRequestPayload> = {}): LoanRequestPayload => ({
  biblioteca_origem: 1,
  biblioteca_recebimento: 1,
  telefone: "(61) 3333-4444",
  email: "leitora@example.org",
  cod_local_recebimento: 1,
  ...more,
});

const open = (cod_acervo: number, volume: string | null = null): OpenRequest => ({
  cod_acervo,
  volume,
  tomo: null,
  parte: null,
  material_adicional: null,
});

describe("a patron's open requests", () => {
  it("refuse a second request for the same title and copy", () => {
    expect(openRequestsRefusal(10, {}, [open(10)], 5)).toBe("solicitacao_duplicada");
  });

  it("let the patron ask for another volume of the same title", () => {
    expect(openRequestsRefusal(10, { volume: "v. 2" }, [open(10, "v. 1")], 5)).toBeNull();
  });

  it("compare the chosen copy without the spaces around it", () => {
    expect(openRequestsRefusal(10, { volume: " v. 1 " }, [open(10, "v. 1")], 5)).toBe("solicitacao_duplicada");
  });

  it("refuse a new request once the category's limit is reached", () => {
    expect(openRequestsRefusal(10, {}, [open(11), open(12)], 2)).toBe("limite_solicitacoes");
  });

  it("allow a request below the limit", () => {
    expect(openRequestsRefusal(10, {}, [open(11)], 2)).toBeNull();
  });

  it("report a duplicate before the limit", () => {
    expect(openRequestsRefusal(10, {}, [open(10), open(11)], 2)).toBe("solicitacao_duplicada");
  });
});

describe("the loan request form", () => {
  const noCopies: Parameters<typeof loanRequestFieldProblems>[2] = [];

  it("has nothing wrong when every field is right", () => {
    expect(loanRequestFieldProblems(form(), true, noCopies)).toEqual({});
  });

  it("refuses a receiving location that does not exist", () => {
    expect(loanRequestFieldProblems(form({ cod_local_recebimento: 9 }), true, noCopies)).toEqual({ cod_local_recebimento: "invalido" });
  });

  it("asks for the home address when the copy is to be delivered at home", () => {
    expect(loanRequestFieldProblems(form({ cod_local_recebimento: 3, domicilio: "  " }), true, noCopies)).toEqual({ domicilio: "obrigatorio" });
  });

  it("refuses a receiving library the catalogue does not have", () => {
    expect(loanRequestFieldProblems(form(), false, noCopies)).toEqual({ biblioteca_recebimento: "invalido" });
  });

  it("asks for a volume when the available copies come in volumes", () => {
    const copies = [{ volume: "v. 1", tomo: null, parte: null, material_adicional: null }];
    expect(loanRequestFieldProblems(form(), true, copies)).toEqual({ volume: "obrigatorio" });
  });
});

describe("creating a loan request", () => {
  let t: Awaited<ReturnType<typeof createTestApi>>;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApi({ patrons: false, titles: 0 });
    db = t.db;
  });
  afterAll(async () => t.cleanup());

  const patron = (changes: { bloqueado?: number; desvinculado_em?: string } = {}) => insertPatron(db, changes);
  const availableTitle = async () => (await insertTitles(db, [{ titulo: "Título disponível", copies: 1 }]))[0];

  it("stores the request, waiting for the library", async () => {
    const title = await availableTitle();
    expect(await createLoanRequest(db, await patron(), title, form(), null)).toMatchObject({
      ok: true,
      created: true,
      request: { cod_acervo: title, situacao: "aguardando" },
    });
  });

  it("is refused for an unknown title", async () => {
    expect(await createLoanRequest(db, await patron(), 999_999, form(), null)).toEqual({ ok: false, reason: "nao_encontrado" });
  });

  it("is refused to a patron blocked by the library", async () => {
    expect(await createLoanRequest(db, await patron({ bloqueado: 1 }), await availableTitle(), form(), null)).toEqual({
      ok: false,
      reason: "usuario_bloqueado",
    });
  });

  it("is refused to a patron unlinked by a no-debts declaration", async () => {
    const unlinked = await patron({ desvinculado_em: "2026-01-10T00:00:00.000Z" });
    expect(await createLoanRequest(db, unlinked, await availableTitle(), form(), null)).toEqual({ ok: false, reason: "usuario_desvinculado" });
  });

  it("is refused when the chosen library has no copy available for loan", async () => {
    const title = await availableTitle();
    await db.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_acervo", "=", title).execute();
    expect(await createLoanRequest(db, await patron(), title, form(), null)).toEqual({ ok: false, reason: "sem_exemplar_disponivel" });
  });

  it("names the fields to fix before saying no copy is available", async () => {
    const title = await availableTitle();
    await db.updateTable("exemplar").set({ situacao: "emprestado" }).where("cod_acervo", "=", title).execute();
    expect(await createLoanRequest(db, await patron(), title, form({ cod_local_recebimento: 9 }), null)).toEqual({
      ok: false,
      reason: "campos",
      fields: { cod_local_recebimento: "invalido" },
    });
  });

  it("is refused as a duplicate when the patron asks for the same title twice", async () => {
    const title = await availableTitle();
    const who = await patron();
    await createLoanRequest(db, who, title, form(), null);
    expect(await createLoanRequest(db, who, title, form(), null)).toEqual({ ok: false, reason: "solicitacao_duplicada" });
  });

  it("answers the request already created when the same form is sent again", async () => {
    const title = await availableTitle();
    const who = await patron();
    const first = await createLoanRequest(db, who, title, form(), "loan-form-0001");
    expect(await createLoanRequest(db, who, title, form(), "loan-form-0001")).toEqual({ ...first, created: false });
  });

  it("answers another patron's form key as a key in use", async () => {
    const title = await availableTitle();
    await createLoanRequest(db, await patron(), title, form(), "loan-form-0002");
    expect(await createLoanRequest(db, await patron(), title, form(), "loan-form-0002")).toEqual({ ok: false, reason: "chave_em_uso" });
  });
});
