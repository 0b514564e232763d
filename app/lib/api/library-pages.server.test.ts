import { describe, expect, it } from "vitest";
import { getLibraryPages, presenceOf, toLibraryPages } from "./library-pages.server";
import type { FullApiClient } from "./client.server";

const evento = (titulo: string, data_inicio: string, data_fim = data_inicio) => ({ titulo, data_inicio, data_fim, local: null, descricao: "" });

describe("toLibraryPages", () => {
  it("keeps the blocks with content, in the order general information, section 1, section 2, sanitized", () => {
    const pages = toLibraryPages({
      blocks: [
        { titulo: "Informações", conteudo: '<p onclick="x()">Multa<script>alert(1)</script></p><a href="javascript:alert(1)">a</a>' },
        { titulo: "Vazia", conteudo: "  " },
        { titulo: "", conteudo: "<p>Novidades</p>" },
      ],
      faq: null,
      events: null,
    });
    expect(pages.blocks.map((b) => b.id)).toEqual(["informacoes_gerais", "secao_2"]);
    expect(pages.blocks[0]!.html).toBe('<p>Multa</p><a rel="noopener noreferrer">a</a>');
    expect(presenceOf(pages)).toEqual({ informacoes: true, faq: false, eventos: false });
  });

  it("drops questions without a question or an answer and sanitizes the answers", () => {
    const { faq } = toLibraryPages({
      blocks: [null, null, null],
      faq: [
        { pergunta: "Como renovo?", resposta: "<img src=x onerror=alert(1)>No <b>Meu Pergamum</b>." },
        { pergunta: "", resposta: "Sem pergunta" },
        { pergunta: "Sem resposta?", resposta: "<script>x</script>" },
      ],
      events: null,
    });
    expect(faq).toEqual([{ pergunta: "Como renovo?", html: "No <b>Meu Pergamum</b>." }]);
  });

  it("sorts events soonest first and drops those without a title or a valid date", () => {
    const { events } = toLibraryPages({
      blocks: [null, null, null],
      faq: null,
      events: [
        evento("Depois", "2026-12-02"),
        evento("", "2026-01-01"),
        evento("Data ruim", "02/12/2026"),
        evento("Antes", "2026-10-23", "2026-10-29"),
        evento("Fim anterior", "2026-11-10", "2026-11-01"),
      ],
    });
    expect(events.map((e) => [e.titulo, e.inicio, e.fim])).toEqual([
      ["Antes", "2026-10-23", "2026-10-29"],
      ["Fim anterior", "2026-11-10", "2026-11-10"],
      ["Depois", "2026-12-02", "2026-12-02"],
    ]);
  });
});

describe("getLibraryPages", () => {
  it("marks the events as failed when only their call fails, and keeps the events link (spec §8)", async () => {
    const api = {
      get: async (path: string) => {
        if (path === "/parametros/eventos_institucionais") throw new Error("503 from the events service");
        if (path === "/parametros/faq") return [{ pergunta: "Como?", resposta: "Assim." }];
        return { titulo: "", conteudo: "" };
      },
    } as unknown as FullApiClient;
    const pages = await getLibraryPages(api, "events-failed-test");
    expect(pages.eventsFailed).toBe(true);
    expect(presenceOf(pages)).toEqual({ informacoes: false, faq: true, eventos: true });
  });

  it("does not mark the events as failed when the library simply has none", async () => {
    const api = {
      get: async (path: string) =>
        path === "/parametros/eventos_institucionais" ? [] : path === "/parametros/faq" ? [] : { titulo: "", conteudo: "" },
    } as unknown as FullApiClient;
    const pages = await getLibraryPages(api, "events-empty-test");
    expect(pages.eventsFailed).toBe(false);
    expect(presenceOf(pages).eventos).toBe(false);
  });
});
