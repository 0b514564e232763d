import { isDataField, type MarcRecord } from "./types.ts";

const RT = "\x1d";
const FT = "\x1e";
const SF = "\x1f";

/**
 * Serializes a record as ISO 2709 in UTF-8 (leader/09 "a"), with byte-exact directory lengths and
 * offsets. Used to generate import files (bench, tests); a field longer than 9,999 bytes cannot be framed.
 */
export function toIso2709(rec: MarcRecord): Buffer {
  const dir: string[] = [];
  const data: Buffer[] = [];
  let pos = 0;
  for (const f of rec.fields) {
    const text = isDataField(f) ? f.ind1 + f.ind2 + f.subfields.map((s) => SF + s.code + s.value).join("") + FT : f.value + FT;
    const bytes = Buffer.from(text, "utf8");
    if (bytes.length > 9999) throw new Error(`field ${f.tag} is longer than 9,999 bytes`);
    dir.push(f.tag.padStart(3, "0").slice(0, 3) + String(bytes.length).padStart(4, "0") + String(pos).padStart(5, "0"));
    data.push(bytes);
    pos += bytes.length;
  }
  const base = 24 + dir.length * 12 + 1;
  const total = base + pos + 1;
  if (total > 99999) throw new Error("record longer than 99,999 bytes");
  const l = rec.leader.padEnd(24, " ");
  const leader = String(total).padStart(5, "0") + l.slice(5, 9) + "a" + l.slice(10, 12) + String(base).padStart(5, "0") + l.slice(17, 24);
  return Buffer.concat([Buffer.from(leader + dir.join("") + FT, "latin1"), ...data, Buffer.from(RT, "latin1")]);
}
