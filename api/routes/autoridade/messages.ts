/** Words of the /api/autoridade group, by `lang`. */
import type { Lang } from "../../lib/messages.ts";

/** The nine authority types of spec §3, by `autoridade.tipo`. */
export const AUTHORITY_TYPES: Record<number, Record<Lang, string>> = {
  1: { pt: "Pessoas", es: "Personas", en: "People" },
  2: { pt: "Instituições", es: "Instituciones", en: "Institutions" },
  3: { pt: "Eventos", es: "Eventos", en: "Events" },
  4: { pt: "Título uniforme", es: "Título uniforme", en: "Uniform title" },
  5: { pt: "Assuntos", es: "Materias", en: "Subjects" },
  6: { pt: "Assuntos geográficos", es: "Materias geográficas", en: "Geographic subjects" },
  7: { pt: "Gênero/forma", es: "Género/forma", en: "Genre/form" },
  8: { pt: "Termo cronológico", es: "Término cronológico", en: "Chronological term" },
  9: { pt: "Subdivisões", es: "Subdivisiones", en: "Subdivisions" },
};
