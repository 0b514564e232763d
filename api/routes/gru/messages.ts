/** The words of a refused payment slip (`/api/gru`), by `lang`. */
import type { GruRefusal } from "../../domain/gru.ts";
import type { Lang } from "../../lib/messages.ts";

/** The sentence for each reason the domain refuses a slip. */
export const REFUSALS: Record<GruRefusal, Record<Lang, string>> = {
  // Spec §8 "User has no tax number registered".
  sem_cpf: { pt: "Usuário não possui CPF cadastrado.", es: "El usuario no tiene CPF registrado.", en: "User has no tax number registered." },
  debito_invalido: {
    pt: "Selecione débitos em aberto de uma mesma biblioteca.",
    es: "Seleccione débitos pendientes de una misma biblioteca.",
    en: "Select open debits of a single library.",
  },
  valor_divergente: {
    pt: "O valor informado não confere com o total dos débitos selecionados.",
    es: "El valor indicado no coincide con el total de los débitos seleccionados.",
    en: "The amount does not match the total of the selected debits.",
  },
};
