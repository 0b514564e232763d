/**
 * The words of the requests group's own field errors (`/api/solicitacoes`), by `lang`; the refusals it shares
 * with the other patron requests are in `../messages.ts`.
 */
import type { FieldIssue } from "../../domain/library-requests.ts";
import type { Lang } from "../../lib/messages.ts";

/** The sentence for each field problem the request rules find. */
export const FIELD_MESSAGES = {
  datas_ambas: { pt: "Informe as duas datas.", es: "Indique las dos fechas.", en: "Enter both dates." },
  data_ordem: {
    pt: "A data inicial não pode ser posterior à data final.",
    es: "La fecha inicial no puede ser posterior a la final.",
    en: "The start date cannot be after the end date.",
  },
  paginas_ambas: {
    pt: "Informe as páginas inicial e final da bibliografia.",
    es: "Indique las páginas inicial y final de la bibliografía.",
    en: "Enter the bibliography's first and last pages.",
  },
  pagina_ordem: {
    pt: "A página inicial da bibliografia não pode ser maior que a página final.",
    es: "La página inicial de la bibliografía no puede ser mayor que la final.",
    en: "The bibliography's start page cannot be after its end page.",
  },
} satisfies Record<FieldIssue, Record<Lang, string>>;
