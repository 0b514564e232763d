/** Shared by the list screens (ADR 246): an API refusal of a list call as a translation key; a title as a page lists it. */
import { ApiError, describeError } from "~/lib/api/errors";
import type { PatronListItem } from "~/lib/api/lists/types";
import { langAttr, marcLanguageToBcp47 } from "~/lib/lang-of-parts";
import { MAX_LIST_ITEMS, MAX_LISTS } from "../../contract/lists";

const CODES: Record<string, string> = {
  lista_nome_vazio: "lists:errors.name_required",
  lista_limite_listas: "lists:errors.limit_lists",
  lista_limite_itens: "lists:errors.limit_items",
  lista_nao_encontrada: "lists:errors.not_found",
  lista_padrao: "lists:errors.default",
  lista_titulo_desconhecido: "lists:errors.unknown_title",
  lista_item_ausente: "lists:errors.not_found",
};

/** The words for a refused list call; rethrows what is not the API's refusal (a 401 goes to the session handling). */
export function listErrorKey(err: unknown): { key: string; values?: Record<string, unknown>; status: number } {
  if (!(err instanceof ApiError) || err.status === 401) throw err;
  if (err.code && CODES[err.code])
    return { key: CODES[err.code], values: { max: err.code === "lista_limite_listas" ? MAX_LISTS : MAX_LIST_ITEMS }, status: 400 };
  const m = describeError(err);
  return { key: m.key, values: m.values, status: err.status === 0 ? 503 : 400 };
}

/** A title of a list as the patron's list page and the public list page show it (`lang` only when it differs from the page's). */
export function listItemView(i: Omit<PatronListItem, "data_inclusao">, pageLang: string) {
  return {
    id: i.cod_acervo,
    title: i.titulo,
    lang: langAttr(marcLanguageToBcp47(i.idioma), pageLang),
    author: i.autor,
    year: i.ano_publicacao,
    type: i.desc_tipo_obra,
    note: i.nota,
  };
}
