import { z } from "zod";

/** Term types of the catalogue search (spec §2: free, title, subject, author). */
export const SEARCH_TYPES = ["livre", "titulo", "assunto", "autor"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Orderings accepted by `GET /api/consulta` (C relevance, T title, A author, Y year descending). */
export const SEARCH_ORDERINGS = ["C", "T", "A", "Y"] as const;
export type SearchOrdering = (typeof SEARCH_ORDERINGS)[number];

/** Page sizes offered in the form; the spec only fixes the default (20). See ADR 040. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Search state defaults of spec §3: page 1, ordering C, page size 20, display D. */
export const SEARCH_DEFAULTS = { tipo: "livre", ordenacao: "C", qtd: 20, pagina: 1, exibicao: "D" } as const;

/** The i18n key shown when the term is empty (en: "The above field is required."). */
export const TERM_REQUIRED_KEY = "catalogue:search.termRequired";

/** Shortest term the search API accepts (characters after trimming). */
export const MIN_TERM_LENGTH = 2;

/**
 * The catalogue search form (a GET form: its fields are the shareable URL's query).
 * Only `termo` can fail; anything else that is malformed in a hand-edited URL
 * falls back to its default instead of blocking the search.
 */
export const SearchSchema = z.object({
  termo: z
    .string({ error: TERM_REQUIRED_KEY })
    .trim()
    // abort: an empty term gets only the "required" message, not "too short" as well.
    .min(1, { error: TERM_REQUIRED_KEY, abort: true })
    .min(MIN_TERM_LENGTH, { error: "catalogue:search.termTooShort" })
    .max(500, { error: "catalogue:search.termTooLong" }),
  tipo: z.enum(SEARCH_TYPES).catch(SEARCH_DEFAULTS.tipo),
  ordenacao: z.enum(SEARCH_ORDERINGS).catch(SEARCH_DEFAULTS.ordenacao),
  qtd: z
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(SEARCH_DEFAULTS.qtd),
  pagina: z.number().int().min(1).max(10_000).catch(SEARCH_DEFAULTS.pagina),
});

export type SearchInput = z.infer<typeof SearchSchema>;
