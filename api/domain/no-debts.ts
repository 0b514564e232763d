/**
 * The no-debts declaration (declaração de nada consta, spec §4, §7; ADR 192): a patron with no loan, no hold and
 * no open debit may have one; issuing it ends the patron's link with the information unit, so it is issued once
 * and later requests answer the same declaration. Each carries a public verification code.
 * Rules only: outcomes and reason codes, never HTTP statuses or translated text.
 */
import { randomInt } from "node:crypto";
import {
  activeHoldCount,
  declarationByCode,
  declarationOf,
  declarationPerson,
  insertDeclarationAndUnlink,
  openLoanCount,
  type DeclarationRow,
} from "../db/declarations.ts";
import type { Db } from "../db/index.ts";
import { openDebits } from "./gru.ts";
import { isUniqueViolation } from "./holds.ts";

/** What stops a declaration: something on loan, an active hold, an open debit. */
export const NO_DEBTS_REASONS = ["emprestimos", "reservas", "debitos"] as const;
export type NoDebtsReason = (typeof NO_DEBTS_REASONS)[number];
export interface Pending {
  codigo: NoDebtsReason;
  quantidade: number;
}

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A new verification code: 12 characters from CODE_ALPHABET in three groups (`7KQ2-M9XD-4HTP`). */
export function newVerificationCode(): string {
  const chars = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** A typed code in its stored form (upper case, three groups of four), or null when it cannot be one. */
export function normalizeVerificationCode(input: string): string | null {
  const plain = input.toUpperCase().replace(/[\s-]/g, "");
  if (!/^[A-Z0-9]{12}$/.test(plain)) return null;
  return `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8)}`;
}

/** Why the patron cannot have a declaration now: each kind of pending item with how many; empty when none. */
export async function pendingItems(db: Db, codPessoa: number): Promise<Pending[]> {
  const [loans, holds, debits] = await Promise.all([openLoanCount(db, codPessoa), activeHoldCount(db, codPessoa), openDebits(db, codPessoa)]);
  const counts: Record<NoDebtsReason, number> = { emprestimos: loans, reservas: holds, debitos: debits.length };
  return NO_DEBTS_REASONS.filter((r) => counts[r] > 0).map((codigo) => ({ codigo, quantidade: counts[codigo] }));
}

/** The patron's situation: the declaration already issued (if any) and what stops a new one. */
export async function noDebtsStatus(db: Db, codPessoa: number): Promise<{ declaracao: DeclarationRow | null; pendencias: Pending[] }> {
  const declaracao = (await declarationOf(db, codPessoa)) ?? null;
  return { declaracao, pendencias: declaracao ? [] : await pendingItems(db, codPessoa) };
}

export type IssueOutcome = { ok: true; declaration: DeclarationRow; created: boolean } | { ok: false; pendencias: Pending[] };

/**
 * Issues the patron's declaration, or answers the one already issued (a repeated or concurrent confirmation
 * never makes two: one row per patron, database-enforced). Refused while anything is pending.
 */
export async function issueDeclaration(db: Db, codPessoa: number, now: number): Promise<IssueOutcome> {
  const existing = await declarationOf(db, codPessoa);
  if (existing) return { ok: true, declaration: existing, created: false };
  const pendencias = await pendingItems(db, codPessoa);
  if (pendencias.length) return { ok: false, pendencias };
  const person = await declarationPerson(db, codPessoa);
  const emitida_em = new Date(now).toISOString();
  for (let attempt = 0; ; attempt++) {
    const codigo = newVerificationCode();
    try {
      // Spec §4: the declaration removes the patron from the information unit (one transaction).
      await insertDeclarationAndUnlink(db, {
        cod_pessoa: codPessoa,
        codigo,
        nome_pessoa: person.nome_pessoa,
        documento: person.documento,
        categoria: person.descricao,
        emitida_em,
      });
      return { ok: true, declaration: (await declarationOf(db, codPessoa))!, created: true };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another request issued it meanwhile: answer that one. Otherwise the code collided: draw another.
      const raced = await declarationOf(db, codPessoa);
      if (raced) return { ok: true, declaration: raced, created: false };
      if (attempt >= 4) throw err;
    }
  }
}

/** Public check of a verification code: the declaration it names, or null (unknown or malformed). */
export async function verifyDeclaration(db: Db, input: string): Promise<DeclarationRow | null> {
  const codigo = normalizeVerificationCode(input);
  return codigo ? ((await declarationByCode(db, codigo)) ?? null) : null;
}
