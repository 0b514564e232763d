/** Paths of the declaration, absence, paper-posting and user-swap screens (ADR 192). */
import { privateAreaPath } from "~/lib/product";

export const NO_DEBTS_PATH = `${privateAreaPath}/nada-consta`;
export const NO_DEBTS_PDF_PATH = `${privateAreaPath}/nada-consta/pdf`;
export const ABSENCES_PATH = `${privateAreaPath}/afastamentos`;
export const PAPER_POSTING_PATH = `${privateAreaPath}/postagem-trabalho`;
export const USER_SWAP_PATH = `${privateAreaPath}/troca-usuario`;
/** The public page where anyone checks a declaration's code. */
export const VERIFY_PATH = "/nada-consta/verificar";
