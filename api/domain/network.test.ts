import { describe, expect, it } from "vitest";
import { homeRecordLink, parseNetworkFilters } from "./network.ts";

describe("network filters", () => {
  it("reads institutions (Z) beside the catalogue's type, year and language filters", () => {
    expect(parseNetworkFilters(["Z:2", "Z:3", "Z:2", "T:1", "Y:SD", "I:fre"])).toEqual({
      selected: { Z: ["2", "3"], T: ["1"], Y: ["SD"], I: ["fre"] },
      invalid: [],
    });
  });

  it("reports malformed values and types the network does not offer", () => {
    expect(parseNetworkFilters(["Z:abc", "B:1", "X:O", "Z:"]).invalid.sort()).toEqual(["B:1", "X:O", "Z:", "Z:abc"]);
  });
});

describe("a record's home link", () => {
  it("is this portal's title page for the local institution", () => {
    expect(homeRecordLink({ local: true, url_catalogo: "https://biblioteca.example.org" }, "42")).toBe("/acervo/42");
  });

  it("is the member's own catalogue otherwise, with the local id escaped", () => {
    expect(homeRecordLink({ local: false, url_catalogo: "https://cmd.example.org/pergamum/" }, "03 0013/754")).toBe(
      "https://cmd.example.org/pergamum/acervo/03%200013%2F754",
    );
  });
});
