/** Messages of the lists group, by `lang` (the route maps the domain's reason codes to words). */
import type { Lang } from "../../lib/messages.ts";
import type { ListReason } from "../../../contract/lists.ts";
import { MAX_LIST_ITEMS, MAX_LISTS } from "../../../contract/lists.ts";

const REASONS: Record<ListReason, Record<Lang, string>> = {
  nao_encontrada: { pt: "Lista não encontrada.", es: "Lista no encontrada.", en: "List not found." },
  titulo_desconhecido: { pt: "Título não encontrado no acervo.", es: "Título no encontrado en el acervo.", en: "Title not found in the catalogue." },
  item_ausente: { pt: "Este título não está na lista.", es: "Este título no está en la lista.", en: "This title is not in the list." },
  limite_listas: {
    pt: `Você já tem ${MAX_LISTS} listas, o máximo. Apague uma para criar outra.`,
    es: `Ya tiene ${MAX_LISTS} listas, el máximo. Borre una para crear otra.`,
    en: `You already have ${MAX_LISTS} lists, the most allowed. Delete one to make another.`,
  },
  limite_itens: {
    pt: `A lista já tem ${MAX_LIST_ITEMS} títulos, o máximo.`,
    es: `La lista ya tiene ${MAX_LIST_ITEMS} títulos, el máximo.`,
    en: `The list already holds ${MAX_LIST_ITEMS} titles, the most allowed.`,
  },
  padrao: {
    pt: "A lista padrão (cesta permanente) não pode ser apagada.",
    es: "La lista predeterminada (cesta permanente) no se puede borrar.",
    en: "The default list (permanent basket) cannot be deleted.",
  },
  nome_vazio: { pt: "Informe o nome da lista.", es: "Indique el nombre de la lista.", en: "Enter the list's name." },
};

const DEFAULT_NAME: Record<Lang, string> = { pt: "Cesta permanente", es: "Cesta permanente", en: "Permanent basket" };

/** The words for a list reason code. */
export function listMessage(lang: Lang, reason: ListReason): string {
  return REASONS[reason][lang];
}

/** The default list's name when it is made, in the request's language (the patron may rename it). */
export function defaultListName(lang: Lang): string {
  return DEFAULT_NAME[lang];
}
