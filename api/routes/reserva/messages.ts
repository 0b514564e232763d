/**
 * The words of a refused hold change (`/api/reserva`: pickup library, suspension), by `lang`. The domain
 * (`api/domain/my-holds.ts`) answers the code; this picks the sentence.
 */

const CHANGE_MESSAGES = {
  reserva_nao_encontrada: {
    pt: "Reserva não encontrada entre as suas reservas ativas.",
    es: "Reserva no encontrada entre sus reservas activas.",
    en: "Hold not found among your active holds.",
  },
  reserva_nao_suspensivel: {
    pt: "Esta reserva não pode ser suspensa: o exemplar já está separado ou a caminho.",
    es: "Esta reserva no se puede suspender: el ejemplar ya está separado o en camino.",
    en: "This hold cannot be suspended: a copy is already set aside or on its way.",
  },
  data_suspensao_invalida: {
    pt: "Informe uma data a partir de amanhã e em até 365 dias.",
    es: "Indique una fecha a partir de mañana y dentro de 365 días.",
    en: "Enter a date from tomorrow and within 365 days.",
  },
  reserva_em_transito: {
    pt: "O exemplar já está a caminho da biblioteca de retirada: ela não pode mais ser alterada.",
    es: "El ejemplar ya está en camino a la biblioteca de retiro: ya no se puede cambiar.",
    en: "The copy is already on its way to the pickup library, so it can no longer be changed.",
  },
  biblioteca_invalida: {
    pt: "Escolha uma biblioteca que tenha exemplares deste título que permitam reserva.",
    es: "Elija una biblioteca con ejemplares de este título que permitan reserva.",
    en: "Choose a library with copies of this title that allow holds.",
  },
} as const;

/** The message of a refused hold change in the API language. */
export function holdChangeMessage(lang: "pt" | "es" | "en", code: keyof typeof CHANGE_MESSAGES): string {
  return CHANGE_MESSAGES[code][lang];
}
