/**
 * Loan renewal rules (ADR 120). Rules only: each loan gets an outcome, renewable with its new due date or not
 * with a reason code; the route maps codes to words. The database makes a repeated submission renew once.
 */
import { applyRenewal, currentLoans, patronFacts, renewalByKey, type LoanFacts, type PatronFacts } from "../db/loans.ts";
import type { Db } from "../db/index.ts";
import type { RenewalReason } from "../../contract/loans.ts";

export type RenewalCheck = { ok: true; novaData: string } | { ok: false; motivo: RenewalReason };

const DAY = 86_400_000;

/** Loan kinds (spec §3) that can be renewed at all; hourly loans have their own reason. */
const RENEWABLE_KINDS = new Set(["emprestado", "diario"]);

/**
 * Whether one loan can be renewed now, and to which date. The new due date counts the category's renewal
 * days from today; a renewal that would not move the date later is refused as too early.
 */
export function checkRenewal(loan: LoanFacts, patron: PatronFacts, now: number): RenewalCheck {
  if (patron.bloqueado) return { ok: false, motivo: "bloqueado" };
  if (patron.debito_aberto > patron.limite_debito) return { ok: false, motivo: "debito" };
  if (loan.tipo === "horario") return { ok: false, motivo: "horario" };
  if (!RENEWABLE_KINDS.has(loan.tipo)) return { ok: false, motivo: "tipo" };
  if (loan.reservas_outros > 0) return { ok: false, motivo: "reservado" };
  if (loan.renovacoes >= loan.limite_renovacoes) return { ok: false, motivo: "limite" };
  const due = Date.parse(loan.data_devolucao_prevista);
  if (due < now && !loan.renova_atrasado) return { ok: false, motivo: "atrasado" };
  const nova = endOfDay(now + loan.renovacao_dias * DAY);
  if (Date.parse(nova) <= due) return { ok: false, motivo: "cedo" };
  return { ok: true, novaData: nova };
}

/** 23:59:59 UTC of the day of `ms`: a due date is a day, not an instant. */
function endOfDay(ms: number): string {
  const d = new Date(ms);
  d.setUTCHours(23, 59, 59, 0);
  return d.toISOString();
}

export interface LoanWithRenewal extends LoanFacts {
  atrasado: boolean;
  renovavel: boolean;
  motivo: RenewalReason | null;
}

/** The patron's current loans, each saying whether it can be renewed now and, if not, why. */
export async function loansWithRenewal(db: Db, codPessoa: number, now: number): Promise<LoanWithRenewal[]> {
  const [loans, patron] = await Promise.all([currentLoans(db, codPessoa), patronFacts(db, codPessoa)]);
  return loans.map((l) => {
    const check = checkRenewal(l, patron, now);
    return { ...l, atrasado: Date.parse(l.data_devolucao_prevista) < now, renovavel: check.ok, motivo: check.ok ? null : check.motivo };
  });
}

export type RenewalOutcome =
  | { cod_emprestimo: number; titulo: string | null; renovado: true; data_devolucao_prevista: string }
  | { cod_emprestimo: number; titulo: string | null; renovado: false; motivo: RenewalReason; data_devolucao_prevista: string | null };

/**
 * Renews the given loans (or every current loan when `ids` is "all"). A (loan, key) pair renews at most
 * once: the same form submitted twice answers the first renewal again instead of renewing twice.
 */
export async function renewLoans(db: Db, codPessoa: number, ids: number[] | "all", chave: string, now: number): Promise<RenewalOutcome[]> {
  const patron = await patronFacts(db, codPessoa);
  const loans = await currentLoans(db, codPessoa, ids === "all" ? undefined : ids);
  const byId = new Map(loans.map((l) => [l.cod_emprestimo, l]));
  const wanted = ids === "all" ? loans.map((l) => l.cod_emprestimo) : [...new Set(ids)];
  const out: RenewalOutcome[] = [];
  for (const id of wanted) {
    const loan = byId.get(id);
    if (!loan) {
      out.push({ cod_emprestimo: id, titulo: null, renovado: false, motivo: "nao_encontrado", data_devolucao_prevista: null });
      continue;
    }
    out.push(await renewOne(db, codPessoa, loan, patron, chave, now));
  }
  return out;
}

async function renewOne(db: Db, codPessoa: number, loan: LoanFacts, patron: PatronFacts, chave: string, now: number): Promise<RenewalOutcome> {
  const base = { cod_emprestimo: loan.cod_emprestimo, titulo: loan.titulo };
  const done = await renewalByKey(db, loan.cod_emprestimo, chave);
  if (done) return { ...base, renovado: true, data_devolucao_prevista: done.data_devolucao_nova };
  const check = checkRenewal(loan, patron, now);
  if (!check.ok) return { ...base, renovado: false, motivo: check.motivo, data_devolucao_prevista: loan.data_devolucao_prevista };
  const applied = await applyRenewal(db, {
    cod_emprestimo: loan.cod_emprestimo,
    cod_pessoa: codPessoa,
    chave,
    renovacoes: loan.renovacoes,
    anterior: loan.data_devolucao_prevista,
    nova: check.novaData,
  });
  if (applied) return { ...base, renovado: true, data_devolucao_prevista: check.novaData };
  // A concurrent submission won: answer what it did (same key) or re-check against the loan as it is now.
  const again = await renewalByKey(db, loan.cod_emprestimo, chave);
  if (again) return { ...base, renovado: true, data_devolucao_prevista: again.data_devolucao_nova };
  const [fresh] = await currentLoans(db, codPessoa, [loan.cod_emprestimo]);
  if (!fresh) return { ...base, renovado: false, motivo: "nao_encontrado", data_devolucao_prevista: null };
  const recheck = checkRenewal(fresh, patron, now);
  return { ...base, renovado: false, motivo: recheck.ok ? "limite" : recheck.motivo, data_devolucao_prevista: fresh.data_devolucao_prevista };
}
