/** Words of the /api/acervo group, by `lang`: the names of the title's language and of the external databases. */
import type { Lang } from "../../lib/messages.ts";
import type { ClassScheme, TitleExtraData } from "../../domain/title-extra-data.ts";
import { classLabel } from "../../search/index.ts";
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

/** The names of the classification schemes of the area of knowledge (spec §3 "Extra data"). */
const SCHEMES: Record<ClassScheme, Record<Lang, string>> = {
  1: { pt: "Classificação Decimal de Dewey", es: "Clasificación Decimal de Dewey", en: "Dewey Decimal Classification" },
  2: { pt: "Classificação da Library of Congress", es: "Clasificación de la Library of Congress", en: "Library of Congress Classification" },
};

/** A title's extra data with its scheme and area of knowledge named in `lang`, fields in the answer's order. */
export function wordedExtraData(lang: Lang, x: TitleExtraData) {
  const { cod_tipo_area_conhec, cod_area_conhecimento: area, ...rest } = x;
  return {
    cod_tipo_area_conhec,
    desc_tipo_area_conhec: cod_tipo_area_conhec ? SCHEMES[cod_tipo_area_conhec][lang] : null,
    cod_area_conhecimento: area,
    areas_conhecimento: area ? [{ codigo: area, descricao: classLabel(area, lang) }] : [],
    ...rest,
  };
}
