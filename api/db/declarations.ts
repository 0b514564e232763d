/**
 * Storage of no-debts declarations and absences (migration 071, ADR 192). Queries only; the rules (what stops a
 * declaration, the verification code) live in api/domain/no-debts.ts.
 */
import type { Generated } from "kysely";
import type { Db } from "./index.ts";

export interface NadaConstaTable {
  cod_declaracao: Generated<number>;
  cod_pessoa: number;
  codigo: string;
  nome_pessoa: string;
  documento: string | null;
  categoria: string;
  emitida_em: Generated<string>;
}

export interface AfastamentoTable {
  cod_afastamento: Generated<number>;
  cod_pessoa: number;
  motivo: string;
  data_inicio: string;
  data_fim: string | null;
  observacao: string | null;
}

/** The shared DB type plus this module's tables (kept here so the shared row types need no edit). */
export const withDeclarationTables = (db: Db) => db.withTables<{ nada_consta: NadaConstaTable; afastamento: AfastamentoTable }>();

export type DeclarationRow = { cod_pessoa: number; codigo: string; nome_pessoa: string; documento: string | null; categoria: string; emitida_em: string };
const COLUMNS = ["cod_pessoa", "codigo", "nome_pessoa", "documento", "categoria", "emitida_em"] as const;

/** The patron's declaration, or undefined. */
export function declarationOf(db: Db, codPessoa: number): Promise<DeclarationRow | undefined> {
  return withDeclarationTables(db).selectFrom("nada_consta").select(COLUMNS).where("cod_pessoa", "=", codPessoa).executeTakeFirst();
}

/** The declaration with this verification code, or undefined. */
export function declarationByCode(db: Db, codigo: string): Promise<DeclarationRow | undefined> {
  return withDeclarationTables(db).selectFrom("nada_consta").select(COLUMNS).where("codigo", "=", codigo).executeTakeFirst();
}

/** The patron's absences, latest start first. */
export function absencesOf(db: Db, codPessoa: number) {
  return withDeclarationTables(db)
    .selectFrom("afastamento")
    .select(["cod_afastamento", "motivo", "data_inicio", "data_fim", "observacao"])
    .where("cod_pessoa", "=", codPessoa)
    .orderBy("data_inicio", "desc")
    .orderBy("cod_afastamento", "desc")
    .execute();
}
