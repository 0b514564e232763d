import { describe, expect, it } from "vitest";
import { isLibrasVideo } from "./libras-video";

describe("a Libras video link", () => {
  it("is a web link the library described as Libras", () => {
    expect(isLibrasVideo({ url: "https://videos.example.org/x", descricao: "Vídeo em Libras: apresentação" })).toBe(true);
    expect(isLibrasVideo({ url: "http://videos.example.org/x", descricao: "LIBRAS" })).toBe(true);
  });

  it("is not a link described otherwise, without a description, or not a web address", () => {
    expect(isLibrasVideo({ url: "https://example.org/x", descricao: "Texto completo" })).toBe(false);
    expect(isLibrasVideo({ url: "https://example.org/libras.mp4", descricao: null })).toBe(false);
    expect(isLibrasVideo({ url: "javascript:alert(1)", descricao: "Vídeo em Libras" })).toBe(false);
    expect(isLibrasVideo({ url: "https://example.org/x", descricao: "Librasil" })).toBe(false);
  });
});
