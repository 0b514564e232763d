/**
 * Purchase suggestions (spec §3 "Purchase suggestion", §5): library, titulo and editor are required (editor
 * trimmed), with the message "required field not filled: <field>". The campus, when given, must be the
 * library's. Categories without activity 12 may not suggest (spec §6).
 */
import { BIBLIOGRAPHY_TYPES, MAX_COPIES, type BibliographyType } from "../../contract/professor-suggestion.ts";
import type { Db } from "../db/index.ts";
import type { Lang } from "../lib/messages.ts";
import { ApiError } from "../lib/errors.ts";
import { categoryAllows, ruleError, ruleMessage } from "./holds.ts";

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

/** The names the "required field not filled" message gives (a professor's suggestion has three more, ADR 195). */
const FIELD_NAMES: Record<"biblioteca" | "titulo" | "editor" | "plano" | "tipo_bibliografia" | "exemplares", Record<Lang, string>> = {
  biblioteca: { pt: "Biblioteca", es: "Biblioteca", en: "Library" },
  titulo: { pt: "Título", es: "Título", en: "Title" },
  editor: { pt: "Editora", es: "Editorial", en: "Publisher" },
  plano: { pt: "Disciplina", es: "Asignatura", en: "Discipline" },
  tipo_bibliografia: { pt: "Bibliografia", es: "Bibliografía", en: "Bibliography" },
  exemplares: { pt: "Número de exemplares", es: "Número de ejemplares", en: "Number of copies" },
};

type Errors = Record<string, string[]>;
const clean = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

/** The spec §5 field rules shared by every suggestion: fills `errors`, returns the library's campus when it exists. */
const requiredIn = (lang: Lang, errors: Errors) => (field: keyof typeof FIELD_NAMES) =>
  (errors[field] = [ruleMessage(lang, "campo_nao_preenchido", { campo: FIELD_NAMES[field][lang] })]);

async function checkFields(db: Db, lang: Lang, p: SuggestionPayload, invalid: string, errors: Errors) {
  const required = requiredIn(lang, errors);
  if (p.biblioteca == null) required("biblioteca");
  if (!clean(p.titulo)) required("titulo");
  if (!clean(p.editor)) required("editor");
  let library: { cod_campus: number } | undefined;
  if (p.biblioteca != null) {
    library = await db.selectFrom("biblioteca").select("cod_campus").where("cod_biblioteca", "=", p.biblioteca).executeTakeFirst();
    if (!library) errors.biblioteca = [invalid];
    else if (p.campus != null && library.cod_campus !== p.campus) errors.campus = [invalid];
  }
  return library;
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

const RETURNED = ["cod_sugestao", "situacao", "created_at"] as const;

/** Stores a suggestion (situacao `pre_sugestao`); throws 403 or 422 with field errors. */
export async function createSuggestion(db: Db, lang: Lang, codPessoa: number, p: SuggestionPayload, invalid: string) {
  if (!(await categoryAllows(db, codPessoa, SUGGESTION_ACTIVITY))) throw ruleError(lang, "atividade_negada", 403);
  const errors: Errors = {};
  const library = await checkFields(db, lang, p, invalid, errors);
  if (Object.keys(errors).length > 0) throw new ApiError(422, "validacao", { code: "validacao", errors });
  return db
    .insertInto("sugestao_aquisicao")
    .values(rowOf(codPessoa, p, library))
    .returning(RETURNED)
    .executeTakeFirstOrThrow();
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
 * A professor's suggestion for the bibliography of one of their teaching plans (spec §6 "teachers are pointed to a
 * separate purchase-suggestion route"). Only professors (403 `somente_professor`); the patron's field rules plus
 * the plan (theirs), the bibliography type and the copies (1 to MAX_COPIES); then 422 `solicitacao_duplicada` for the
 * same title open for the same plan, and 422 `limite_solicitacoes` at the category's limit of open suggestions.
 */
export async function createProfessorSuggestion(db: Db, lang: Lang, codPessoa: number, p: ProfessorSuggestionPayload, invalid: string) {
  const who = await db
    .selectFrom("pessoa as p")
    .innerJoin("categoria as k", "k.cod_categoria", "p.cod_categoria")
    .select(["k.professor", "k.limite_solicitacoes"])
    .where("p.cod_pessoa", "=", codPessoa)
    .executeTakeFirst();
  if (!who || Number(who.professor) !== 1) throw ruleError(lang, "somente_professor", 403);
  if (!(await categoryAllows(db, codPessoa, SUGGESTION_ACTIVITY))) throw ruleError(lang, "atividade_negada", 403);
  const errors: Errors = {};
  const library = await checkFields(db, lang, p, invalid, errors);
  const required = requiredIn(lang, errors);
  if (p.plano == null) required("plano");
  else {
    const plan = await db
      .selectFrom("plano_ensino")
      .select("cod_plano")
      .where("cod_plano", "=", p.plano)
      .where("cod_professor", "=", codPessoa)
      .executeTakeFirst();
    if (!plan) errors.plano = [invalid];
  }
  if (p.tipo_bibliografia == null || p.tipo_bibliografia === "") required("tipo_bibliografia");
  else if (!(BIBLIOGRAPHY_TYPES as readonly string[]).includes(p.tipo_bibliografia)) errors.tipo_bibliografia = [invalid];
  if (p.exemplares == null) required("exemplares");
  else if (!Number.isInteger(p.exemplares) || p.exemplares < 1 || p.exemplares > MAX_COPIES) errors.exemplares = [invalid];
  if (Object.keys(errors).length > 0) throw new ApiError(422, "validacao", { code: "validacao", errors });

  const open = await db
    .selectFrom("sugestao_aquisicao")
    .select(["titulo", "cod_plano"])
    .where("cod_pessoa", "=", codPessoa)
    .where("cod_plano", "is not", null)
    .where("situacao", "in", OPEN_SUGGESTION_STATUSES)
    .execute();
  const title = fold(p.titulo!);
  // A duplicate is reported before the limit, as for the other requests (ADR 091).
  if (open.some((s) => s.cod_plano === p.plano && fold(s.titulo) === title)) throw ruleError(lang, "solicitacao_duplicada");
  if (open.length >= Number(who.limite_solicitacoes)) throw ruleError(lang, "limite_solicitacoes");
  return db
    .insertInto("sugestao_aquisicao")
    .values({
      ...rowOf(codPessoa, p, library),
      cod_plano: p.plano!,
      tipo_bibliografia: p.tipo_bibliografia as BibliographyType,
      exemplares: p.exemplares!,
      justificativa: clean(p.justificativa),
    })
    .returning(RETURNED)
    .executeTakeFirstOrThrow();
}
