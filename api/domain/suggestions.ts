/**
 * Purchase suggestions (spec §3 "Purchase suggestion", §5): library, titulo and editor are required (editor
 * trimmed; the route words it "required field not filled: <field>"). The campus, when given, must be the
 * library's. Categories without activity 12 may not suggest (spec §6).
 */
import { BIBLIOGRAPHY_TYPES, MAX_COPIES, type BibliographyType } from "../../contract/professor-suggestion.ts";
import type { Db } from "../db/index.ts";
import { insertSuggestion, isOwnTeachingPlan, libraryCampus, planSuggestionsInStatus, professorFacts } from "../db/suggestions.ts";
import { categoryAllows } from "./holds.ts";
import { fieldsRefused, refused, type FieldProblems, type FieldsRefused, type Refused } from "./refusals.ts";

/** Activity that allows purchase suggestions (spec §6). */
export const SUGGESTION_ACTIVITY = 12;

export interface SuggestionPayload {
  campus?: number | null;
  biblioteca?: number | null;
  autor?: string | null;
  titulo?: string | null;
  edicao?: string | null;
  editor?: string | null;
  isbn_issn?: string | null;
  periodico?: string | null;
  outras_inf?: string | null;
}

const clean = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

/**
 * The spec §5 field rules shared by every suggestion: library, title and publisher required; the library known
 * (`library`, null when it is not) and the campus, when given, the library's.
 */
export function suggestionFieldProblems(p: SuggestionPayload, library: { cod_campus: number } | null): FieldProblems {
  const problems: FieldProblems = {};
  if (p.biblioteca == null) problems.biblioteca = "obrigatorio";
  if (!clean(p.titulo)) problems.titulo = "obrigatorio";
  if (!clean(p.editor)) problems.editor = "obrigatorio";
  if (p.biblioteca != null) {
    if (!library) problems.biblioteca = "invalido";
    else if (p.campus != null && library.cod_campus !== p.campus) problems.campus = "invalido";
  }
  return problems;
}

async function libraryOf(db: Db, p: SuggestionPayload) {
  if (p.biblioteca == null) return undefined;
  return libraryCampus(db, p.biblioteca);
}

/** The stored row of a suggestion that passed the field rules. */
function rowOf(codPessoa: number, p: SuggestionPayload, library: { cod_campus: number } | undefined) {
  return {
    cod_pessoa: codPessoa,
    cod_campus: p.campus ?? library?.cod_campus ?? null,
    cod_biblioteca: p.biblioteca!,
    autor: clean(p.autor),
    titulo: clean(p.titulo)!,
    edicao: clean(p.edicao),
    editor: clean(p.editor)!,
    isbn_issn: clean(p.isbn_issn),
    periodico: clean(p.periodico),
    outras_inf: clean(p.outras_inf),
  };
}

type Stored = { cod_sugestao: number; situacao: string; created_at: string };

export type SuggestionOutcome = { ok: true; suggestion: Stored } | FieldsRefused | Refused<"atividade_negada">;

/** Stores a suggestion (situacao `pre_sugestao`), or answers why not: a category without the activity, or field problems. */
export async function createSuggestion(db: Db, codPessoa: number, p: SuggestionPayload): Promise<SuggestionOutcome> {
  if (!(await categoryAllows(db, codPessoa, SUGGESTION_ACTIVITY))) return refused("atividade_negada");
  const library = await libraryOf(db, p);
  const badFields = fieldsRefused(suggestionFieldProblems(p, library ?? null));
  if (badFields) return badFields;
  const suggestion = await insertSuggestion(db, rowOf(codPessoa, p, library));
  return { ok: true, suggestion };
}

export { MAX_COPIES };

/**
 * Statuses in which a suggestion is still being handled: a professor's duplicate and the category's limit count
 * these (spec §8 "a request already exists with the same data", "request limit exceeded"). The others are closed.
 */
export const OPEN_SUGGESTION_STATUSES = [
  "pre_sugestao",
  "sugestao_compra",
  "em_cotacao",
  "pregao_leilao",
  "aguardando_entrega",
  "parcialmente_atendida",
] as const;

/** What a professor's suggestion adds to a patron's (ADR 195). */
export interface ProfessorSuggestionPayload extends SuggestionPayload {
  /** The professor's own teaching plan (course, discipline, year and semester). */
  plano?: number | null;
  /** B: basic bibliography; C: complementary. */
  tipo_bibliografia?: string | null;
  exemplares?: number | null;
  justificativa?: string | null;
}

/** Same title (folded case and spaces) for the same plan: the professor's duplicate key. */
const fold = (s: string) => s.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("pt-BR");

/**
 * What a professor's suggestion adds to the field rules: the plan (`ownPlan`: one of the professor's own), the
 * bibliography type and the copies (1 to MAX_COPIES).
 */
export function professorFieldProblems(p: ProfessorSuggestionPayload, ownPlan: boolean): FieldProblems {
  const problems: FieldProblems = {};
  if (p.plano == null) problems.plano = "obrigatorio";
  else if (!ownPlan) problems.plano = "invalido";
  if (p.tipo_bibliografia == null || p.tipo_bibliografia === "") problems.tipo_bibliografia = "obrigatorio";
  else if (!(BIBLIOGRAPHY_TYPES as readonly string[]).includes(p.tipo_bibliografia)) problems.tipo_bibliografia = "invalido";
  if (p.exemplares == null) problems.exemplares = "obrigatorio";
  else if (!Number.isInteger(p.exemplares) || p.exemplares < 1 || p.exemplares > MAX_COPIES) problems.exemplares = "invalido";
  return problems;
}

/**
 * What the professor's open suggestions refuse (ADR 091): the same title (folded) open for the same plan, reported
 * before the category's limit of open suggestions. Null when neither does.
 */
export function openSuggestionsRefusal(
  titulo: string,
  plano: number,
  open: ReadonlyArray<{ titulo: string; cod_plano: number | null }>,
  limite: number,
): "solicitacao_duplicada" | "limite_solicitacoes" | null {
  const title = fold(titulo);
  if (open.some((s) => s.cod_plano === plano && fold(s.titulo) === title)) return "solicitacao_duplicada";
  if (open.length >= limite) return "limite_solicitacoes";
  return null;
}

export type ProfessorSuggestionOutcome =
  | { ok: true; suggestion: Stored }
  | FieldsRefused
  | Refused<"somente_professor" | "atividade_negada" | "solicitacao_duplicada" | "limite_solicitacoes">;

/**
 * A professor's suggestion for the bibliography of one of their teaching plans (spec §6 "teachers are pointed to a
 * separate purchase-suggestion route"). Only professors (`somente_professor`); the patron's field rules plus
 * `professorFieldProblems`; then `openSuggestionsRefusal`.
 */
export async function createProfessorSuggestion(db: Db, codPessoa: number, p: ProfessorSuggestionPayload): Promise<ProfessorSuggestionOutcome> {
  const who = await professorFacts(db, codPessoa);
  if (!who || Number(who.professor) !== 1) return refused("somente_professor");
  if (!(await categoryAllows(db, codPessoa, SUGGESTION_ACTIVITY))) return refused("atividade_negada");
  const library = await libraryOf(db, p);
  const plan = p.plano != null && (await isOwnTeachingPlan(db, p.plano, codPessoa));
  const badFields = fieldsRefused({ ...suggestionFieldProblems(p, library ?? null), ...professorFieldProblems(p, plan) });
  if (badFields) return badFields;

  const open = await planSuggestionsInStatus(db, codPessoa, OPEN_SUGGESTION_STATUSES);
  const refusal = openSuggestionsRefusal(p.titulo!, p.plano!, open, Number(who.limite_solicitacoes));
  if (refusal) return refused(refusal);
  const suggestion = await insertSuggestion(db, {
    ...rowOf(codPessoa, p, library),
    cod_plano: p.plano!,
    tipo_bibliografia: p.tipo_bibliografia as BibliographyType,
    exemplares: p.exemplares!,
    justificativa: clean(p.justificativa),
  });
  return { ok: true, suggestion };
}
