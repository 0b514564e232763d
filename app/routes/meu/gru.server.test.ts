import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { Gru } from "~/lib/api/account/debits.server";
import { readTaggedPdf, structElements } from "../../../tests/support/pdf-structure";

// The slip the API answers; the PDF is drawn from it in the default language (pt).
const GRU: Gru = {
  cod_gru: 7,
  biblioteca: "Biblioteca Central",
  beneficiario: "Universidade Federal de Demonstração",
  codigo_recolhimento: "28830-6",
  numero_referencia: "2026000123",
  competencia: "2026-11",
  vencimento: "2026-12-10",
  valor: 7.5,
  pix: "00020126580014br.gov.bcb.pix0136estante-demo5204000053039865404 7.505802BR6009BRASILIA62070503***6304ABCD",
  // A published arrecadação slip's digits (api/domain/arrecadacao.test.ts): the PDF draws whatever the API sends.
  codigo_barras: "85890000460524601791606075930508683148300001",
  linha_digitavel: "858900004609524601791605607593050865831483000010",
  situacao: "emitida",
  data_pagamento: null,
  created_at: "2026-11-25T12:00:00.000Z",
  contribuinte: { nome: "Marina Castro Ribeiro", cpf: "12345678909" },
  debitos: [
    { cod_debito: 31, motivo: "Atraso na devolução", tipo_servico: "emprestimo", titulo: "Dom Casmurro", valor: 4.5 },
    { cod_debito: 32, motivo: "Atraso na devolução", tipo_servico: "emprestimo", titulo: "Vidas secas", valor: 2 },
    { cod_debito: 33, motivo: "Taxa de reserva", tipo_servico: "reserva", titulo: null, valor: 1 },
  ],
};
vi.mock("~/lib/api/client.server", () => ({ getApi: () => ({}) }));
vi.mock("~/lib/api/account/debits.server", () => ({ getGru: async () => GRU }));

const { gruPdf } = await import("./gru.server");

async function slip() {
  const res = await gruPdf(new RouterContextProvider(), "7");
  expect(res.headers.get("Content-Type")).toBe("application/pdf");
  return readTaggedPdf(Buffer.from(await res.arrayBuffer()));
}

describe("the GRU's tagged PDF", () => {
  it("has the document title as its one H1 and each section title as an H2", async () => {
    const { root } = await slip();
    expect(structElements(root, "H1").map((h) => h.text)).toEqual(["Guia de Recolhimento da União (GRU)"]);
    expect(structElements(root, "H2").map((h) => h.text)).toEqual(["Débitos pagos por esta GRU", "Pagar pelo código de barras", "Pagar com PIX"]);
    // The section titles are headings only, not paragraphs as well.
    expect(structElements(root, "P").map((p) => p.text)).not.toContain("Débitos pagos por esta GRU");
  });

  it("shows the barcode as a Figure whose alternative text gives the linha digitável, and the linha digitável as text", async () => {
    const { root } = await slip();
    const linha = "85890000460-9 52460179160-5 60759305086-5 83148300001-0";
    const figures = structElements(root, "Figure");
    expect(figures.map((f) => f.alt)).toEqual([`Código de barras da GRU. Linha digitável: ${linha}`, "QR code PIX de R$\u00a07,50"]);
    const paragraphs = structElements(root, "P").map((p) => p.text);
    expect(paragraphs).toContain(linha);
    // The linha digitável follows its label, in the barcode's section (after its heading, before the PIX one).
    const order = root.children.map((c) => c.text);
    const at = order.indexOf(linha);
    expect(order[at - 1]).toBe("Linha digitável");
    expect(at).toBeGreaterThan(order.indexOf("Pagar pelo código de barras"));
    expect(at).toBeLessThan(order.indexOf("Pagar com PIX"));
  });

  it("lists the debits as a list: one LI per debit, each a label and a body, no bullet typed into a paragraph", async () => {
    const { root } = await slip();
    const lists = structElements(root, "L");
    expect(lists).toHaveLength(1);
    const items = lists[0].children;
    expect(items.map((i) => i.type)).toEqual(["LI", "LI", "LI"]);
    for (const item of items) expect(item.children.map((c) => c.type)).toEqual(["Lbl", "LBody"]);
    expect(items.map((i) => i.children[1].text)).toEqual([
      "Atraso na devolução (Dom Casmurro): R$ 4,50",
      "Atraso na devolução (Vidas secas): R$ 2,00",
      "Taxa de reserva: R$ 1,00",
    ]);
    expect(items.map((i) => i.children[0].text)).toEqual(["•", "•", "•"]);
    expect(items.every((i) => !i.children[1].text.includes("•"))).toBe(true);
    expect(structElements(root, "P").filter((p) => p.text.startsWith("•"))).toEqual([]);
    // The list sits between its section's heading and the next one.
    const order = root.children.map((c) => c.type);
    expect(order.indexOf("L")).toBe(order.indexOf("H2") + 1);
  });
});
