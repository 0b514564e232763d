import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { demoFiles } from "./demo.ts";
import { marcInJsonText, toMarcInJson, type MarcRecord } from "./types.ts";
import { decodeMarc8, detectEncoding } from "./decode.ts";
import { detectFormat, parseIso2709Record, readMarcJson, readMarcXml, readRecords } from "./read.ts";
import { toIso2709 } from "./write.ts";
import { mapAuthority, mapTitle, normalizeHeading, trimIsbd } from "./map.ts";

describe("MARC-8 decoding", () => {
  it("moves ANSEL combining marks after their base letter and composes them", () => {
    // 0xE2 = combining acute; "Rene" + acute-on-e
    expect(decodeMarc8(Buffer.from([0x52, 0x65, 0x6e, 0xe2, 0x65]))).toBe("René".normalize("NFD"));
    expect(decodeMarc8(Buffer.from([0x52, 0x65, 0x6e, 0xe2, 0x65])).normalize("NFC")).toBe("René");
  });

  it("switches to Cyrillic with an escape sequence and keeps spaces", () => {
    // ESC ( N = basic Cyrillic in G0; 0x6D 0x69 0x72 = "МИР" (capitals sit at 0x60-0x7E)
    const s = decodeMarc8(Buffer.from([0x1b, 0x28, 0x4e, 0x6d, 0x69, 0x72, 0x20, 0x6d, 0x69, 0x72, 0x1b, 0x28, 0x42]));
    expect(s).toBe("МИР МИР");
  });
});

describe("encoding detection", () => {
  it("treats Latin-1 bytes in a record flagged UTF-8 as Windows-1252", () => {
    expect(detectEncoding(Buffer.from("S\xe3o Paulo", "latin1"), "a")).toBe("cp1252");
  });
  it("recognises Windows-1251 Cyrillic in a record flagged MARC-8", () => {
    expect(detectEncoding(Buffer.from([0xcf, 0xf3, 0xf8, 0xea, 0xe8, 0xed, 0x20, 0xc0, 0x2e]), " ")).toBe("cp1251");
  });
});

describe("format detection and readers", () => {
  it("detects the format from the content", () => {
    expect(detectFormat(Buffer.from("  <?xml version='1.0'?><collection/>"))).toBe("marcxml");
    expect(detectFormat(Buffer.from('[{"leader":"x"}]'))).toBe("json");
    expect(detectFormat(Buffer.from("00714cam  2200205 a 4500"))).toBe("iso2709");
  });

  it("reads namespace-prefixed MARCXML", async () => {
    const xml = `<marc:collection xmlns:marc="http://www.loc.gov/MARC21/slim"><marc:record><marc:leader>00000nam a2200000 a 4500</marc:leader>
      <marc:controlfield tag="001">42</marc:controlfield><marc:datafield tag="245" ind1="1" ind2="0"><marc:subfield code="a">Dom Casmurro /</marc:subfield></marc:datafield></marc:record></marc:collection>`;
    const [r] = await readMarcXml(xml);
    expect(r.record?.fields).toHaveLength(2);
    expect(mapTitle(r.record!).title.titulo).toBe("Dom Casmurro");
  });

  it("reads MARC-in-JSON", () => {
    const [r] = readMarcJson(
      JSON.stringify({
        leader: "00000cam a2200000 a 4500",
        fields: [{ "001": "1" }, { "245": { ind1: "0", ind2: "0", subfields: [{ a: "Iracema :" }, { b: "lenda do Ceará" }] } }],
      }),
    );
    const t = mapTitle(r.record!).title;
    expect(t.titulo).toBe("Iracema");
    expect(t.subtitulo).toBe("lenda do Ceará");
  });
});

describe("mapping", () => {
  it("trims ISBD punctuation but keeps initials", () => {
    expect(trimIsbd("Memórias póstumas de Brás Cubas /")).toBe("Memórias póstumas de Brás Cubas");
    expect(trimIsbd("Assis, J. M. M.")).toBe("Assis, J. M. M.");
  });

  it("normalizes headings without case, accents or punctuation", () => {
    expect(normalizeHeading("Machado de Assis, Joaquim Maria, 1839-1908.")).toBe("machado de assis joaquim maria 1839 1908");
  });

  it("classifies an authority by its 1XX tag and reads see/see-also references", () => {
    const a = mapAuthority({
      leader: "00000nz  a2200000n  4500",
      fields: [
        { tag: "001", value: "9" },
        { tag: "150", ind1: " ", ind2: " ", subfields: [{ code: "a", value: "Bibliotecas" }] },
        { tag: "450", ind1: " ", ind2: " ", subfields: [{ code: "a", value: "Livrarias públicas" }] },
        { tag: "550", ind1: " ", ind2: " ", subfields: [{ code: "a", value: "Ciência da informação" }] },
      ],
    });
    expect(a).toMatchObject({ tipo: 5, cabecalho: "Bibliotecas", cabecalho_normalizado: "bibliotecas" });
    expect(JSON.parse(a!.ver)).toEqual(["Livrarias públicas"]);
    expect(JSON.parse(a!.ver_tambem)).toEqual(["Ciência da informação"]);
  });

  it("marks theses, ISBNs and online access", () => {
    const { title, links } = mapTitle({
      leader: "00000nam a2200000 a 4500",
      fields: [
        { tag: "008", value: "200101s2019    bl            000 0 por d" },
        { tag: "020", ind1: " ", ind2: " ", subfields: [{ code: "a", value: "8535902775 (broch.)" }] },
        { tag: "245", ind1: "1", ind2: "0", subfields: [{ code: "a", value: "Estudo de caso." }] },
        { tag: "502", ind1: " ", ind2: " ", subfields: [{ code: "a", value: "Tese (doutorado)" }] },
        {
          tag: "856",
          ind1: "4",
          ind2: "0",
          subfields: [
            { code: "u", value: "https://example.org/t.pdf" },
            { code: "z", value: "Acesso restrito" },
          ],
        },
      ],
    });
    expect(title.cod_tipo_obra).toBe(3);
    expect(title.isbn).toBe("9788535902778");
    expect(title.idioma).toBe("por");
    expect(title.ano_publicacao).toBe(2019);
    expect(title.acesso_remoto).toBe("cr");
    expect(links).toEqual([{ url: "https://example.org/t.pdf", descricao: "Acesso restrito", restrito: 1, acessibilidade: 0 }]);
  });
});

describe("MARC-in-JSON text", () => {
  it("is exactly JSON.stringify of the MARC-in-JSON object, for every record of the demo catalogue", async () => {
    let n = 0;
    for (const file of demoFiles(path.resolve(import.meta.dirname, "..", ".."))) {
      for (const r of await readRecords(fs.readFileSync(file))) {
        if (!r.record) continue;
        expect(marcInJsonText(r.record)).toBe(JSON.stringify(toMarcInJson(r.record)));
        n++;
      }
    }
    expect(n).toBeGreaterThan(1500);
    const odd = {
      leader: 'a"b\\c',
      fields: [
        { tag: "001", value: 'x\u0001"y' },
        { tag: "245", ind1: "1", ind2: " ", subfields: [{ code: '"', value: "\u2028é" }] },
      ],
    };
    expect(marcInJsonText(odd)).toBe(JSON.stringify(toMarcInJson(odd)));
  });
});

describe("ISO 2709 in UTF-8", () => {
  const record = (fields: MarcRecord["fields"]) => parseIso2709Record(toIso2709({ leader: "00000nam a2200000 a 4500", fields }).subarray(0, -1));

  it("reads accented and non-Latin values, empty subfields and a data field without subfields", () => {
    const rec = record([
      { tag: "001", value: "b1" },
      {
        tag: "245",
        ind1: "1",
        ind2: "0",
        subfields: [
          { code: "a", value: "Informação e ação /" },
          { code: "b", value: "" },
          { code: "c", value: "Ørsted, 北京 ß" },
        ],
      },
      { tag: "500", ind1: " ", ind2: " ", subfields: [] },
      { tag: "650", ind1: " ", ind2: "4", subfields: [{ code: "a", value: "Cafe\u0301" }] },
    ]);
    expect(rec.fields).toEqual([
      { tag: "001", value: "b1" },
      // An empty subfield (a code and no value) is kept; a code alone is one byte, so nothing is dropped.
      {
        tag: "245",
        ind1: "1",
        ind2: "0",
        subfields: [
          { code: "a", value: "Informação e ação /" },
          { code: "b", value: "" },
          { code: "c", value: "Ørsted, 北京 ß" },
        ],
      },
      { tag: "500", value: "  " },
      // Values are NFC.
      { tag: "650", ind1: " ", ind2: "4", subfields: [{ code: "a", value: "Café" }] },
    ]);
  });

  it("reads a subfield code that is not ASCII byte by byte: its first byte is the code", () => {
    const rec = record([
      {
        tag: "245",
        ind1: "0",
        ind2: "0",
        subfields: [
          { code: "a", value: "Title" },
          { code: "é", value: "x" },
        ],
      },
    ]);
    expect(rec.fields[0]).toEqual({
      tag: "245",
      ind1: "0",
      ind2: "0",
      subfields: [
        { code: "a", value: "Title" },
        { code: "\u00c3", value: "\ufffdx" },
      ],
    });
  });
});

/** An ISO 2709 record with `n` 500 fields, framed by its terminators (past 99,999 bytes no directory offset fits). */
function manyFields(n: number, subfieldsEach = 1): Buffer {
  const field = Buffer.from(`  ${"\x1fanote".repeat(subfieldsEach)}\x1e`, "latin1");
  const dir = Buffer.from(`500${String(field.length).padStart(4, "0")}00000`.repeat(n), "latin1");
  const leader = Buffer.from("00000nam a2200000 a 4500", "latin1");
  return Buffer.concat([
    leader,
    Buffer.from("001000400000", "latin1"),
    dir,
    Buffer.from("\x1e", "latin1"),
    Buffer.from("X1\x1e", "latin1"),
    ...Array(n).fill(field),
  ]);
}

describe("a record's size", () => {
  it("reads a record of a few thousand fields", () => {
    expect(parseIso2709Record(manyFields(5_000)).fields).toHaveLength(5_001);
  });

  it("refuses an ISO 2709 record of 200,000 fields without building them, as a bad record", () => {
    const rec = manyFields(200_000);
    const before = process.memoryUsage().heapUsed;
    expect(() => parseIso2709Record(rec)).toThrow("record has 200,001 fields; at most 10,000 are read");
    // Building them took hundreds of MB; refusing them takes next to nothing.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20e6);
  });

  it("refuses an ISO 2709 record with more subfields in all than the cap", () => {
    expect(() => parseIso2709Record(manyFields(2_000, 30))).toThrow("record has 60,000 subfields; at most 50,000 are read");
  });

  it("refuses MARCXML and MARC-in-JSON records with too many fields, and reads the next record", async () => {
    const field = '<datafield tag="500" ind1=" " ind2=" "><subfield code="a">note</subfield></datafield>';
    const xml = `<collection><record>${field.repeat(10_001)}</record><record><datafield tag="245" ind1="0" ind2="0"><subfield code="a">Ok</subfield></datafield></record></collection>`;
    const fromXml = await readMarcXml(xml);
    expect(fromXml[0]).toEqual({ recordNumber: 1, error: expect.stringContaining("record has 10,001 fields") });
    expect(fromXml[1].record?.fields).toHaveLength(1);
    const json = JSON.stringify([{ leader: "", fields: Array(10_001).fill({ "500": { ind1: " ", ind2: " ", subfields: [{ a: "note" }] } }) }]);
    expect(readMarcJson(json)[0]).toEqual({ recordNumber: 1, error: "record has 10,001 fields; at most 10,000 are read" });
  });
});
