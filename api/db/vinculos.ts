/** Storage of the /api/vinculos and /api/acesso-restrito groups: titles' covers and online links, and the accesses counted. */
import type { Db } from "./index.ts";

/** The title's id and cover address; undefined when there is no such title. */
export const titleCover = (db: Db, codAcervo: number) =>
  db.selectFrom("acervo").select(["cod_acervo", "link_capa"]).where("cod_acervo", "=", codAcervo).executeTakeFirst();

/** The online links of the titles, by link code. */
export const linksOfTitles = (db: Db, codAcervos: number[]) =>
  db
    .selectFrom("acervo_link")
    .select(["cod_acervo", "cod_link", "url", "descricao", "restrito", "acessibilidade"])
    .where("cod_acervo", "in", codAcervos)
    .orderBy("cod_link")
    .execute();

/** One online link of a title; undefined when the title has no such link. */
export const titleLink = (db: Db, codAcervo: number, codLink: number) =>
  db
    .selectFrom("acervo_link")
    .select(["cod_link", "url", "restrito"])
    .where("cod_link", "=", codLink)
    .where("cod_acervo", "=", codAcervo)
    .executeTakeFirst();

/** Counts an access to a title or one of its links (statistics; the patron when known). */
export const recordAccessStatistic = (db: Db, row: { cod_acervo: number; cod_link: number | null; origem: string; cod_pessoa: number | null }) =>
  db.insertInto("estatistica_acesso").values(row).execute();

/** Logs a patron's opening of a restricted link. */
export const recordLinkAccess = (
  db: Db,
  row: { cod_link: number; cod_pessoa: number; navegador: string | null; dispositivo: string | null; sistema: string | null },
) => db.insertInto("acesso_link").values(row).execute();
