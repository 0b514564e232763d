/**
 * The request-to-the-library forms as data (spec §3 fields, §5 rules; ADR 190): one list of fields per form.
 * The zod schemas (app/schemas/account/library-requests.ts), the form renderer and the actions all read it.
 * Field names are the API's payload fields. Safe for the browser bundle.
 */

/** The API's request kinds (spec §7 path segments). */
export const REQUEST_KINDS = [
  "emprestimo-inter-bibliotecas",
  "comutacao-bibliografica",
  "levantamento-bibliografico",
  "ficha-catalografica",
  "pesquisa-especializada",
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** Statuses of a request (the API's codes). */
export const REQUEST_STATUSES = ["aguardando", "em_andamento", "atendida", "nao_atendida"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export type FieldKind = "text" | "email" | "textarea" | "select" | "checkbox" | "date" | "integer" | "year" | "library" | "isbn_issn" | "pages";

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required?: boolean;
  /** A select's option codes (labels: `librequests:options.<name>.<code>`). */
  options?: readonly string[];
  max?: number;
  /** Has a hint (`librequests:hints.<name>`). */
  hint?: boolean;
  autoComplete?: string;
}

/** A start/end pair (spec §5): both or neither (both always when `required`), start ≤ end. */
export interface RangeRule {
  start: string;
  end: string;
  both: string;
  order: string;
}

export const FORM_KEYS = ["interlibrary", "article", "thesis", "part", "survey", "card", "specialised"] as const;
export type FormKey = (typeof FORM_KEYS)[number];

export interface FormSpec {
  key: FormKey;
  kind: RequestKind;
  /** The API path below /solicitacoes. */
  apiPath: string;
  /** The field that names a request of this form in lists. */
  titleField: string;
  fields: FieldSpec[];
  ranges?: RangeRule[];
}

const email: FieldSpec = { name: "email", kind: "email", required: true, max: 200, autoComplete: "email", hint: true };

export const FORMS: Record<FormKey, FormSpec> = {
  interlibrary: {
    key: "interlibrary",
    kind: "emprestimo-inter-bibliotecas",
    apiPath: "emprestimo-inter-bibliotecas",
    titleField: "titulo",
    fields: [
      { name: "titulo", kind: "text", required: true, max: 500 },
      { name: "autor", kind: "text", max: 300 },
      { name: "edicao", kind: "text", max: 100 },
      { name: "ano", kind: "year" },
      { name: "isbn_issn", kind: "isbn_issn", max: 40, hint: true },
      { name: "instituicao_fornecedora", kind: "text", max: 300, hint: true },
      { name: "biblioteca_recebimento", kind: "library", required: true },
      { name: "observacao", kind: "textarea", max: 2000 },
    ],
  },
  article: {
    key: "article",
    kind: "comutacao-bibliografica",
    apiPath: "comutacao-bibliografica/artigo",
    titleField: "titulo_artigo",
    fields: [
      { name: "titulo_artigo", kind: "text", required: true, max: 500 },
      { name: "autor", kind: "text", max: 300 },
      { name: "titulo_periodico", kind: "text", required: true, max: 500 },
      { name: "ano", kind: "year", required: true },
      { name: "numero", kind: "text", max: 50 },
      { name: "paginas", kind: "pages", max: 50, hint: true },
      email,
    ],
  },
  thesis: {
    key: "thesis",
    kind: "comutacao-bibliografica",
    apiPath: "comutacao-bibliografica/tese",
    titleField: "titulo",
    fields: [
      { name: "titulo", kind: "text", required: true, max: 500 },
      { name: "autor", kind: "text", required: true, max: 300 },
      { name: "grau_defesa", kind: "select", required: true, options: ["mestrado", "doutorado", "pos_doutorado"] },
      { name: "instituicao", kind: "text", max: 300 },
      { name: "ano", kind: "year" },
      email,
    ],
  },
  part: {
    key: "part",
    kind: "comutacao-bibliografica",
    apiPath: "comutacao-bibliografica/parte-documento",
    titleField: "titulo_parte",
    fields: [
      { name: "titulo_parte", kind: "text", required: true, max: 500 },
      { name: "autor_parte", kind: "text", required: true, max: 300 },
      { name: "titulo_documento", kind: "text", required: true, max: 500 },
      { name: "ano", kind: "year" },
      { name: "paginas", kind: "pages", max: 50, hint: true },
      email,
    ],
  },
  survey: {
    key: "survey",
    kind: "levantamento-bibliografico",
    apiPath: "levantamento-bibliografico",
    titleField: "assunto_geral",
    fields: [
      { name: "assunto_geral", kind: "text", required: true, max: 500 },
      { name: "delimitacao", kind: "textarea", max: 2000, hint: true },
      { name: "idioma", kind: "text", max: 100 },
      { name: "data_inicio", kind: "date", required: true },
      { name: "data_fim", kind: "date", required: true },
      { name: "tipo_publicacao", kind: "select", required: true, options: ["impresso", "online", "ambos"] },
      { name: "palavras_chave", kind: "text", max: 500, hint: true },
      { name: "folha_rosto", kind: "checkbox" },
      { name: "sumario", kind: "checkbox" },
      { name: "pagina_bibliografia_inicial", kind: "integer" },
      { name: "pagina_bibliografia_final", kind: "integer" },
      { name: "total_paginas", kind: "integer" },
      { name: "ilustracoes", kind: "checkbox" },
    ],
    ranges: [
      { start: "data_inicio", end: "data_fim", both: "librequests:errors.dates_both", order: "librequests:errors.date_order" },
      {
        start: "pagina_bibliografia_inicial",
        end: "pagina_bibliografia_final",
        both: "librequests:errors.pages_both",
        order: "librequests:errors.page_order",
      },
    ],
  },
  card: {
    key: "card",
    kind: "ficha-catalografica",
    apiPath: "ficha-catalografica",
    titleField: "titulo",
    fields: [
      { name: "autor", kind: "text", required: true, max: 300, hint: true },
      { name: "titulo", kind: "text", required: true, max: 500 },
      { name: "subtitulo", kind: "text", max: 500 },
      { name: "orientador", kind: "text", required: true, max: 300 },
      { name: "coorientador", kind: "text", max: 300 },
      { name: "tipo_trabalho", kind: "select", required: true, options: ["tcc", "especializacao", "mestrado", "doutorado"] },
      { name: "curso", kind: "text", required: true, max: 300 },
      { name: "ano", kind: "year", required: true },
      { name: "total_paginas", kind: "integer", required: true },
      { name: "ilustracoes", kind: "checkbox" },
      { name: "palavras_chave", kind: "text", required: true, max: 500, hint: true },
      email,
    ],
  },
  specialised: {
    key: "specialised",
    kind: "pesquisa-especializada",
    apiPath: "pesquisa-especializada",
    titleField: "tema",
    fields: [
      { name: "tema", kind: "text", required: true, max: 500 },
      { name: "finalidade", kind: "textarea", required: true, max: 1000 },
      { name: "palavras_chave", kind: "text", max: 500, hint: true },
      { name: "idiomas", kind: "text", max: 200 },
      { name: "periodo_inicio", kind: "date" },
      { name: "periodo_fim", kind: "date" },
      email,
    ],
    ranges: [{ start: "periodo_inicio", end: "periodo_fim", both: "librequests:errors.dates_both", order: "librequests:errors.date_order" }],
  },
};

/** The switching/survey forms by their URL segment. */
export const SWITCHING_SURVEY_FORMS = {
  artigo: "article",
  tese: "thesis",
  "parte-documento": "part",
  levantamento: "survey",
} as const satisfies Record<string, FormKey>;
export type SwitchingSurveySegment = keyof typeof SWITCHING_SURVEY_FORMS;

/** The form a stored request came from (for its title field and labels). */
export function formOfRequest(kind: string, subtype: string | null): FormSpec | null {
  if (kind === "comutacao-bibliografica")
    return subtype === "artigo" ? FORMS.article : subtype === "tese" ? FORMS.thesis : subtype === "parte-documento" ? FORMS.part : null;
  return Object.values(FORMS).find((f) => f.kind === kind) ?? null;
}
