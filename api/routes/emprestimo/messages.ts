/** Messages of the loans group, by `lang` (the route maps the domain's reason codes to words). */
import type { Lang } from "../../lib/messages.ts";
import type { RenewalReason } from "../../../contract/loans.ts";

const RENEWAL: Record<RenewalReason, Record<Lang, string>> = {
  nao_encontrado: {
    pt: "Empréstimo não encontrado ou já devolvido.",
    es: "Préstamo no encontrado o ya devuelto.",
    en: "Loan not found or already returned.",
  },
  bloqueado: { pt: "Usuário bloqueado pela biblioteca.", es: "Usuario bloqueado por la biblioteca.", en: "Patron blocked by the library." },
  debito: {
    pt: "Débitos acima do limite da sua categoria.",
    es: "Débitos por encima del límite de su categoría.",
    en: "Debits over your category's limit.",
  },
  horario: {
    pt: "Empréstimo por hora não pode ser renovado.",
    es: "El préstamo por horas no se puede renovar.",
    en: "Hourly loans cannot be renewed.",
  },
  tipo: {
    pt: "Este tipo de empréstimo não pode ser renovado.",
    es: "Este tipo de préstamo no se puede renovar.",
    en: "This kind of loan cannot be renewed.",
  },
  reservado: { pt: "Reservado por outro usuário.", es: "Reservado por otro usuario.", en: "Reserved by another patron." },
  limite: { pt: "Limite de renovações atingido.", es: "Límite de renovaciones alcanzado.", en: "Renewal limit reached." },
  atrasado: {
    pt: "Em atraso: sua categoria não permite renovar.",
    es: "Atrasado: su categoría no permite renovar.",
    en: "Overdue: your category does not allow renewing.",
  },
  cedo: {
    pt: "Ainda é cedo para renovar: a nova data não seria posterior.",
    es: "Aún es pronto para renovar: la nueva fecha no sería posterior.",
    en: "Too early to renew: the new date would not be later.",
  },
};

const OTHER = {
  data_obrigatoria: { pt: "Informe as duas datas.", es: "Indique las dos fechas.", en: "Enter both dates." },
  periodo_invertido: {
    pt: "A data inicial não pode ser posterior à final.",
    es: "La fecha inicial no puede ser posterior a la final.",
    en: "The start date cannot be after the end date.",
  },
  selecao_vazia: { pt: "Selecione ao menos um empréstimo.", es: "Seleccione al menos un préstamo.", en: "Select at least one loan." },
} satisfies Record<string, Record<Lang, string>>;

/** The words for a renewal reason code. */
export function renewalMessage(lang: Lang, reason: RenewalReason): string {
  return RENEWAL[reason][lang];
}

/** Other messages of the loans group. */
export function loansMessage(lang: Lang, key: keyof typeof OTHER): string {
  return OTHER[key][lang];
}
