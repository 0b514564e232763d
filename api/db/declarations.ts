/**
 * Storage of no-debts declarations and absences (migration 071, ADR 192). Queries only; the rules (what stops a
 * declaration, the verification code) live in api/domain/no-debts.ts.
 */
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
