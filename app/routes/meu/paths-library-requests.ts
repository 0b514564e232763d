/** Paths of the request-to-the-library screens (ADR 190). */
import { privateAreaPath } from "~/lib/product";

export const INTERLIBRARY_PATH = `${privateAreaPath}/emprestimo-entre-bibliotecas`;
export const SWITCHING_SURVEY_PATH = `${privateAreaPath}/comutacao-levantamento`;
export const CATALOGUE_CARD_PATH = `${privateAreaPath}/ficha-catalografica`;
export const SPECIALISED_SEARCH_PATH = `${privateAreaPath}/pesquisa-especializada`;
export const SUGGESTIONS_PATH = `${privateAreaPath}/sugestoes`;
export const COMMENTS_PATH = `${privateAreaPath}/comentarios`;
export const PROFESSOR_SUGGESTION_PATH = `${privateAreaPath}/sugestao-professor`;
