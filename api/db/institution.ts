/** The institution's settings that more than one API group reads. */
import type { Db } from "./index.ts";
import { timeZoneOr } from "../../contract/time-zone.ts";

/** The library's time zone (`parametros.fuso_horario`, ADR 226); the default when unset or unknown. */
export async function libraryTimeZone(db: Db): Promise<string> {
  const row = await db.selectFrom("instituicao").select("parametros").orderBy("cod_empresa").executeTakeFirst();
  let p: Record<string, unknown> = {};
  try {
    p = JSON.parse(row?.parametros ?? "{}") as Record<string, unknown>;
  } catch {
    p = {};
  }
  return timeZoneOr(p.fuso_horario);
}

/** The institution's row (the first one), with its parameters document as stored (JSON text); undefined before the first start. */
export const institutionRow = (db: Db) => db.selectFrom("instituicao").selectAll().orderBy("cod_empresa").executeTakeFirst();

/** The institution's parameters document (JSON text), of the first institution. */
export const institutionParameters = async (db: Db) =>
  (await db.selectFrom("instituicao").select("parametros").orderBy("cod_empresa").executeTakeFirst())?.parametros;

/** The institution's acronym and name (empty before the first start). */
export async function institutionNames(db: Db): Promise<{ sigla: string; nome: string }> {
  const row = await db.selectFrom("instituicao").select(["sigla", "nome"]).orderBy("cod_empresa").executeTakeFirst();
  return { sigla: row?.sigla ?? "", nome: row?.nome ?? "" };
}
