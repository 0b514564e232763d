/** Comments storage: a title's comments, the patron's awaiting count and a new comment (domain: api/domain/comments.ts). */
import { sql } from "kysely";
import type { Db } from "./index.ts";
import { prepared } from "./prepared.ts";

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

/** Approved comments of a title plus the viewer's own awaiting approval, newest first, with author and library names. */
export function titleComments(db: Db, codAcervo: number, viewer: number | null) {
  return TITLE_COMMENTS.all(db, { id: codAcervo, viewer });
}

/** The title, if it exists. */
export function titleRow(db: Db, codAcervo: number) {
  return db.selectFrom("acervo").select("cod_acervo").where("cod_acervo", "=", codAcervo).executeTakeFirst();
}

/** The library, if it exists. */
export function libraryRow(db: Db, codBiblioteca: number) {
  return db.selectFrom("biblioteca").select("cod_biblioteca").where("cod_biblioteca", "=", codBiblioteca).executeTakeFirst();
}

/** How many of the patron's comments await approval. */
export function commentsAwaitingCount(db: Db, codPessoa: number) {
  return db
    .selectFrom("comentario")
    .select(sql<number>`count(*)`.as("n"))
    .where("cod_pessoa", "=", codPessoa)
    .where("situacao", "=", "aguardando")
    .executeTakeFirstOrThrow();
}

/** Inserts a comment awaiting approval; answers its code, state and sending time. */
export function insertComment(db: Db, c: { cod_acervo: number | null; cod_pessoa: number; cod_biblioteca: number; texto: string }) {
  return db
    .insertInto("comentario")
    .values({ ...c, situacao: "aguardando" })
    .returning(["cod_comentario", "situacao", "data_envio"])
    .executeTakeFirstOrThrow();
}
