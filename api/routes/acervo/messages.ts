/** Words of the /api/acervo group, by `lang`: the names of the title's language and of the external databases. */
import type { Lang } from "../../lib/messages.ts";
import type { ExternalBase } from "../../../contract/external-bases.ts";

/** A MARC language code's name (spec §3 idioma_desc). */
const LANGUAGES: Record<string, Record<Lang, string>> = {
  por: { pt: "Português", es: "Portugués", en: "Portuguese" },
  eng: { pt: "Inglês", es: "Inglés", en: "English" },
  spa: { pt: "Espanhol", es: "Español", en: "Spanish" },
  fre: { pt: "Francês", es: "Francés", en: "French" },
  ita: { pt: "Italiano", es: "Italiano", en: "Italian" },
  ger: { pt: "Alemão", es: "Alemán", en: "German" },
  lat: { pt: "Latim", es: "Latín", en: "Latin" },
  fin: { pt: "Finlandês", es: "Finés", en: "Finnish" },
  swe: { pt: "Sueco", es: "Sueco", en: "Swedish" },
};

/** The name of a MARC language code in `lang`; the code itself when it has none. */
export function languageName(lang: Lang, code: string): string {
  return LANGUAGES[code]?.[lang] ?? code;
}

/** Display names of the external bases of spec §9. */
export const BASE_NAMES: Record<ExternalBase, string> = {
  pearson: "Biblioteca Virtual Pearson",
  cengage: "Cengage",
  editora_forum: "Editora Fórum",
  minhabiblioteca: "Minha Biblioteca",
  ebrary: "Ebrary",
  rtonline: "Revista dos Tribunais Online",
  lectio: "Lectio",
  gale: "Gale",
  gale_book: "Gale eBooks",
  oxford: "Oxford Academic",
  proquest: "ProQuest",
  uptodate: "UpToDate",
  lexicomp: "Lexicomp",
  solucto: "Solucto",
  jornalderesenhas: "Jornal de Resenhas",
};
