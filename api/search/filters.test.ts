import { describe, expect, it } from "vitest";
import { classLabel } from "./filters.ts";

describe("classLabel", () => {
  it("names a DDC main class and an LC class in the answer's language", () => {
    expect(classLabel("3", "pt")).toBe("300 – Ciências sociais");
    expect(classLabel("K", "pt")).toBe("K – Direito");
    expect(classLabel("K", "es")).toBe("K – Derecho");
    expect(classLabel("K", "en")).toBe("K – Law");
    expect(classLabel("Q", "en")).toBe("Q – Science");
  });

  it("keeps a letter the LC Classification does not use as it is", () => {
    expect(classLabel("X", "pt")).toBe("LC X");
  });
});
