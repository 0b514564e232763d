import fs from "node:fs";
import { MARCXML } from "@natlibfi/marc-record-serializers";
import { cleanText, decodeBytes, detectEncoding, freshMarc8State } from "./decode.ts";
import { isDataField, type DataField, type Field, type MarcRecord, type Subfield } from "./types.ts";

/** The serializations the importer reads. */
export type MarcFormat = "iso2709" | "marcxml" | "json";

/** One record read from a file: either the record or why it could not be read. */
export interface ReadResult {
  /** 1-based position of the record in its file. */
  recordNumber: number;
  record?: MarcRecord;
  error?: string;
}

/**
 * Most fields and subfields a record may have (ADR 102). A valid ISO 2709 record (99,999 bytes at most) holds a few
 * thousand fields; a large Koha record with its items a few thousand more. Past these it is a bad record, refused
 * before its fields are built: one record of 200,000 fields took 454 MB to read, map and index.
 */
export const MAX_FIELDS = 10_000;
export const MAX_SUBFIELDS = 50_000;
const tooMany = (n: number, what: "fields" | "subfields") =>
  new Error(
    `record has ${n > 1e6 ? "over a million" : n.toLocaleString("en")} ${what}; at most ${(what === "fields" ? MAX_FIELDS : MAX_SUBFIELDS).toLocaleString("en")} are read`,
  );

/** Throws when a record read has more subfields in all than {@link MAX_SUBFIELDS}. */
function checkSubfields(fields: Field[]): void {
  let n = 0;
  for (const f of fields) if (isDataField(f)) n += f.subfields.length;
  if (n > MAX_SUBFIELDS) throw tooMany(n, "subfields");
}

/** Control fields (00X) hold a value, not indicators and subfields. */
const CONTROL_TAG = /^00[0-9A-Za-z]$/;
const RT = 0x1d; // record terminator
const FT = 0x1e; // field terminator
const SF = 0x1f; // subfield delimiter

/** Detects the serialization from the content (not the file name). */
export function detectFormat(buf: Uint8Array): MarcFormat | undefined {
  let i = 0;
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) i = 3; // UTF-8 BOM
  while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x0a || buf[i] === 0x0d || buf[i] === 0x09)) i++;
  const c = buf[i];
  if (c === 0x3c) return "marcxml"; // <
  if (c === 0x7b || c === 0x5b) return "json"; // { [
  // ISO 2709 starts with a five-digit record length.
  const head = Buffer.from(buf.subarray(i, i + 5)).toString("latin1");
  if (/^\d{5}$/.test(head) || buf.includes(RT)) return "iso2709";
  return undefined;
}

/** Reads every record of a file's content, whatever its format; bad records become errors, never throws. */
export async function readRecords(buf: Uint8Array): Promise<ReadResult[]> {
  const format = detectFormat(buf);
  if (format === "iso2709") return readIso2709(buf);
  if (format === "marcxml") return readMarcXml(Buffer.from(buf).toString("utf8"));
  if (format === "json") return readMarcJson(Buffer.from(buf).toString("utf8"));
  return [{ recordNumber: 1, error: "unrecognised format (not ISO 2709, MARCXML or MARC-in-JSON)" }];
}

// ---------- ISO 2709 ----------

/** Splits and decodes ISO 2709 (MARC-8, UTF-8 or mislabelled single-byte) records. */
export function readIso2709(buf: Uint8Array): ReadResult[] {
  const out: ReadResult[] = [];
  let n = 0;
  splitIso2709(buf, true, (chunk) => out.push(iso2709Result(chunk, ++n)));
  return out;
}

/**
 * Calls `each` with every record of `buf` (split on the record terminator; line breaks or padding between
 * records tolerated). Returns the offset of the first byte not consumed: with `final` false, an unterminated
 * tail is left for the next read.
 */
function splitIso2709(buf: Uint8Array, final: boolean, each: (chunk: Uint8Array) => void): number {
  let start = 0;
  while (start < buf.length) {
    let end = buf.indexOf(RT, start);
    if (end === -1) {
      if (!final) return start;
      end = buf.length;
    }
    let chunk = buf.subarray(start, end);
    start = end + 1;
    let k = 0;
    while (k < chunk.length && (chunk[k] === 0x0a || chunk[k] === 0x0d || chunk[k] === 0x20 || chunk[k] === 0x00)) k++;
    chunk = chunk.subarray(k);
    if (chunk.length) each(chunk);
  }
  return buf.length;
}

function iso2709Result(chunk: Uint8Array, recordNumber: number): ReadResult {
  try {
    return { recordNumber, record: parseIso2709Record(chunk) };
  } catch (e) {
    return { recordNumber, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Reads a MARC file record by record. ISO 2709 is streamed in 1 MiB reads, so memory stays flat however
 * large the file; MARCXML and MARC-in-JSON are read whole. `bytesRead` says how far into the file a record is.
 * `want` picks records by number: the others are skipped (ISO 2709 ones without being decoded).
 */
export async function* streamRecords(
  file: string,
  want: (recordNumber: number) => boolean = () => true,
): AsyncGenerator<ReadResult & { bytesRead: number }> {
  const stream = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  let format: MarcFormat | undefined;
  let pending: Buffer = Buffer.alloc(0);
  let bytesRead = 0;
  let n = 0;
  const whole: Buffer[] = [];
  for await (const data of stream as AsyncIterable<Buffer>) {
    bytesRead += data.length;
    format ??= detectFormat(data);
    if (format !== "iso2709") {
      whole.push(data);
      continue;
    }
    const buf = pending.length ? Buffer.concat([pending, data]) : data;
    const batch: ReadResult[] = [];
    const used = splitIso2709(buf, false, (chunk) => {
      if (want(++n)) batch.push(iso2709Result(chunk, n));
    });
    // Copy the tail: a subarray would pin the whole previous read in memory.
    pending = Buffer.from(buf.subarray(used));
    for (const r of batch) yield { ...r, bytesRead };
  }
  if (format === "iso2709") {
    const batch: ReadResult[] = [];
    splitIso2709(pending, true, (chunk) => {
      if (want(++n)) batch.push(iso2709Result(chunk, n));
    });
    for (const r of batch) yield { ...r, bytesRead };
    return;
  }
  for (const r of await readRecords(Buffer.concat(whole))) if (want(r.recordNumber)) yield { ...r, bytesRead };
}

function ascii(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("latin1");
}

/** Parses one ISO 2709 record (without its terminator). */
export function parseIso2709Record(chunk: Uint8Array): MarcRecord {
  if (chunk.length < 25) throw new Error("record shorter than a leader");
  const leader = ascii(chunk.subarray(0, 24));
  const firstFt = chunk.indexOf(FT, 24);
  if (firstFt === -1) throw new Error("no directory terminator");
  let base = Number.parseInt(leader.slice(12, 17), 10);
  // Trust the directory terminator over a wrong base address.
  if (!Number.isFinite(base) || base !== firstFt + 1) base = firstFt + 1;
  // The directory says how many fields there are: too many is refused before any is read.
  if ((firstFt - 24) / 12 > MAX_FIELDS) throw tooMany(Math.floor((firstFt - 24) / 12), "fields");
  const dir = ascii(chunk.subarray(24, firstFt));
  const entries: { tag: string; len: number; pos: number }[] = [];
  for (let i = 0; i + 12 <= dir.length; i += 12) {
    entries.push({
      tag: dir.slice(i, i + 3),
      len: Number.parseInt(dir.slice(i + 3, i + 7), 10),
      pos: Number.parseInt(dir.slice(i + 7, i + 12), 10),
    });
  }
  if (entries.length === 0) throw new Error("empty directory");
  const data = chunk.subarray(base);
  // Directory lengths are often wrong (characters counted instead of bytes): when the field terminators
  // agree with the directory count, slice by terminators instead.
  const pieces: Uint8Array[] = [];
  let p = 0;
  while (p < data.length) {
    let q = data.indexOf(FT, p);
    if (q === -1) q = data.length;
    pieces.push(data.subarray(p, q));
    p = q + 1;
  }
  const bySeparator = pieces.length === entries.length || (pieces.length === entries.length + 1 && pieces[pieces.length - 1].length === 0);
  const enc = detectEncoding(chunk, leader[9]);
  if (enc === "utf8" && bySeparator) {
    const fromText = utf8Fields(entries, data);
    if (fromText) {
      checkSubfields(fromText);
      return { leader: cleanLeader(leader), fields: fromText };
    }
  }
  const fields: Field[] = [];
  entries.forEach((e, idx) => {
    let bytes: Uint8Array;
    if (bySeparator) bytes = pieces[idx];
    else {
      if (!Number.isFinite(e.pos) || !Number.isFinite(e.len) || e.pos + e.len > data.length) {
        throw new Error(`directory entry ${e.tag} points outside the record`);
      }
      bytes = data.subarray(e.pos, e.pos + e.len);
      if (bytes[bytes.length - 1] === FT) bytes = bytes.subarray(0, bytes.length - 1);
    }
    fields.push(parseFieldBytes(e.tag, bytes, enc));
  });
  checkSubfields(fields);
  return { leader: cleanLeader(leader), fields };
}

function parseFieldBytes(tag: string, bytes: Uint8Array, enc: ReturnType<typeof detectEncoding>): Field {
  const control = CONTROL_TAG.test(tag);
  const sfStart = bytes.indexOf(SF);
  if (control || sfStart === -1) {
    return { tag, value: cleanText(decodeBytes(bytes, enc, freshMarc8State())) };
  }
  // Indicators are the bytes before the first delimiter (normally two).
  const indBytes = ascii(bytes.subarray(0, sfStart)).padEnd(2, " ");
  const f: DataField = { tag, ind1: normInd(indBytes[0]), ind2: normInd(indBytes[1]), subfields: [] };
  const st = freshMarc8State();
  let p = sfStart;
  while (p < bytes.length) {
    let q = bytes.indexOf(SF, p + 1);
    if (q === -1) q = bytes.length;
    const part = bytes.subarray(p + 1, q);
    if (part.length > 0) {
      const code = String.fromCharCode(part[0]);
      const value = cleanText(decodeBytes(part.subarray(1), enc, st));
      f.subfields.push({ code, value });
    }
    p = q;
  }
  return f;
}

/**
 * The fields of a UTF-8 record whose field terminators agree with its directory, read from its data decoded once:
 * the terminators and delimiters are ASCII, so the text splits where the bytes do, into the same values that
 * {@link parseFieldBytes} decodes piece by piece (a view and a decoder call per subfield: a third of the import's
 * parsing time, most of it in garbage collection). Undefined, for the byte by byte reading, when an indicator is not
 * printable ASCII or a subfield code not ASCII (there the two readings can differ).
 */
function utf8Fields(entries: Array<{ tag: string }>, data: Uint8Array): Field[] | undefined {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("utf8");
  const fields: Field[] = [];
  let p = 0;
  for (const { tag } of entries) {
    let end = text.indexOf("\x1e", p);
    if (end === -1) end = text.length;
    let sf = text.indexOf("\x1f", p);
    if (sf >= end) sf = -1;
    if (CONTROL_TAG.test(tag) || sf === -1) fields.push({ tag, value: cleanText(text.slice(p, end)) });
    else {
      const ind = text.slice(p, sf);
      if (!PRINTABLE_ASCII.test(ind)) return undefined;
      const f: DataField = { tag, ind1: normInd(ind[0]), ind2: normInd(ind[1]), subfields: [] };
      while (sf < end) {
        let next = text.indexOf("\x1f", sf + 1);
        if (next === -1 || next > end) next = end;
        if (next > sf + 1) {
          const code = text.charCodeAt(sf + 1);
          if (code > 0x7f) return undefined;
          f.subfields.push({ code: text[sf + 1], value: cleanText(text.slice(sf + 2, next)) });
        }
        sf = next;
      }
      fields.push(f);
    }
    p = end + 1;
  }
  return fields;
}

/** Indicators read the same from the text as from the bytes (control characters go byte by byte too: rare). */
const PRINTABLE_ASCII = /^[ -\x7f]*$/;

function normInd(c: string | undefined): string {
  return c && /^[0-9a-z]$/i.test(c) ? c : " ";
}

function cleanLeader(l: string): string {
  return l
    .replace(/[^\x20-\x7e]/g, " ")
    .padEnd(24, " ")
    .slice(0, 24);
}

// ---------- MARCXML ----------

const RECORD_RE = /<((?:[\w.-]+:)?)record\b[^>]*?(?:\/>|>[\s\S]*?<\/\1record\s*>)/g;
const XML_FIELD_RE = /<(?:[\w.-]+:)?(?:data|control)field\b/g;
const XML_SUBFIELD_RE = /<(?:[\w.-]+:)?subfield\b/g;

/** How many times `re` (global) matches `text`, counting no further than `limit`. */
function countUpTo(text: string, re: RegExp, limit: number): number {
  re.lastIndex = 0;
  let n = 0;
  while (n < limit && re.exec(text)) n++;
  re.lastIndex = 0;
  return n;
}

const VALIDATION_OFF = { fields: false, subfields: false, subfieldValues: false, noFailValidation: true };

/** Reads MARCXML: default-namespace, prefixed (`marc:record`) or un-namespaced, collection or single record. */
export async function readMarcXml(xml: string): Promise<ReadResult[]> {
  const out: ReadResult[] = [];
  let n = 0;
  for (const m of xml.matchAll(RECORD_RE)) {
    n++;
    try {
      // Counted in the text before the XML is parsed into objects.
      const fieldCount = countUpTo(m[0], XML_FIELD_RE, MAX_FIELDS + 1);
      if (fieldCount > MAX_FIELDS) throw tooMany(fieldCount, "fields");
      const subfieldCount = countUpTo(m[0], XML_SUBFIELD_RE, MAX_SUBFIELDS + 1);
      if (subfieldCount > MAX_SUBFIELDS) throw tooMany(subfieldCount, "subfields");
      const raw = await MARCXML.from(m[0], VALIDATION_OFF);
      const fields: Field[] = [];
      for (const f of raw.fields ?? []) {
        const tag = String(f.tag ?? "").trim();
        if (f.subfields) {
          const subfields: Subfield[] = f.subfields
            .filter((s) => s.code !== undefined)
            .map((s) => ({ code: String(s.code), value: cleanText(String(s.value ?? "")) }));
          fields.push({ tag, ind1: normInd(f.ind1), ind2: normInd(f.ind2), subfields });
        } else fields.push({ tag, value: cleanText(String(f.value ?? "")) });
      }
      out.push({ recordNumber: n, record: { leader: cleanLeader(String(raw.leader ?? "")), fields } });
    } catch (e) {
      out.push({ recordNumber: n, error: `invalid MARCXML record: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}` });
    }
  }
  if (n === 0) out.push({ recordNumber: 1, error: "no MARCXML <record> element found" });
  return out;
}

// ---------- MARC-in-JSON ----------

/** Reads MARC-in-JSON (one record, an array, `{records: [...]}`, or JSON lines); also the natlibfi JSON shape. */
export function readMarcJson(text: string): ReadResult[] {
  let items: unknown[];
  try {
    const doc = JSON.parse(text) as unknown;
    if (Array.isArray(doc)) items = doc;
    else if (doc && typeof doc === "object" && Array.isArray((doc as { records?: unknown }).records)) {
      items = (doc as { records: unknown[] }).records;
    } else items = [doc];
  } catch {
    items = text
      .split(/\r?\n/)
      .filter((l) => l.trim())
      .map((l) => {
        try {
          return JSON.parse(l) as unknown;
        } catch {
          return { __error: "invalid JSON line" };
        }
      });
  }
  return items.map((item, i) => {
    try {
      return { recordNumber: i + 1, record: fromJsonRecord(item) };
    } catch (e) {
      return { recordNumber: i + 1, error: e instanceof Error ? e.message : String(e) };
    }
  });
}

/** Converts one MARC-in-JSON (or natlibfi JSON) object into a record; throws when it is not one. */
export function fromJsonRecord(item: unknown): MarcRecord {
  let obj = item as Record<string, any>;
  if (obj && obj.__error) throw new Error(obj.__error);
  // FOLIO wraps the record as parsedRecord.content (sometimes a JSON string).
  if (obj?.parsedRecord?.content) obj = obj.parsedRecord.content;
  if (typeof obj?.content === "object" && obj.content?.fields) obj = obj.content;
  if (typeof obj === "string") obj = JSON.parse(obj);
  if (!obj || typeof obj !== "object" || !Array.isArray(obj.fields)) throw new Error("not a MARC-in-JSON record (no fields array)");
  if (obj.fields.length > MAX_FIELDS) throw tooMany(obj.fields.length, "fields");
  const fields: Field[] = [];
  for (const raw of obj.fields as Record<string, any>[]) {
    if (!raw || typeof raw !== "object") continue;
    if (typeof raw.tag === "string") {
      // natlibfi shape: {tag, value} | {tag, ind1, ind2, subfields: [{code, value}]}
      if (Array.isArray(raw.subfields)) {
        fields.push({
          tag: raw.tag,
          ind1: normInd(raw.ind1),
          ind2: normInd(raw.ind2),
          subfields: raw.subfields.map((s: any) => ({ code: String(s.code), value: cleanText(String(s.value ?? "")) })),
        });
      } else fields.push({ tag: raw.tag, value: cleanText(String(raw.value ?? "")) });
      continue;
    }
    for (const [tag, v] of Object.entries(raw)) {
      if (v && typeof v === "object" && Array.isArray((v as any).subfields)) {
        const subfields: Subfield[] = [];
        for (const s of (v as any).subfields as Record<string, unknown>[]) {
          for (const [code, value] of Object.entries(s ?? {})) subfields.push({ code, value: cleanText(String(value ?? "")) });
        }
        fields.push({ tag, ind1: normInd((v as any).ind1), ind2: normInd((v as any).ind2), subfields });
      } else if (typeof v === "string" || typeof v === "number") fields.push({ tag, value: cleanText(String(v)) });
    }
  }
  checkSubfields(fields);
  return { leader: cleanLeader(String(obj.leader ?? "")), fields };
}
