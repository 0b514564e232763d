import { describe, expect, it } from "vitest";
import { savedSearchInput } from "./saved-search-alerts.ts";

describe("a saved search read back for its alert", () => {
  it("keeps the advanced rows' operators, an unknown one as AND (ADR 257)", () => {
    const { termos } = savedSearchInput("titulo=dom&autor=machado&op_autor=OU&assunto=poesia&op_assunto=NAO");
    expect(termos.map((t) => [t.tipo, t.operator])).toEqual([
      ["titulo", undefined],
      ["autor", "or"],
      ["assunto", "not"],
    ]);
    expect(savedSearchInput("titulo=dom&autor=machado&op_autor=XOR").termos[1].operator).toBeUndefined();
  });
});
