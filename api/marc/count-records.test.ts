import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { countRecords } from "./count-records.ts";
import { readRecords } from "./read.ts";

const seed = path.resolve(import.meta.dirname, "../seed");
const iso = path.join(seed, "network/evergreen-jazz-251-550.mrc");
const xml = path.join(seed, "data/evergreen-concerto-bibs-852-items.xml");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "estante-count-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** What the importer's reader finds in the file. */
const parsed = async (file: string) => (await readRecords(fs.readFileSync(file))).length;

describe("counting the records of MARC files without parsing them", () => {
  it("counts an ISO 2709 file's and a MARCXML file's records as the reader finds them, in any chunk size", async () => {
    for (const file of [iso, xml]) {
      const n = await parsed(file);
      expect(n).toBeGreaterThan(10);
      // Chunks of 7 bytes split every mark somewhere; each is still counted once.
      for (const chunk of [7, 1000, 4 * 1024 * 1024]) expect({ file, chunk, n: countRecords([file], chunk) }).toEqual({ file, chunk, n });
    }
  });

  it("counts MARC-in-JSON records and adds up several files, a missing one counting none", async () => {
    const json = path.join(work, "records.json");
    const record = (i: number) => ({
      leader: "00000nam a2200000 a 4500",
      fields: [{ "001": String(i) }, { "245": { ind1: "1", ind2: "0", subfields: [{ a: `T ${i}` }] } }],
    });
    fs.writeFileSync(
      json,
      JSON.stringify(
        Array.from({ length: 25 }, (_, i) => record(i)),
        null,
        1,
      ),
    );
    expect(await parsed(json)).toBe(25);
    expect(countRecords([json], 5)).toBe(25);
    expect(countRecords([json, iso, path.join(work, "missing.mrc")])).toBe(25 + (await parsed(iso)));
  });
});
