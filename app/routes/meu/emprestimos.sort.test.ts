import { describe, expect, it } from "vitest";
import { readLoanOrder, sortLoans } from "./emprestimos.server";

const loans = [
  { cod_emprestimo: 1, titulo: "Zoologia", data_devolucao_prevista: "2026-01-05" },
  { cod_emprestimo: 2, titulo: "Álgebra", data_devolucao_prevista: "2026-01-09" },
  { cod_emprestimo: 3, titulo: "biologia", data_devolucao_prevista: "2026-01-01T10:00:00" },
];

describe("ordering the current loans", () => {
  it("orders by due date (soonest first) unless the title is asked for", () => {
    expect(sortLoans(loans, readLoanOrder(new URL("http://x/e")), "pt-BR").map((l) => l.cod_emprestimo)).toEqual([3, 1, 2]);
    expect(sortLoans(loans, readLoanOrder(new URL("http://x/e?ordem=qualquer")), "pt-BR").map((l) => l.cod_emprestimo)).toEqual([3, 1, 2]);
  });

  it("orders by title as the language collates it (accents and case do not push a title to the end)", () => {
    expect(sortLoans(loans, readLoanOrder(new URL("http://x/e?ordem=titulo")), "pt-BR").map((l) => l.titulo)).toEqual([
      "Álgebra",
      "biologia",
      "Zoologia",
    ]);
  });
});
