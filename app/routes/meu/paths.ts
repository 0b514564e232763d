/** Paths of the account screens built here, shared by their loaders, actions and views. */
import { privateAreaPath } from "~/lib/product";

export const HOLDS_PATH = `${privateAreaPath}/reservas`;
export const DEBITS_PATH = `${privateAreaPath}/debitos`;
export const LOAN_REQUESTS_PATH = `${privateAreaPath}/solicitacoes-emprestimo`;
export const PERMANENT_BASKET_PATH = `${privateAreaPath}/cesta-permanente`;
export const SAVED_PATH = `${privateAreaPath}/itens-salvos`;
export const NOTIFICATIONS_PATH = `${privateAreaPath}/notificacoes`;
export const LISTS_PATH = `${privateAreaPath}/listas`;
