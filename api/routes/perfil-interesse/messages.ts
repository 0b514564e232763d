/** The words of the interest profile's field errors (`/api/perfil-interesse`), by `lang`. */
import type { ValidityIssue } from "../../domain/interest-profiles.ts";
import type { Lang } from "../../lib/messages.ts";

/** What can be wrong with a profile change, one code per rule. */
export type Issue = ValidityIssue | "tipos_obrigatorio" | "itens_obrigatorio" | "nao_periodico" | "periodico_existente";

/** The sentence for each code. */
export const FIELD_MESSAGES = {
  validade_passada: {
    pt: "A validade não pode ser anterior a hoje.",
    es: "La validez no puede ser anterior a hoy.",
    en: "The expiry date cannot be before today.",
  },
  validade_longe: {
    pt: "A validade pode ser de no máximo dois anos a partir de hoje.",
    es: "La validez puede ser de como máximo dos años a partir de hoy.",
    en: "The expiry date can be at most two years from today.",
  },
  tipos_obrigatorio: {
    pt: "Escolha ao menos um tipo de periódico.",
    es: "Elija al menos un tipo de publicación periódica.",
    en: "Choose at least one journal type.",
  },
  itens_obrigatorio: { pt: "Escolha ao menos um item.", es: "Elija al menos un elemento.", en: "Choose at least one item." },
  nao_periodico: { pt: "Este título não é um periódico.", es: "Este título no es una publicación periódica.", en: "This title is not a periodical." },
  periodico_existente: {
    pt: "Você já acompanha este periódico.",
    es: "Ya sigue esta publicación periódica.",
    en: "You already follow this periodical.",
  },
} satisfies Record<Issue, Record<Lang, string>>;
