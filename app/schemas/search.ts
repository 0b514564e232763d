import { z } from "zod";
import { MIN_ANY_WORD_LENGTH, MIN_SEARCH_TERM_LENGTH } from "../../contract/search-terms";

/** Term types of the catalogue search (spec §2: free, title, subject, author). */
export const SEARCH_TYPES = ["livre", "titulo", "assunto", "autor"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * Orderings accepted by `GET /api/consulta` (C relevance, T title, A author, Y year descending, O year ascending
 * "oldest first", E date added "newest acquisitions first", N call number; ADR 251).
 */
export const SEARCH_ORDERINGS = ["C", "T", "A", "Y", "O", "E", "N"] as const;
export type SearchOrdering = (typeof SEARCH_ORDERINGS)[number];

/** Orderings the network search (`GET /api/rede/consulta`) knows: its records have no copies nor dates added. */
export const NETWORK_ORDERINGS = ["C", "T", "A", "Y"] as const;

/** Page sizes offered in the form; the spec only fixes the default (20). See ADR 040. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** Search state defaults of spec §3: page 1, ordering C, page size 20, display D. */
export const SEARCH_DEFAULTS = { tipo: "livre", ordenacao: "C", qtd: 20, pagina: 1, exibicao: "D" } as const;

/** The i18n key shown when the term is empty (en: "The above field is required."). */
export const TERM_REQUIRED_KEY = "catalogue:search.termRequired";

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
    .min(MIN_SEARCH_TERM_LENGTH, { error: "catalogue:search.termTooShort" })
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

/** Result displays: D detailed, C compact (spec §3; new acquisitions default to C). */
export const DISPLAYS = ["D", "C"] as const;
export type Display = (typeof DISPLAYS)[number];

/**
 * A selected facet value as it travels in the URL: `TYPE:value` (e.g. `T:1`, `Y:SD`, `X:O`, `A:silva-maria`,
 * `R:loc.gov`): a code of letters (any script), digits, dots and hyphens.
 */
export const FILTER_VALUE = /^[A-Z]{1,2}(_[A-Z])?:[\p{L}\p{N}][\p{L}\p{N}.-]{0,59}$/u;

/** The selected facet values of the URL; malformed ones are dropped (a hand-edited URL still searches). */
const filtro = z
  .array(z.string())
  .catch([])
  .transform((list) => [...new Set(list.filter((v) => FILTER_VALUE.test(v)))]);

/** The result-page options every search form shares (none of them can fail). */
const resultOptions = {
  ordenacao: z.enum(SEARCH_ORDERINGS).catch(SEARCH_DEFAULTS.ordenacao),
  qtd: z
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(SEARCH_DEFAULTS.qtd),
  pagina: z.number().int().min(1).max(10_000).catch(SEARCH_DEFAULTS.pagina),
  exibicao: z.enum(DISPLAYS).optional().catch(undefined),
  filtro,
  /** "Available now" (issue 28): S at any library, or a library's id; anything else is no such filter. */
  disponivel: z
    .string()
    .regex(/^(S|\d{1,6})$/)
    .optional()
    .catch(undefined),
};

/** The option fields of the archive, normative-acts and case-law forms (ADR 065), by tab. */
export const TAB_OPTION_FIELDS: Record<string, readonly string[]> = {
  arquivo: ["material", "decada"],
  atos: ["especie", "ano"],
  jurisprudencia: ["tribunal", "decisao"],
};

/** An option's value from the URL: "any" (empty) and malformed values become undefined (the search still runs). */
const tabOption = z.string().trim().max(200).optional().catch(undefined);

/** The simple search of every tab but the advanced one: one term in one field, plus the tab's own options. */
export const TabSearchSchema = SearchSchema.extend({
  ...resultOptions,
  material: tabOption,
  decada: tabOption,
  especie: tabOption,
  ano: tabOption,
  tribunal: tabOption,
  decisao: tabOption,
});
export type TabSearchInput = z.infer<typeof TabSearchSchema>;

const advancedTerm = z
  .string()
  .trim()
  .max(500, { error: "catalogue:search.termTooLong" })
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.string().min(MIN_SEARCH_TERM_LENGTH, { error: "catalogue:search.termTooShort" }).optional());

/** The i18n keys of a malformed year and of a range that ends before it starts (issue 28). */
export const YEAR_INVALID_KEY = "catalogue:advanced.yearInvalid";
export const YEAR_RANGE_KEY = "catalogue:advanced.yearRange";

/** The i18n key shown when the advanced search has no field filled in. */
export const ADVANCED_REQUIRED_KEY = "catalogue:advanced.required";

/**
 * How the words of a field match (spec §5, §9 "contains-any", ADR 105): "todas" every word (the default),
 * "qualquer" any one of them, counting only words of MIN_ANY_WORD_LENGTH letters or more.
 */
export const MATCH_MODES = ["todas", "qualquer"] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

/** The i18n key shown when a contains-any field has no word long enough. */
export const ANY_TOO_SHORT_KEY = "catalogue:advanced.anyTooShort";

/** True when `text` has a word (letters or digits) of at least MIN_ANY_WORD_LENGTH characters. */
export function hasAnyWord(text: string): boolean {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).some((w) => w.length >= MIN_ANY_WORD_LENGTH);
}

/**
 * How an advanced row joins the filled rows before it (issue 28, ADR 257): E (AND), OU (OR), NAO (NOT). The
 * rows are read in form order, left to right, without precedence (as Koha does): A OU B E C is (A OR B) AND C.
 */
export const ROW_OPERATORS = ["E", "OU", "NAO"] as const;
export type RowOperator = (typeof ROW_OPERATORS)[number];

/** The text rows of the advanced form, in the order they join; every row after the first has an operator. */
export const ADVANCED_ROWS = ["titulo", "autor", "assunto"] as const;
/** The operator field of each row after the first (`op_autor`, `op_assunto`). */
export const OPERATOR_FIELDS = { autor: "op_autor", assunto: "op_assunto" } as const;

/** The i18n key shown when the first filled row is NOT (nothing to exclude from; also every row NOT). */
export const NOT_FIRST_KEY = "catalogue:advanced.notFirst";

/** An operator from the URL: anything but E, OU or NAO (a hand-edited URL) is AND. */
const rowOperator = z.enum(ROW_OPERATORS).catch("E");

/** A row operator read from a URL parameter as the schema reads it (missing or unknown: E). */
export const readRowOperator = (value: string | null | undefined): RowOperator => rowOperator.parse(value);

/** The operator of each filled row, in form order (the first filled row's is always E: nothing comes before it). */
export function filledRows(
  v: Partial<Record<(typeof ADVANCED_ROWS)[number], string | undefined>> & { op_autor?: RowOperator; op_assunto?: RowOperator },
) {
  return ADVANCED_ROWS.filter((row) => v[row]).map((row, i) => ({
    row,
    text: v[row]!,
    operator: i === 0 || row === "titulo" ? ("E" as const) : (v[OPERATOR_FIELDS[row]] ?? "E"),
  }));
}

/** The advanced search (spec §2): title, author and subject rows joined by their operators; at least one is required. */
/** An optional text field of the advanced search (empty is "any"). */
const optionalText = z
  .string()
  .trim()
  .max(200, { error: "catalogue:search.termTooLong" })
  .optional()
  .transform((v) => (v ? v : undefined));
/** A year of the advanced search's range (issue 28). */
const rangeYear = optionalText.pipe(
  z
    .string()
    .regex(/^[12]\d{3}$/, { error: YEAR_INVALID_KEY })
    .optional(),
);

export const AdvancedSearchSchema = z
  .object({
    titulo: advancedTerm,
    autor: advancedTerm,
    assunto: advancedTerm,
    op_autor: rowOperator,
    op_assunto: rowOperator,
    // Issue 28: ISBN or ISSN, publisher's words, a range of years.
    isbn: optionalText,
    editora: optionalText,
    ano_de: rangeYear,
    ano_ate: rangeYear,
    modo: z.enum(MATCH_MODES).catch("todas"),
    ...resultOptions,
  })
  .superRefine((v, ctx) => {
    if (!v.titulo && !v.autor && !v.assunto && !v.isbn) ctx.addIssue({ code: "custom", path: ["titulo"], message: ADVANCED_REQUIRED_KEY });
    const [first] = filledRows(v);
    // The first filled row cannot be NOT (the API's rule too): the row after an empty title row can be the first.
    if (first && first.row !== "titulo" && v[OPERATOR_FIELDS[first.row]] === "NAO")
      ctx.addIssue({ code: "custom", path: [first.row], message: NOT_FIRST_KEY });
    if (v.ano_de && v.ano_ate && Number(v.ano_ate) < Number(v.ano_de)) ctx.addIssue({ code: "custom", path: ["ano_ate"], message: YEAR_RANGE_KEY });
    if (v.modo === "qualquer") {
      for (const field of ["titulo", "autor", "assunto"] as const) {
        const text = v[field];
        if (text && !hasAnyWord(text)) ctx.addIssue({ code: "custom", path: [field], message: ANY_TOO_SHORT_KEY });
      }
    }
  });
export type AdvancedSearchInput = z.infer<typeof AdvancedSearchSchema>;

export type SearchInput = z.infer<typeof SearchSchema>;

/** The authorities tab (ADR 066): words of a heading or of a see-from reference, and an optional type. */
export const AuthoritySearchSchema = z.object({
  termo: SearchSchema.shape.termo,
  tipo_autoridade: z.number().int().min(1).max(9).optional().catch(undefined),
  pagina: resultOptions.pagina,
});
export type AuthoritySearchInput = z.infer<typeof AuthoritySearchSchema>;

/** The teaching-plan form's fields, in form order (spec §7). */
export const TEACHING_PLAN_FIELDS = ["departamento", "ano", "semestre", "periodo", "disciplina", "biblioteca"] as const;

/** The i18n key shown when the teaching-plan form has no field chosen (spec §5). */
export const TEACHING_PLAN_REQUIRED_KEY = "catalogue:teachingPlan.required";

// A malformed value in a hand-edited URL counts as "any".
const planField = z.number().int().min(1).max(9_999_999).optional().catch(undefined);

/** The teaching-plan search (ADR 067): every field is a select with an "any" choice; at least one is required. */
export const TeachingPlanSchema = z
  .object(Object.fromEntries(TEACHING_PLAN_FIELDS.map((f) => [f, planField])) as Record<(typeof TEACHING_PLAN_FIELDS)[number], typeof planField>)
  .superRefine((v, ctx) => {
    if (TEACHING_PLAN_FIELDS.every((f) => v[f] === undefined))
      ctx.addIssue({ code: "custom", path: [TEACHING_PLAN_FIELDS[0]], message: TEACHING_PLAN_REQUIRED_KEY });
  });
export type TeachingPlanInput = z.infer<typeof TeachingPlanSchema>;
