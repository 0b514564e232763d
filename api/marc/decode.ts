import { isUtf8 } from "node:buffer";
import mapping from "marc8/lib/marc8_mapping.js";

/** The character encodings met in real MARC files. */
export type MarcEncoding = "utf8" | "marc8" | "cp1251" | "cp1252";

const ESC = 0x1b;
const cp1251 = new TextDecoder("windows-1251");
const cp1252 = new TextDecoder("windows-1252");

/**
 * Chooses how to decode one ISO 2709 record. Leader/09 is only a hint: real files carry UTF-8 records
 * flagged MARC-8, MARC-8 escapes in records flagged UTF-8, and Windows-1251 bytes flagged MARC-8.
 */
export function detectEncoding(bytes: Uint8Array, leader09: string): MarcEncoding {
  let high = 0;
  let esc = false;
  let highPairs = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === ESC) esc = true;
    else if (b >= 0x80) {
      high++;
      if (b >= 0xc0 && i + 1 < bytes.length && bytes[i + 1] >= 0xc0) highPairs++;
    }
  }
  if (high === 0 && !esc) return "utf8";
  const validUtf8 = isUtf8(bytes);
  // Flagged Unicode but not valid UTF-8: either MARC-8 (escapes present) or a Latin-1 export (Biblivre).
  if (leader09 === "a") return validUtf8 ? "utf8" : esc ? "marc8" : "cp1252";
  if (validUtf8 && !esc) return "utf8";
  // ANSEL diacritics precede an ASCII base letter; runs of bytes >= 0xC0 mean a single-byte Cyrillic page.
  if (!esc && highPairs > high * 0.3) return "cp1251";
  return "marc8";
}

/** MARC-8 code-set state carried from one subfield to the next inside a field. */
export interface Marc8State {
  g0: number;
  g1: number;
}

/** The MARC-8 defaults at the start of each field: ASCII in G0, ANSEL in G1. */
export function freshMarc8State(): Marc8State {
  return { g0: 0x42, g1: 0x45 };
}

const TABLES = (mapping as { CODESETS: Record<number, Record<number, [number, number]>> }).CODESETS;
const CJK = 0x31;

// The tables key 94-character sets by their G0 bytes (0x21-0x7E) and 96-character sets by G1 bytes
// (0xA1-0xFE); a set designated into the other half is looked up with the high bit flipped.
function lookup(set: number, b: number): [number, number] | undefined {
  const t = TABLES[set];
  return t ? (t[b] ?? t[b ^ 0x80]) : undefined;
}

/**
 * Decodes MARC-8 bytes (with ISO 2022 escapes, ANSEL combining marks, EACC CJK) to NFC Unicode using the
 * LC mapping tables shipped by the `marc8` package. The package's own converter mishandles spaces in
 * non-Latin sets and skips bytes after an invalid one, so the state machine is ours. Never throws.
 */
export function decodeMarc8(bytes: Uint8Array, st: Marc8State = freshMarc8State()): string {
  const out: string[] = [];
  let combining: string[] = [];
  const emit = (ch: string, isCombining: boolean) => {
    if (isCombining) combining.push(ch);
    else {
      out.push(ch);
      if (combining.length) {
        out.push(...combining);
        combining = [];
      }
    }
  };
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b === ESC) {
      const n = bytes[i + 1];
      if (n === 0x28 || n === 0x2c) {
        if (bytes[i + 2] !== undefined) st.g0 = bytes[i + 2];
        i += 3;
      } else if (n === 0x29 || n === 0x2d) {
        if (bytes[i + 2] !== undefined) st.g1 = bytes[i + 2];
        i += 3;
      } else if (n === 0x24) {
        const m = bytes[i + 2];
        if (m === 0x28 || m === 0x2c) {
          st.g0 = bytes[i + 3];
          i += 4;
        } else if (m === 0x29 || m === 0x2d) {
          st.g1 = bytes[i + 3];
          i += 4;
        } else {
          st.g0 = m;
          i += 3;
        }
      } else if (n === 0x67 || n === 0x62 || n === 0x70) {
        st.g0 = n;
        i += 2;
      } else if (n === 0x73) {
        st.g0 = 0x42;
        i += 2;
      } else i += 1; // a stray ESC: drop it
      continue;
    }
    if (b === 0x20) {
      emit(" ", false);
      i++;
      continue;
    }
    if (b < 0x20) {
      i++;
      continue;
    }
    if (st.g0 === CJK && b >= 0x21 && b <= 0x7e) {
      const cp = (b << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
      const e = TABLES[CJK][cp];
      emit(e ? String.fromCodePoint(e[0]) : "\uFFFD", e ? e[1] === 1 : false);
      i += 3;
      continue;
    }
    const e = b < 0x80 ? (lookup(st.g0, b) ?? lookup(0x42, b)) : lookup(st.g1, b);
    if (e) emit(String.fromCodePoint(e[0]), e[1] === 1);
    else emit("\uFFFD", false);
    i++;
  }
  // A combining mark with no base left: keep it rather than lose information.
  out.push(...combining);
  return out.join("").replace(/&#x([0-9a-f]{4,6});/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)));
}

/** Decodes one chunk of record bytes in the chosen encoding. */
export function decodeBytes(bytes: Uint8Array, enc: MarcEncoding, st?: Marc8State): string {
  if (enc === "utf8") return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  if (enc === "cp1251") return cp1251.decode(bytes);
  if (enc === "cp1252") return cp1252.decode(bytes);
  return decodeMarc8(bytes, st);
}

/** NFC, without control characters that have no place in a field value. */
export function cleanText(s: string): string {
  // Most values are printable ASCII: nothing to remove, already NFC.
  if (!NOT_PRINTABLE_ASCII.test(s)) return s;
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "").normalize("NFC");
}

const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;
