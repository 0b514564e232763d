/**
 * The login's hand-over to an external base (spec §4 Login, §9 list; ADR 095): after a login whose `redirect`
 * names a base, the portal shows the redirect page with that base's access link, to open in a new tab.
 */
import { PRODUCT_SLUG } from "./product";

/** The spec §2 "redirect page": the product's name followed by `_redireciona`. */
export const REDIRECT_PAGE = `/${PRODUCT_SLUG}_redireciona`;

/** How each external base of spec §9 is named on the page (brand names: the same in every language). */
export const EXTERNAL_BASE_NAMES: Record<string, string> = {
  pearson: "Pearson",
  cengage: "Cengage",
  editora_forum: "Editora Fórum",
  minhabiblioteca: "Minha Biblioteca",
  ebrary: "Ebrary",
  rtonline: "RT Online",
  lectio: "Lectio",
  gale: "Gale",
  gale_book: "Gale Books",
  oxford: "Oxford",
  proquest: "ProQuest",
  uptodate: "UpToDate",
  lexicomp: "Lexicomp",
  solucto: "Solucto",
  jornalderesenhas: "Jornal de Resenhas",
};

/** The redirect page for `base`. */
export function externalAccessPath(base: string): string {
  return `${REDIRECT_PAGE}?base=${encodeURIComponent(base)}`;
}
