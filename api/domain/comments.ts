/**
 * Comments (spec §3 "Comment", §4 "sent → awaiting approval → shown", §5, §8): on a title or general
 * (footer, `cod_acervo` null). Every comment starts awaiting moderation; a patron may have at most the
 * category's `limite_comentarios` awaiting approval at once.
 */
import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { prepared } from "../db/prepared.ts";
import { ApiError } from "../lib/errors.ts";
import type { Lang } from "../lib/messages.ts";
import { categoryAllows, patronLimits, ruleError } from "./holds.ts";

/** Activity that allows comments (spec §6). */
export const COMMENT_ACTIVITY = 13;
/** Longest comment accepted, in characters. */
export const COMMENT_MAX_LENGTH = 2000;

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

/** A title's comments (built and compiled once, ADR 210): a null viewer's equality is never true, so only the approved. */
const TITLE_COMMENTS = prepared((db, p: { id: number; viewer: number | null }) =>
  db
    .selectFrom("comentario as c")
    .innerJoin("pessoa as p", "p.cod_pessoa", "c.cod_pessoa")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "c.cod_biblioteca")
    .select(["c.cod_comentario", "c.texto", "c.data_envio", "c.situacao", "c.cod_pessoa", "p.nome_pessoa", "b.desc_biblioteca"])
    .where("c.cod_acervo", "=", p.id)
    .where((eb) => eb.or([eb("c.situacao", "=", "aprovado"), eb.and([eb("c.situacao", "=", "aguardando"), eb("c.cod_pessoa", "=", p.viewer)])]))
    .orderBy("c.data_envio", "desc")
    .orderBy("c.cod_comentario", "desc"),
);

/** Approved comments of a title, plus the viewer's own awaiting approval; newest first. */
export async function listComments(db: Db, codAcervo: number, viewer: number | null): Promise<CommentView[]> {
  const rows = await TITLE_COMMENTS.all(db, { id: codAcervo, viewer });
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

/**
 * Posts a comment awaiting approval. Throws 403 (`atividade_negada`) when the patron's category may not
 * comment, 422 with field errors (library, text) or `limite_comentarios` (spec §8 "comment not sent").
 */
export async function postComment(
  db: Db,
  lang: Lang,
  codPessoa: number,
  input: { codAcervo: number | null; texto: string; biblioteca: number | null },
  msgs: { required: string; invalid: string },
): Promise<{ cod_comentario: number; situacao: string; data_envio: string }> {
  if (input.codAcervo != null) {
    const title = await db.selectFrom("acervo").select("cod_acervo").where("cod_acervo", "=", input.codAcervo).executeTakeFirst();
    if (!title) throw new ApiError(404, "nao_encontrado");
  }
  if (!(await categoryAllows(db, codPessoa, COMMENT_ACTIVITY))) throw ruleError(lang, "atividade_negada", 403);
  const errors: Record<string, string[]> = {};
  const texto = input.texto.trim();
  if (!texto) errors.texto = [msgs.required];
  else if (texto.length > COMMENT_MAX_LENGTH) errors.texto = [msgs.invalid];
  if (input.biblioteca == null) errors.biblioteca = [msgs.required];
  else {
    const lib = await db.selectFrom("biblioteca").select("cod_biblioteca").where("cod_biblioteca", "=", input.biblioteca).executeTakeFirst();
    if (!lib) errors.biblioteca = [msgs.invalid];
  }
  if (Object.keys(errors).length > 0) throw new ApiError(422, "validacao", { code: "validacao", errors });

  const limits = await patronLimits(db, codPessoa);
  const waiting = await db
    .selectFrom("comentario")
    .select(sql<number>`count(*)`.as("n"))
    .where("cod_pessoa", "=", codPessoa)
    .where("situacao", "=", "aguardando")
    .executeTakeFirstOrThrow();
  if (Number(waiting.n) >= limits.limite_comentarios) throw ruleError(lang, "limite_comentarios");

  return db
    .insertInto("comentario")
    .values({ cod_acervo: input.codAcervo, cod_pessoa: codPessoa, cod_biblioteca: input.biblioteca!, texto, situacao: "aguardando" })
    .returning(["cod_comentario", "situacao", "data_envio"])
    .executeTakeFirstOrThrow();
}
