/**
 * The FEBRABAN "arrecadação" barcode (Layout Padrão de Arrecadação/Recebimento com Utilização do Código de Barras),
 * the one GRUs, utility bills and taxes carry (ADR 220): 44 digits drawn as Interleaved 2 of 5, and its "linha
 * digitável" (the same 44 digits in four blocks of 11, each followed by its own check digit: 48 digits).
 *
 *   01     product: 8 (arrecadação)
 *   02     segment (5: government bodies)
 *   03     value identifier: 6 or 7 → check digits módulo 10, 8 or 9 → módulo 11 (6 and 8: an effective amount)
 *   04     general check digit, over the other 43 digits
 *   05–15  value in cents
 *   16–19  the body's code (assigned by FEBRABAN)
 *   20–44  free field (the body's own layout)
 */

export type ValueIdentifier = 6 | 7 | 8 | 9;

/** Módulo 10: weights 2, 1, 2, 1… from the right; a product of two digits counts as the sum of its digits. */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** Módulo 11 of the arrecadação layout: weights 2 to 9 from the right, repeated; remainders 0 and 1 give 0, 10 gives 1. */
export function mod11(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (2 + (i % 8));
  const rest = sum % 11;
  return rest === 0 || rest === 1 ? 0 : rest === 10 ? 1 : 11 - rest;
}

/** The check-digit function the value identifier (position 3) asks for. */
function checkDigitOf(valueIdentifier: string): (digits: string) => number {
  if (valueIdentifier === "6" || valueIdentifier === "7") return mod10;
  if (valueIdentifier === "8" || valueIdentifier === "9") return mod11;
  throw new Error(`not an arrecadação value identifier: ${valueIdentifier}`);
}

const digitsOf = (s: string, length: number, what: string) => {
  if (!new RegExp(`^\\d{${length}}$`).test(s)) throw new Error(`${what} must be ${length} digits`);
  return s;
};

/** The 44-digit barcode: the fields above, with the general check digit computed and put in position 4. */
export function arrecadacaoBarcode(f: { segment: number; valueIdentifier: ValueIdentifier; cents: number; body: string; freeField: string }): string {
  if (!Number.isInteger(f.segment) || f.segment < 1 || f.segment > 9) throw new Error("segment must be 1 to 9");
  if (!Number.isSafeInteger(f.cents) || f.cents < 0 || f.cents > 99_999_999_999) throw new Error("value out of range");
  const head = `8${f.segment}${f.valueIdentifier}`;
  const rest = `${String(f.cents).padStart(11, "0")}${digitsOf(f.body, 4, "body code")}${digitsOf(f.freeField, 25, "free field")}`;
  return `${head}${checkDigitOf(String(f.valueIdentifier))(head + rest)}${rest}`;
}

/** True when `barcode` is 44 digits of product 8 whose general check digit is right. */
export function isArrecadacaoBarcode(barcode: string): boolean {
  if (!/^8\d{43}$/.test(barcode) || !/[6-9]/.test(barcode[2])) return false;
  return checkDigitOf(barcode[2])(barcode.slice(0, 3) + barcode.slice(4)) === Number(barcode[3]);
}

/** The 48-digit linha digitável of a barcode: four blocks of 11 digits, each followed by its check digit. */
export function linhaDigitavel(barcode: string): string {
  if (!isArrecadacaoBarcode(barcode)) throw new Error("not a valid arrecadação barcode");
  const check = checkDigitOf(barcode[2]);
  return [0, 11, 22, 33]
    .map((at) => barcode.slice(at, at + 11))
    .map((block) => `${block}${check(block)}`)
    .join("");
}
