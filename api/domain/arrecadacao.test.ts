import { isValidBoleto } from "@brazilian-utils/brazilian-utils";
import { describe, expect, it } from "vitest";
import { arrecadacaoBarcode, isArrecadacaoBarcode, linhaDigitavel, mod10, mod11 } from "./arrecadacao.ts";
import { gruBarcode } from "./gru.ts";

/**
 * Real arrecadação slips as published with their check digits (ADR 220: the examples of the boleto-brasileiro-validator
 * README): the barcode and the linha digitável printed on them. One is módulo 11 (value identifier 8, segment 5:
 * a government body), the other módulo 10 (value identifier 6, segment 3: an energy bill).
 */
const PUBLISHED = [
  { barcode: "85890000460524601791606075930508683148300001", linha: "85890000460-9 52460179160-5 60759305086-5 83148300001-0" },
  { barcode: "83620000000667800481001809756573100158963608", linha: "83620000000-5 66780048100-0 18097565731-3 00158963608-1" },
];
const plain = (s: string) => s.replace(/\D/g, "");

describe("the FEBRABAN arrecadação barcode", () => {
  it.each(PUBLISHED)("gives the published linha digitável of $barcode, every block's check digit included", ({ barcode, linha }) => {
    expect(isArrecadacaoBarcode(barcode)).toBe(true);
    expect(linhaDigitavel(barcode)).toBe(plain(linha));
  });

  it.each(PUBLISHED)("computes the published general check digit (position 4) of $barcode from its other 43 digits", ({ barcode }) => {
    const built = arrecadacaoBarcode({
      segment: Number(barcode[1]),
      valueIdentifier: Number(barcode[2]) as 6 | 8,
      cents: Number(barcode.slice(4, 15)),
      body: barcode.slice(15, 19),
      freeField: barcode.slice(19),
    });
    expect(built).toBe(barcode);
  });

  it("refuses a barcode whose general check digit is wrong, whichever wrong digit it is", () => {
    for (const { barcode } of PUBLISHED) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === barcode[3]) continue;
        const wrong = `${barcode.slice(0, 3)}${d}${barcode.slice(4)}`;
        expect(isArrecadacaoBarcode(wrong)).toBe(false);
        expect(() => linhaDigitavel(wrong)).toThrow();
      }
    }
  });

  it("módulo 10 and 11 give the check digits of the layout's worked blocks, and the edge remainders", () => {
    // Blocks of the slips above with their printed check digits.
    expect(mod10("83620000000")).toBe(5);
    expect(mod10("66780048100")).toBe(0);
    expect(mod11("85890000460")).toBe(9);
    expect(mod11("83148300001")).toBe(0);
    // Módulo 11 edge: 5 × 2 = 10, remainder 10 → 1; an all-zero block → 0.
    expect(mod11("00000000005")).toBe(1);
    expect(mod11("00000000000")).toBe(0);
    expect(mod10("00000000000")).toBe(0);
  });

  it("makes the GRU's barcode and linha digitável, which an independent validator accepts", () => {
    const { codigo_barras, linha_digitavel } = gruBarcode({ valor: 13, numero_referencia: "20261127123456", vencimento: "2026-12-02" });
    // 8, segment 5, identifier 8, check digit, R$ 13,00 in cents, body 0001, recolhimento 28830, reference, due 26-12-02.
    expect(codigo_barras).toMatch(new RegExp("^858\\d" + "00000001300" + "0001" + "28830" + "20261127123456" + "261202$"));
    expect(codigo_barras).toHaveLength(44);
    expect(linha_digitavel).toHaveLength(48);
    expect(isValidBoleto(codigo_barras)).toBe(true);
    expect(isValidBoleto(linha_digitavel)).toBe(true);
    // Any amount: the validator agrees with every check digit.
    for (const valor of [0.01, 1.5, 4.5, 99.99, 1234.56, 999_999.99]) {
      const slip = gruBarcode({ valor, numero_referencia: "20260101000042", vencimento: "2026-01-06" });
      expect(isValidBoleto(slip.codigo_barras)).toBe(true);
      expect(isValidBoleto(slip.linha_digitavel)).toBe(true);
      expect(Number(slip.codigo_barras.slice(4, 15))).toBe(Math.round(valor * 100));
    }
  });

  it("refuses fields that do not fit the layout", () => {
    const ok = { segment: 5, valueIdentifier: 8 as const, cents: 100, body: "0001", freeField: "0".repeat(25) };
    expect(() => arrecadacaoBarcode({ ...ok, body: "1" })).toThrow();
    expect(() => arrecadacaoBarcode({ ...ok, freeField: "0".repeat(24) })).toThrow();
    expect(() => arrecadacaoBarcode({ ...ok, cents: 100_000_000_000 })).toThrow();
    expect(() => arrecadacaoBarcode({ ...ok, segment: 0 })).toThrow();
  });
});
