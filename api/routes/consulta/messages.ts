/** Words of the /api/consulta group, by `lang`: the names of the search's orderings. */
import type { Lang } from "../../lib/messages.ts";
import type { SearchOrder } from "../../search/index.ts";

/** The sort control's label of each ordering (GET /consulta/ordenacao; ADR 251). */
export const ORDER_LABELS: Record<Lang, Record<SearchOrder, string>> = {
  pt: { C: "Relevância", T: "Título", A: "Autor", Y: "Ano de publicação", O: "Mais antigos primeiro", E: "Data de entrada", N: "Número de chamada" },
  es: {
    C: "Relevancia",
    T: "Título",
    A: "Autor",
    Y: "Año de publicación",
    O: "Más antiguos primero",
    E: "Fecha de ingreso",
    N: "Signatura topográfica",
  },
  en: { C: "Relevance", T: "Title", A: "Author", Y: "Publication year", O: "Oldest first", E: "Date added", N: "Call number" },
};
