/** The words of the staff channel's refusals (`/api/biblioteca`), by `lang`. */
import type { Lang } from "../../lib/messages.ts";

export const TEXT = {
  situacao_invalida: {
    pt: "O registro não está numa situação que permita esta operação.",
    es: "El registro no está en una situación que permita esta operación.",
    en: "The record is not in a state this action applies to.",
  },
} satisfies Record<string, Record<Lang, string>>;
