/** One MARC control field (001–009, or any field without indicators). */
export interface ControlField {
  tag: string;
  value: string;
}

/** One MARC subfield. */
export interface Subfield {
  code: string;
  value: string;
}

/** One MARC data field. */
export interface DataField {
  tag: string;
  ind1: string;
  ind2: string;
  subfields: Subfield[];
}

export type Field = ControlField | DataField;

/** A parsed MARC 21 record, independent of its serialization. */
export interface MarcRecord {
  leader: string;
  fields: Field[];
}

/** True when the field carries subfields (a data field). */
export function isDataField(f: Field): f is DataField {
  return (f as DataField).subfields !== undefined;
}

/** All data fields whose tag matches (exact tag or a RegExp such as /^6/). */
export function dataFields(rec: MarcRecord, tag: string | RegExp): DataField[] {
  return rec.fields.filter((f): f is DataField => isDataField(f) && (typeof tag === "string" ? f.tag === tag : tag.test(f.tag)));
}

/** Value of the first control field with that tag. */
export function controlValue(rec: MarcRecord, tag: string): string | undefined {
  for (const f of rec.fields) if (!isDataField(f) && f.tag === tag) return f.value;
  return undefined;
}

/** Values of every subfield with one of the codes, in field order. */
export function subfieldValues(f: DataField, codes: string): string[] {
  return f.subfields.filter((s) => codes.includes(s.code)).map((s) => s.value);
}

/** First value of a subfield code. */
export function subfield(f: DataField, code: string): string | undefined {
  return f.subfields.find((s) => s.code === code)?.value;
}

/**
 * The record as MARC-in-JSON (the code4lib convention): `{leader, fields: [{tag: value} |
 * {tag: {ind1, ind2, subfields: [{code: value}]}}]}`.
 */
export function toMarcInJson(rec: MarcRecord): { leader: string; fields: Record<string, unknown>[] } {
  return {
    leader: rec.leader,
    fields: rec.fields.map((f) =>
      isDataField(f) ? { [f.tag]: { ind1: f.ind1, ind2: f.ind2, subfields: f.subfields.map((s) => ({ [s.code]: s.value })) } } : { [f.tag]: f.value },
    ),
  };
}

/**
 * `JSON.stringify(toMarcInJson(rec))`, written directly as text: the same characters, without building the
 * objects (each keyed by a numeric-looking tag, which makes them slow to build and to serialize). The importer
 * stores every record this way.
 */
export function marcInJsonText(rec: MarcRecord): string {
  const q = JSON.stringify;
  let s = `{"leader":${q(rec.leader)},"fields":[`;
  for (let i = 0; i < rec.fields.length; i++) {
    const f = rec.fields[i];
    if (i) s += ",";
    if (isDataField(f)) {
      s += `{${q(f.tag)}:{"ind1":${q(f.ind1)},"ind2":${q(f.ind2)},"subfields":[`;
      for (let k = 0; k < f.subfields.length; k++) s += `${k ? "," : ""}{${q(f.subfields[k].code)}:${q(f.subfields[k].value)}}`;
      s += "]}}";
    } else s += `{${q(f.tag)}:${q(f.value)}}`;
  }
  return `${s}]}`;
}
