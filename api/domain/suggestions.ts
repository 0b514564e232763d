/**
 * Purchase suggestions (spec §3 "Purchase suggestion", §5): library, titulo and editor are required (editor
 * trimmed), with the message "required field not filled: <field>". The campus, when given, must be the
 * library's. Categories without activity 12 may not suggest (spec §6).
 */
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

const FIELD_NAMES: Record<"biblioteca" | "titulo" | "editor", Record<Lang, string>> = {
  biblioteca: { pt: "Biblioteca", es: "Biblioteca", en: "Library" },
  titulo: { pt: "Título", es: "Título", en: "Title" },
  editor: { pt: "Editora", es: "Editorial", en: "Publisher" },
};

/** Stores a suggestion (situacao `pre_sugestao`); throws 403 or 422 with field errors. */
export async function createSuggestion(db: Db, lang: Lang, codPessoa: number, p: SuggestionPayload, invalid: string) {
  if (!(await categoryAllows(db, codPessoa, SUGGESTION_ACTIVITY))) throw ruleError(lang, "atividade_negada", 403);
  const v = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
  const errors: Record<string, string[]> = {};
  const required = (field: keyof typeof FIELD_NAMES) => (errors[field] = [ruleMessage(lang, "campo_nao_preenchido", { campo: FIELD_NAMES[field][lang] })]);
  if (p.biblioteca == null) required("biblioteca");
  if (!v(p.titulo)) required("titulo");
  if (!v(p.editor)) required("editor");
  let library: { cod_campus: number } | undefined;
  if (p.biblioteca != null) {
    library = await db.selectFrom("biblioteca").select("cod_campus").where("cod_biblioteca", "=", p.biblioteca).executeTakeFirst();
    if (!library) errors.biblioteca = [invalid];
    else if (p.campus != null && library.cod_campus !== p.campus) errors.campus = [invalid];
  }
  if (Object.keys(errors).length > 0) throw new ApiError(422, "validacao", { code: "validacao", errors });
  return db
    .insertInto("sugestao_aquisicao")
    .values({
      cod_pessoa: codPessoa,
      cod_campus: p.campus ?? library?.cod_campus ?? null,
      cod_biblioteca: p.biblioteca!,
      autor: v(p.autor),
      titulo: v(p.titulo)!,
      edicao: v(p.edicao),
      editor: v(p.editor)!,
      isbn_issn: v(p.isbn_issn),
      periodico: v(p.periodico),
      outras_inf: v(p.outras_inf),
    })
    .returning(["cod_sugestao", "situacao", "created_at"])
    .executeTakeFirstOrThrow();
}
