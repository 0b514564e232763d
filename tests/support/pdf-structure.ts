import zlib from "node:zlib";
import { expect } from "vitest";

/**
 * Reads what an assistive technology reads in a tagged PDF as pdfkit writes it (uncompressed object
 * dictionaries, Flate-compressed streams, Identity-H fonts with a ToUnicode map): the structure tree, each
 * element with the text of its marked content (decoded through the font in use, so several fonts are fine),
 * and the pages' annotations.
 */

type Value = number | boolean | null | PdfString | PdfName | PdfRef | Value[] | PdfDict;
class PdfName {
  constructor(readonly name: string) {}
}
class PdfRef {
  constructor(readonly num: number) {}
}
class PdfString {
  constructor(readonly bytes: string) {}
  /** The text: UTF-16BE after a byte-order mark, otherwise PDFDocEncoding (read as Latin-1). */
  get text(): string {
    if (!this.bytes.startsWith("\xfe\xff")) return this.bytes;
    let s = "";
    for (let i = 2; i + 1 < this.bytes.length; i += 2) s += String.fromCharCode((this.bytes.charCodeAt(i) << 8) | this.bytes.charCodeAt(i + 1));
    return s;
  }
}
class PdfDict {
  constructor(readonly entries: Map<string, Value>) {}
  get(key: string): Value | undefined {
    return this.entries.get(key);
  }
}

const WHITE = /[\s\0]/;
const DELIM = /[\s\0()<>[\]{}/%]/;
const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };

/** A small parser of PDF values; `refs` false inside content streams (no indirect references there). */
class Parser {
  constructor(
    readonly s: string,
    public i = 0,
    readonly refs = true,
  ) {}

  skip() {
    for (;;) {
      while (this.i < this.s.length && WHITE.test(this.s[this.i])) this.i++;
      if (this.s[this.i] !== "%") return;
      while (this.i < this.s.length && this.s[this.i] !== "\n" && this.s[this.i] !== "\r") this.i++;
    }
  }

  /** True when the next token starts a value (not an operator or a closing bracket). */
  atValue(): boolean {
    this.skip();
    const c = this.s[this.i];
    return (
      c !== undefined &&
      (/[-+.\d/([<]/.test(c) || this.s.startsWith("true", this.i) || this.s.startsWith("false", this.i) || this.s.startsWith("null", this.i))
    );
  }

  value(): Value {
    this.skip();
    const s = this.s;
    const c = s[this.i];
    if (s.startsWith("<<", this.i)) {
      this.i += 2;
      const entries = new Map<string, Value>();
      for (this.skip(); !s.startsWith(">>", this.i); this.skip()) {
        const key = this.value();
        if (!(key instanceof PdfName)) throw new Error(`dictionary key expected at ${this.i}`);
        entries.set(key.name, this.value());
      }
      this.i += 2;
      return new PdfDict(entries);
    }
    if (c === "[") {
      this.i++;
      const items: Value[] = [];
      for (this.skip(); s[this.i] !== "]"; this.skip()) items.push(this.value());
      this.i++;
      return items;
    }
    if (c === "<") {
      const end = s.indexOf(">", this.i);
      const hex = s.slice(this.i + 1, end).replace(/\s+/g, "");
      this.i = end + 1;
      return new PdfString((hex.length % 2 ? `${hex}0` : hex).replace(/../g, (h) => String.fromCharCode(parseInt(h, 16))));
    }
    if (c === "(") return this.literal();
    if (c === "/") {
      let j = this.i + 1;
      while (j < s.length && !DELIM.test(s[j])) j++;
      const name = s.slice(this.i + 1, j).replace(/#([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      this.i = j;
      return new PdfName(name);
    }
    for (const [word, v] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (s.startsWith(word, this.i)) {
        this.i += word.length;
        return v;
      }
    }
    const ref = this.refs ? /^(\d+)\s+(\d+)\s+R(?![A-Za-z])/.exec(s.slice(this.i, this.i + 40)) : null;
    if (ref) {
      this.i += ref[0].length;
      return new PdfRef(Number(ref[1]));
    }
    const num = /^[-+]?(\d+\.?\d*|\.\d+)/.exec(s.slice(this.i, this.i + 40));
    if (!num) throw new Error(`unexpected ${JSON.stringify(s.slice(this.i, this.i + 20))} at ${this.i}`);
    this.i += num[0].length;
    return Number(num[0]);
  }

  literal(): PdfString {
    const s = this.s;
    let out = "";
    let depth = 0;
    for (this.i++; this.i < s.length; this.i++) {
      const c = s[this.i];
      if (c === "\\") {
        const n = s[++this.i];
        if (/[0-7]/.test(n)) {
          const oct = /^[0-7]{1,3}/.exec(s.slice(this.i, this.i + 3))![0];
          out += String.fromCharCode(parseInt(oct, 8));
          this.i += oct.length - 1;
        } else if (n === "\r" || n === "\n") {
          if (n === "\r" && s[this.i + 1] === "\n") this.i++;
        } else out += ESCAPES[n] ?? n;
      } else if (c === "(") {
        depth++;
        out += c;
      } else if (c === ")") {
        if (depth-- === 0) {
          this.i++;
          return new PdfString(out);
        }
        out += c;
      } else out += c;
    }
    throw new Error("unterminated string");
  }

  /** The next operator of a content stream (a run of regular characters). */
  operator(): string {
    this.skip();
    let j = this.i;
    while (j < this.s.length && !DELIM.test(this.s[j])) j++;
    const op = this.s.slice(this.i, j);
    this.i = j;
    return op;
  }
}

export interface Annotation {
  /** The annotation's object number (what an OBJR of the structure tree points at). */
  obj: number;
  subtype: string;
  /** A link's address (its URI action). */
  uri?: string;
  contents?: string;
  structParent?: number;
}

export interface StructElement {
  type: string;
  children: StructElement[];
  /** The shown text of the element and its descendants, in order, whitespace collapsed. */
  text: string;
  /** Objects (annotations) the element holds through OBJR entries. */
  objects: number[];
  alt?: string;
}

export interface TaggedPdfReading {
  root: StructElement;
  annotations: Annotation[];
}

/** Parses `pdf` into its structure tree (with the text of every element) and its annotations. */
export function readTaggedPdf(pdf: Buffer): TaggedPdfReading {
  const raw = pdf.toString("latin1");
  const objects = new Map<number, { value: Value; stream?: string }>();
  for (const m of raw.matchAll(/(?:^|[\r\n])(\d+) 0 obj\s/g)) {
    const p = new Parser(raw, m.index + m[0].length);
    const value = p.value();
    p.skip();
    let stream: string | undefined;
    const head = /^stream\r?\n/.exec(raw.slice(p.i, p.i + 8));
    if (head && value instanceof PdfDict) {
      const start = p.i + head[0].length;
      const bytes = pdf.subarray(start, start + (value.get("Length") as number));
      const flate = value.get("Filter") instanceof PdfName && (value.get("Filter") as PdfName).name === "FlateDecode";
      stream = (flate ? zlib.inflateSync(bytes) : bytes).toString("latin1");
    }
    objects.set(Number(m[1]), { value, stream });
  }
  const resolve = (v: Value | undefined): Value | undefined => (v instanceof PdfRef ? objects.get(v.num)?.value : v);
  const dict = (v: Value | undefined): PdfDict => {
    const d = resolve(v);
    if (!(d instanceof PdfDict)) throw new Error("dictionary expected");
    return d;
  };
  const name = (v: Value | undefined) => (resolve(v) instanceof PdfName ? (resolve(v) as PdfName).name : undefined);
  const str = (v: Value | undefined) => (resolve(v) instanceof PdfString ? (resolve(v) as PdfString).text : undefined);
  const list = (v: Value | undefined): Value[] => {
    const r = resolve(v);
    return r === undefined || r === null ? [] : Array.isArray(r) ? r : [v as Value];
  };

  const trailer = new Parser(raw, raw.lastIndexOf("trailer") + "trailer".length).value() as PdfDict;
  const catalog = dict(trailer.get("Root"));

  // Each font's ToUnicode map: glyph code → text.
  const cmaps = new Map<number, Map<number, string>>();
  const cmapOf = (fontRef: Value | undefined): Map<number, string> => {
    const key = fontRef instanceof PdfRef ? fontRef.num : -1;
    const known = cmaps.get(key);
    if (known) return known;
    const map = new Map<number, string>();
    const tu = dict(fontRef).get("ToUnicode");
    const src = tu instanceof PdfRef ? (objects.get(tu.num)?.stream ?? "") : "";
    const utf16 = (hex: string) => String.fromCharCode(...(hex.replace(/\s+/g, "").match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
    for (const block of src.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const r of block[1].matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f\s]+>)/gi)) {
        const first = parseInt(r[1], 16);
        const last = parseInt(r[2], 16);
        if (r[3].startsWith("[")) [...r[3].matchAll(/<([0-9a-f\s]+)>/gi)].forEach((e, i) => map.set(first + i, utf16(e[1])));
        else for (let c = first, u = parseInt(r[3].slice(1, -1).replace(/\s+/g, ""), 16); c <= last; c++, u++) map.set(c, String.fromCharCode(u));
      }
    }
    for (const block of src.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const r of block[1].matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]+)>/gi)) map.set(parseInt(r[1], 16), utf16(r[2]));
    }
    cmaps.set(key, map);
    return map;
  };

  // The text of each marked-content sequence, by page object and MCID.
  const mcText = new Map<string, string[]>();
  const annotations: Annotation[] = [];
  const pageRefs = list(dict(catalog.get("Pages")).get("Kids"));
  const walkPages = (refs: Value[]): Array<{ ref: number; page: PdfDict }> =>
    refs.flatMap((r) => {
      const d = dict(r);
      return name(d.get("Type")) === "Pages" ? walkPages(list(d.get("Kids"))) : [{ ref: (r as PdfRef).num, page: d }];
    });
  for (const { ref, page } of walkPages(pageRefs)) {
    const fonts = dict(dict(page.get("Resources")).get("Font"));
    const content = list(page.get("Contents"))
      .map((c) => (c instanceof PdfRef ? (objects.get(c.num)?.stream ?? "") : ""))
      .join("\n");
    const p = new Parser(content, 0, false);
    const stack: Array<number | null> = [];
    let operands: Value[] = [];
    let font: Map<number, string> = new Map();
    const show = (strings: Value[]) => {
      const mcid = [...stack].reverse().find((x) => x !== null);
      if (mcid === undefined || mcid === null) return;
      const text = strings
        .filter((x): x is PdfString => x instanceof PdfString)
        .map((x) => (x.bytes.match(/[\s\S]{2}/g) ?? []).map((g) => font.get((g.charCodeAt(0) << 8) | g.charCodeAt(1)) ?? "\ufffd").join(""))
        .join("");
      const key = `${ref}:${mcid}`;
      mcText.set(key, [...(mcText.get(key) ?? []), text]);
    };
    for (p.skip(); p.i < content.length; p.skip()) {
      if (p.atValue()) {
        operands.push(p.value());
        continue;
      }
      const op = p.operator();
      if (!op) throw new Error(`content stream: unexpected ${JSON.stringify(content.slice(p.i, p.i + 20))}`);
      if (op === "BDC") {
        const props = operands[1];
        stack.push(props instanceof PdfDict && typeof props.get("MCID") === "number" ? (props.get("MCID") as number) : null);
      } else if (op === "BMC") stack.push(null);
      else if (op === "EMC") stack.pop();
      else if (op === "Tf") font = cmapOf(fonts.get((operands[0] as PdfName).name));
      else if (op === "TJ") show(operands[0] as Value[]);
      else if (op === "Tj" || op === "'" || op === '"') show([operands[operands.length - 1]]);
      operands = [];
    }
    for (const a of list(page.get("Annots"))) {
      const d = dict(a);
      const action = d.get("A") === undefined ? undefined : dict(d.get("A"));
      annotations.push({
        obj: (a as PdfRef).num,
        subtype: name(d.get("Subtype")) ?? "",
        uri: action && name(action.get("S")) === "URI" ? str(action.get("URI")) : undefined,
        contents: str(d.get("Contents")),
        structParent: typeof d.get("StructParent") === "number" ? (d.get("StructParent") as number) : undefined,
      });
    }
  }

  const element = (d: PdfDict): StructElement => {
    const parts: string[] = [];
    const children: StructElement[] = [];
    const held: number[] = [];
    const pg = d.get("Pg") instanceof PdfRef ? (d.get("Pg") as PdfRef).num : -1;
    for (const k of list(d.get("K"))) {
      if (typeof k === "number") parts.push((mcText.get(`${pg}:${k}`) ?? []).join(" "));
      else {
        const kd = dict(k);
        const type = name(kd.get("Type"));
        if (type === "MCR") parts.push((mcText.get(`${(kd.get("Pg") as PdfRef).num}:${kd.get("MCID") as number}`) ?? []).join(" "));
        else if (type === "OBJR") held.push((kd.get("Obj") as PdfRef).num);
        else {
          const child = element(kd);
          children.push(child);
          parts.push(child.text);
        }
      }
    }
    return {
      type: name(d.get("S")) ?? "",
      children,
      text: parts.join(" ").replace(/\s+/g, " ").trim(),
      objects: held,
      alt: str(d.get("Alt")),
    };
  };
  const treeRoot = dict(catalog.get("StructTreeRoot"));
  const top = list(treeRoot.get("K")).map((k) => element(dict(k)));
  const root = top.length === 1 ? top[0] : { type: "StructTreeRoot", children: top, text: top.map((c) => c.text).join(" "), objects: [] };
  return { root, annotations };
}

/** Every element of `type` under (and including) `node`, in reading order. */
export function structElements(node: StructElement, type: string): StructElement[] {
  return [...(node.type === type ? [node] : []), ...node.children.flatMap((c) => structElements(c, type))];
}

/**
 * Asserts the PDF has exactly one link, to `url`: a URI link annotation with a description (PDF/UA) and a place in
 * the structure tree, inside the one Link element, which shows the address.
 */
export function expectOneLinkTo(pdf: Buffer, url: string): void {
  const { root, annotations } = readTaggedPdf(pdf);
  const links = annotations.filter((a) => a.subtype === "Link");
  expect(links).toHaveLength(1);
  expect(links[0].uri).toBe(url);
  expect(links[0].contents).toContain(url);
  expect(links[0].structParent).toBeTypeOf("number");
  const elements = structElements(root, "Link");
  expect(elements).toHaveLength(1);
  expect(elements[0].text).toBe(url);
  expect(elements[0].objects).toEqual([links[0].obj]);
}
