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

/** The largest id of a list or a title (32-bit integers in the schema): a larger one is refused, never queried. */
export const MAX_LIST_ID = 2_147_483_647;
/** Whether a path's text is a list's or title's id within that bound. */
export const isListId = (s: string): boolean => /^[1-9]\d{0,9}$/.test(s) && Number(s) <= MAX_LIST_ID;

/** Why a list change was refused. */
export const LIST_REASONS = [
  "nao_encontrada",
  "titulo_desconhecido",
  "item_ausente",
  "limite_listas",
  "limite_itens",
  "padrao",
  "nome_vazio",
] as const;
export type ListReason = (typeof LIST_REASONS)[number];
