/**
 * Storage of no-debts declarations and absences (migration 071, ADR 192). Queries only; the rules (what stops a
 * declaration, the verification code) live in api/domain/no-debts.ts.
 */
import { sql } from "kysely";
import type { Db } from "./index.ts";

export type DeclarationRow = {
  cod_pessoa: number;
  codigo: string;
  nome_pessoa: string;
  documento: string | null;
  categoria: string;
  emitida_em: string;
};
const COLUMNS = ["cod_pessoa", "codigo", "nome_pessoa", "documento", "categoria", "emitida_em"] as const;

/** The patron's declaration, or undefined. */
export function declarationOf(db: Db, codPessoa: number): Promise<DeclarationRow | undefined> {
  return db.selectFrom("nada_consta").select(COLUMNS).where("cod_pessoa", "=", codPessoa).executeTakeFirst();
}

/** The declaration with this verification code, or undefined. */
export function declarationByCode(db: Db, codigo: string): Promise<DeclarationRow | undefined> {
  return db.selectFrom("nada_consta").select(COLUMNS).where("codigo", "=", codigo).executeTakeFirst();
}

/** The patron's absences, latest start first. */
export function absencesOf(db: Db, codPessoa: number) {
  return db
    .selectFrom("afastamento")
    .select(["cod_afastamento", "motivo", "data_inicio", "data_fim", "observacao"])
    .where("cod_pessoa", "=", codPessoa)
    .orderBy("data_inicio", "desc")
    .orderBy("cod_afastamento", "desc")
    .execute();
}

/** Holds that still bind the patron (waiting or ready for pickup). */
const ACTIVE_HOLDS = ["ativa", "disponivel"];

/** How many loans the patron has not returned. */
export async function openLoanCount(db: Db, codPessoa: number): Promise<number> {
  const row = await db
    .selectFrom("emprestimo")
    .select(sql<number>`count(*)`.as("n"))
    .where("cod_pessoa", "=", codPessoa)
    .where("data_devolucao", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many holds still bind the patron (waiting or ready for pickup). */
export async function activeHoldCount(db: Db, codPessoa: number): Promise<number> {
  const row = await db
    .selectFrom("reserva")
    .select(sql<number>`count(*)`.as("n"))
    .where("cod_pessoa", "=", codPessoa)
    .where("situacao", "in", ACTIVE_HOLDS)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a declaration records of the patron: name, document and category name. Throws for an unknown patron. */
export function declarationPerson(db: Db, codPessoa: number) {
  return db
    .selectFrom("pessoa as p")
    .innerJoin("categoria as k", "k.cod_categoria", "p.cod_categoria")
    .select(["p.nome_pessoa", "p.documento", "k.descricao"])
    .where("p.cod_pessoa", "=", codPessoa)
    .executeTakeFirstOrThrow();
}

/**
 * Writes a declaration and, in the same transaction, marks the patron unlinked from the information unit at its
 * issue time. A unique violation (the patron's declaration, or the code, already stored) rolls both back.
 */
export async function insertDeclarationAndUnlink(
  db: Db,
  row: { cod_pessoa: number; codigo: string; nome_pessoa: string; documento: string | null; categoria: string; emitida_em: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("nada_consta").values(row).execute();
    await trx.updateTable("pessoa").set({ desvinculado_em: row.emitida_em }).where("cod_pessoa", "=", row.cod_pessoa).execute();
  });
}
