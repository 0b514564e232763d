import { useTranslation } from "~/framework/use-translation";
import { apiAnswerLanguage, langAttr, LIBRARY_VOCABULARY_LANGUAGE, marcLanguageToBcp47 } from "./lang-of-parts";

/**
 * `lang` attributes for the parts of a page that are not in the page's language (WCAG 3.1.2, eMAG 3.2):
 * - `record(idioma)`: a title's own words (title, subtitle), in the language of the record (MARC 008/041);
 * - `vocabulary`: the library's untranslated vocabulary ("Livro", "Periódico");
 * - `api`: labels the API translated into the nearest language it has (English on a French page).
 * Each is undefined when it matches the page, so only differences are marked (ADR 136).
 */
export function useLangOfParts() {
  const { i18n } = useTranslation();
  const page = i18n.language;
  return {
    record: (idioma: string | null | undefined) => langAttr(marcLanguageToBcp47(idioma), page),
    vocabulary: langAttr(LIBRARY_VOCABULARY_LANGUAGE, page),
    api: langAttr(apiAnswerLanguage(page), page),
  };
}
