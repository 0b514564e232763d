/**
 * The library's own public pages (ADR 194): path, label key (namespace "pages") and which presence flag of the
 * root data says it has content. The footer and the home page link only to the pages that have content.
 */
export const LIBRARY_PAGES = [
  { path: "/informacoes", label: "pages:links.informacoes", has: "informacoes" },
  { path: "/perguntas-frequentes", label: "pages:links.faq", has: "faq" },
  { path: "/eventos", label: "pages:links.eventos", has: "eventos" },
] as const;

export type LibraryPageKey = (typeof LIBRARY_PAGES)[number]["has"];
