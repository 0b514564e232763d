/**
 * Patron lists (ADR 246): the limits and reason codes shared by the reference API, which enforces them, and the
 * portal, which checks the same bounds in its forms and words each code. Imports nothing from app/ or api/.
 */
/** Lists a patron may keep, the default one included. */
export const MAX_LISTS = 50;
/** Titles in one list (the export takes a whole list in one call). */
export const MAX_LIST_ITEMS = 200;
/** Characters of a list's name. */
export const MAX_LIST_NAME = 80;
/** Characters of an item's note. */
export const MAX_LIST_NOTE = 500;

/** Why a list change was refused. */
export const LIST_REASONS = ["nao_encontrada", "titulo_desconhecido", "item_ausente", "limite_listas", "limite_itens", "padrao", "nome_vazio"] as const;
export type ListReason = (typeof LIST_REASONS)[number];
