/** Shared by the list screens: an API refusal of a list call as a translation key (ADR 246). */
import { ApiError, describeError } from "~/lib/api/errors";
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
  if (err.code && CODES[err.code]) return { key: CODES[err.code], values: { max: err.code === "lista_limite_listas" ? MAX_LISTS : MAX_LIST_ITEMS }, status: 400 };
  const m = describeError(err);
  return { key: m.key, values: m.values, status: err.status === 0 ? 503 : 400 };
}
