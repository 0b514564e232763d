/**
 * Storage of what a patron wants to be told and how (table `preferencia_notificacao`, ADR 248), of the patron's
 * language (ADR 254) and of the key that signs unsubscribe links.
 */
import type { Db } from "./index.ts";

/** The patron's old single "receive e-mails" flag and their stored choice per event. */
export function storedPreferences(db: Db, codPessoa: number) {
  return Promise.all([
    db.selectFrom("pessoa").select("recebe_email").where("cod_pessoa", "=", codPessoa).executeTakeFirst(),
    db.selectFrom("preferencia_notificacao").select(["evento", "email", "app", "dias"]).where("cod_pessoa", "=", codPessoa).execute(),
  ]);
}

/** Writes each event's choice (insert or replace), all in one transaction. */
export async function upsertPreferences(
  db: Db,
  codPessoa: number,
  rows: Array<{ evento: string; email: number; app: number; dias: number | null }>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { evento, ...values } of rows) {
      await trx
        .insertInto("preferencia_notificacao")
        .values({ cod_pessoa: codPessoa, evento, ...values })
        .onConflict((oc) => oc.columns(["cod_pessoa", "evento"]).doUpdateSet(values))
        .execute();
    }
  });
}

/** Sets the patron's language, writing only when it changes. */
export async function setPatronLanguage(db: Db, codPessoa: number, idioma: string): Promise<void> {
  await db
    .updateTable("pessoa")
    .set({ idioma })
    .where("cod_pessoa", "=", codPessoa)
    .where((eb) => eb.or([eb("idioma", "is", null), eb("idioma", "!=", idioma)]))
    .execute();
}

/** The key that signs unsubscribe links (made by a migration). */
export async function unsubscribeKey(db: Db): Promise<string> {
  const row = await db.selectFrom("chave_assinatura").select("valor").where("nome", "=", "descadastro").executeTakeFirstOrThrow();
  return row.valor;
}

/** The name of a patron's saved search; undefined when it is gone or not theirs. */
export async function savedSearchName(db: Db, codPessoa: number, id: number): Promise<string | undefined> {
  const row = await db.selectFrom("pesquisa_salva").select("nome").where("id", "=", id).where("cod_pessoa", "=", codPessoa).executeTakeFirst();
  return row?.nome;
}

/** Turns off a patron's saved search's alert; false when it is not theirs. */
export async function clearSavedSearchAlert(db: Db, codPessoa: number, id: number): Promise<boolean> {
  const res = await db
    .updateTable("pesquisa_salva")
    .set({ alerta: null })
    .where("id", "=", id)
    .where("cod_pessoa", "=", codPessoa)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
