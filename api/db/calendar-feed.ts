/** Storage of the patrons' private calendar feeds (table `calendario_feed`, ADR 120): only the token's hash is kept. */
import type { Db } from "./index.ts";

/** When the patron's feed was created; undefined when there is none. */
export async function feedCreatedAt(db: Db, codPessoa: number): Promise<string | undefined> {
  return (await db.selectFrom("calendario_feed").select("created_at").where("cod_pessoa", "=", codPessoa).executeTakeFirst())?.created_at;
}

/** Replaces the patron's feed with one of this token hash, in one transaction. */
export async function replaceFeed(db: Db, codPessoa: number, tokenHash: string, createdAt: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("calendario_feed").where("cod_pessoa", "=", codPessoa).execute();
    await trx.insertInto("calendario_feed").values({ cod_pessoa: codPessoa, token_hash: tokenHash, created_at: createdAt }).execute();
  });
}

/** Ends the patron's feed. */
export async function deleteFeed(db: Db, codPessoa: number): Promise<void> {
  await db.deleteFrom("calendario_feed").where("cod_pessoa", "=", codPessoa).execute();
}

/** The patron whose feed has this token hash; undefined when none. */
export async function feedOwner(db: Db, tokenHash: string): Promise<number | undefined> {
  return (await db.selectFrom("calendario_feed").select("cod_pessoa").where("token_hash", "=", tokenHash).executeTakeFirst())?.cod_pessoa;
}
