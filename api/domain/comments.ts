/**
 * Comments (spec §3 "Comment", §4 "sent → awaiting approval → shown", §5, §8): on a title or general
 * (footer, `cod_acervo` null). Every comment starts awaiting moderation; a patron may have at most the
 * category's `limite_comentarios` awaiting approval at once.
 */
import { commentsAwaitingCount, insertComment, libraryRow, titleComments, titleRow } from "../db/comments.ts";
import type { Db } from "../db/index.ts";
import { categoryAllows, patronLimits } from "./holds.ts";
import { fieldsRefused, refused, type FieldProblems, type FieldsRefused, type NotFound, type Refused } from "./refusals.ts";
import { COMMENT_MAX_LENGTH } from "../../contract/request-fields.ts";

/** Activity that allows comments (spec §6). */
export const COMMENT_ACTIVITY = 13;
/** Longest comment accepted, in characters. */

export interface CommentView {
  cod_comentario: number;
  texto: string;
  data_envio: string;
  /** The author's first name only: comments are public, their authors' full names are not. */
  autor: string;
  biblioteca: string;
  situacao: "aguardando" | "aprovado";
  proprio: boolean;
}

/** Approved comments of a title, plus the viewer's own awaiting approval; newest first. */
export async function listComments(db: Db, codAcervo: number, viewer: number | null): Promise<CommentView[]> {
  const rows = await titleComments(db, codAcervo, viewer);
  return rows.map((r) => ({
    cod_comentario: r.cod_comentario,
    texto: r.texto,
    data_envio: r.data_envio,
    autor: r.nome_pessoa.trim().split(/\s+/)[0] ?? "",
    biblioteca: r.desc_biblioteca,
    situacao: r.situacao === "aprovado" ? "aprovado" : "aguardando",
    proprio: viewer != null && r.cod_pessoa === viewer,
  }));
}

export type PostCommentOutcome =
  | { ok: true; comment: { cod_comentario: number; situacao: string; data_envio: string } }
  | NotFound
  | FieldsRefused
  | Refused<"atividade_negada" | "limite_comentarios">;

/** The comment's own fields: a text of 1 to COMMENT_MAX_LENGTH characters, and a library (`libraryExists`: a known one). */
export function commentFieldProblems(texto: string, biblioteca: number | null, libraryExists: boolean): FieldProblems {
  const problems: FieldProblems = {};
  const text = texto.trim();
  if (!text) problems.texto = "obrigatorio";
  else if (text.length > COMMENT_MAX_LENGTH) problems.texto = "invalido";
  if (biblioteca == null) problems.biblioteca = "obrigatorio";
  else if (!libraryExists) problems.biblioteca = "invalido";
  return problems;
}

/**
 * Posts a comment awaiting approval, or answers why not: an unknown title, a category that may not comment
 * (`atividade_negada`), field problems (library, text), or `limite_comentarios` (spec §8 "comment not sent").
 */
export async function postComment(
  db: Db,
  codPessoa: number,
  input: { codAcervo: number | null; texto: string; biblioteca: number | null },
): Promise<PostCommentOutcome> {
  if (input.codAcervo != null) {
    const title = await titleRow(db, input.codAcervo);
    if (!title) return refused("nao_encontrado");
  }
  if (!(await categoryAllows(db, codPessoa, COMMENT_ACTIVITY))) return refused("atividade_negada");
  const lib = input.biblioteca == null ? undefined : await libraryRow(db, input.biblioteca);
  const badFields = fieldsRefused(commentFieldProblems(input.texto, input.biblioteca, Boolean(lib)));
  if (badFields) return badFields;

  const limits = await patronLimits(db, codPessoa);
  const waiting = await commentsAwaitingCount(db, codPessoa);
  if (Number(waiting.n) >= limits.limite_comentarios) return refused("limite_comentarios");

  const comment = await insertComment(db, {
    cod_acervo: input.codAcervo,
    cod_pessoa: codPessoa,
    cod_biblioteca: input.biblioteca!,
    texto: input.texto.trim(),
  });
  return { ok: true, comment };
}
