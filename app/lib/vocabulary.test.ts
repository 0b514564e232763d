import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { VocabularyTerm } from "~/components/ui/VocabularyTerm";
import { instanceFor } from "./i18n.server";
import { SUPPORTED_LANGUAGES, type Language } from "./i18n";
import { vocabularyTerm, type VocabularyT } from "./vocabulary";

const tOf = (lng: Language) => instanceFor(lng).getFixedT(lng) as unknown as VocabularyT;

describe("the catalogue's vocabulary in the patron's language", () => {
  it("names a work type by its code in every language, whatever the API called it", () => {
    expect(vocabularyTerm(tOf("fr"), "workType", 1, "Livro")).toEqual({ text: "Livre", translated: true });
    expect(vocabularyTerm(tOf("it"), "workType", "2", "Periódico")).toEqual({ text: "Periodico", translated: true });
    expect(vocabularyTerm(tOf("en"), "workType", 3, "Tese / dissertação").text).toBe("Thesis / dissertation");
    expect(vocabularyTerm(tOf("es"), "workType", 6, "Vídeo").text).toBe("Vídeo");
    expect(vocabularyTerm(tOf("pt"), "workType", 1, "Livro").text).toBe("Livro");
  });

  it("keeps the API's label for a work type the institution added itself", () => {
    expect(vocabularyTerm(tOf("fr"), "workType", 57, "Folheto de cordel")).toEqual({ text: "Folheto de cordel", translated: false });
    expect(vocabularyTerm(tOf("fr"), "workType", null, "Folheto")).toEqual({ text: "Folheto", translated: false });
  });

  it("names DDC and LC classes in French and Italian, keeping their notation in front", () => {
    expect(vocabularyTerm(tOf("fr"), "area", "3", "300 – Social sciences").text).toBe("300 – Sciences sociales");
    expect(vocabularyTerm(tOf("it"), "area", "K", "K – Law").text).toBe("K – Diritto");
    expect(vocabularyTerm(tOf("fr"), "area", "LC", "LC something")).toEqual({ text: "LC something", translated: false });
  });

  it("names a debit's service type by the library's word, and keeps a word it does not know", () => {
    expect(vocabularyTerm(tOf("fr"), "serviceType", null, "Empréstimo").text).toBe("Prêt");
    expect(vocabularyTerm(tOf("it"), "serviceType", null, "REPOSIÇÃO ").text).toBe("Sostituzione");
    expect(vocabularyTerm(tOf("en"), "serviceType", null, "Taxa de carteirinha")).toEqual({ text: "Taxa de carteirinha", translated: false });
  });

  it("has a name for every importer work type, DDC class and LC class in every language", () => {
    const lc = "ABCDEFGHJKLMNPQRSTUVZ".split("");
    for (const lng of SUPPORTED_LANGUAGES) {
      for (let code = 1; code <= 13; code++) expect(vocabularyTerm(tOf(lng), "workType", code, "?").translated, `${lng} ${code}`).toBe(true);
      for (const code of [..."0123456789", ...lc]) expect(vocabularyTerm(tOf(lng), "area", code, "?").translated, `${lng} ${code}`).toBe(true);
    }
  });

  it("marks only the untranslated label with the library's language", () => {
    const render = (code: number, label: string) =>
      renderToStaticMarkup(
        createElement(I18nextProvider, { i18n: instanceFor("fr") }, createElement(VocabularyTerm, { kind: "workType", code, label })),
      );
    expect(render(1, "Livro")).toBe("Livre");
    expect(render(57, "Folheto")).toBe('<span lang="pt">Folheto</span>');
  });
});
