import { describe, expect, it } from "vitest";
import { instanceFor } from "~/lib/i18n.server";
import type { Language } from "~/lib/i18n";
import { alertWords } from "./alert-words";

const words = (lang: Language, kind: string, data: Record<string, string | number>, message = "") =>
  alertWords(instanceFor(lang).t, lang, kind, data, message);
const due = (dias: number, extra: Record<string, string | number> = {}) => ({ titulo: "Iracema", cod_acervo: 3, data: "2026-11-29", dias, ...extra });

describe("an alert's words on the alerts page (ADR 227)", () => {
  it("says today, tomorrow and in so many days, with the day in words, in Portuguese", () => {
    expect(words("pt", "vencimento", due(0))).toBe("O empréstimo de “Iracema” vence hoje, 29 de novembro de 2026.");
    expect(words("pt", "vencimento", due(1))).toBe("O empréstimo de “Iracema” vence amanhã, 29 de novembro de 2026.");
    expect(words("pt", "vencimento", due(3))).toBe("O empréstimo de “Iracema” vence em 3 dias, 29 de novembro de 2026.");
    expect(words("pt", "vencimento", due(0, { hora: "17:30" }))).toBe("O empréstimo de “Iracema” vence hoje, 29 de novembro de 2026, às 17:30.");
  });

  it("words a due date in each language, never with '(s)'", () => {
    expect(words("en", "vencimento", due(1))).toBe("The loan of “Iracema” is due tomorrow, November 29, 2026.");
    expect(words("en", "vencimento", due(2))).toBe("The loan of “Iracema” is due in 2 days, November 29, 2026.");
    expect(words("es", "vencimento", due(0))).toBe("El préstamo de “Iracema” vence hoy, 29 de noviembre de 2026.");
    expect(words("es", "vencimento", due(5))).toBe("El préstamo de “Iracema” vence en 5 días, 29 de noviembre de 2026.");
    expect(words("fr", "vencimento", due(2))).toBe("Le prêt de « Iracema » arrive à échéance dans 2 jours, 29 novembre 2026.");
    expect(words("it", "vencimento", due(1))).toBe("Il prestito di «Iracema» scade domani, 29 novembre 2026.");
    expect(words("it", "vencimento", due(4, { hora: "09:15" }))).toBe("Il prestito di «Iracema» scade tra 4 giorni, 29 novembre 2026, alle 09:15.");
  });

  it("counts new titles with each language's singular and plural", () => {
    const one = { total: 1, titulos: "Atlas" };
    const two = { total: 2, titulos: "Atlas; Iracema" };
    expect(words("pt", "perfil_interesse", one)).toBe("1 título novo no acervo conforme o seu perfil de interesse: Atlas.");
    expect(words("pt", "perfil_interesse", two)).toBe("2 títulos novos no acervo conforme o seu perfil de interesse: Atlas; Iracema.");
    expect(words("en", "perfil_interesse", one)).toBe("1 new title in the catalogue matches your interest profile: Atlas.");
    expect(words("en", "perfil_interesse", two)).toBe("2 new titles in the catalogue match your interest profile: Atlas; Iracema.");
    expect(words("es", "perfil_interesse", two)).toMatch(/^2 títulos nuevos/);
    expect(words("fr", "perfil_interesse", one)).toMatch(/^1 nouveau titre/);
    expect(words("it", "perfil_interesse", two)).toMatch(/^2 nuovi titoli/);
  });

  it("names a status in words, and an unknown one without underscores", () => {
    expect(words("pt", "solicitacao_situacao", { titulo: "Atlas", situacao: "disponivel" })).toBe(
      "Sua solicitação de empréstimo de “Atlas” está agora disponível.",
    );
    expect(words("en", "solicitacao_situacao", { titulo: "Atlas", situacao: "em_transito" })).toBe(
      "Your loan request for “Atlas” is now in transit.",
    );
    expect(words("pt", "sugestao_situacao", { titulo: "Atlas", situacao: "em_analise" })).toBe(
      "Sua sugestão de aquisição “Atlas” está agora em analise.",
    );
  });

  it("shows a free-text alert, and a kind it does not know, as the API wrote it", () => {
    expect(words("en", "mensagem", {}, "A biblioteca fecha no feriado.")).toBe("A biblioteca fecha no feriado.");
    expect(words("en", "novo_tipo", { titulo: "X" }, "The API's words.")).toBe("The API's words.");
  });
});
