/**
 * GRU payment slips for a patron's debits (spec §7 "POST /gru {valor, codBiblioteca}", §8 "User has no tax
 * number registered", ADR 126). A slip pays some open debits of one library; it carries a reference number,
 * a due date and a static PIX BR Code (EMV, CRC16) for the same amount. Only the library marks it paid (the
 * staff channel, ADR 113); paying settles its debits.
 */
import { randomInt } from "node:crypto";
import { createStaticPix, hasError } from "pix-utils";
import { patronDebits } from "../db/debits.ts";
import { gruDebits, gruInstitution, gruPatron, insertGru, markGruPaidAndSettleDebits, openGruFor, patronGru, patronGrus } from "../db/gru.ts";
import type { Db } from "../db/index.ts";
import { parseJsonArray, parseJsonObject } from "../lib/http.ts";
import { arrecadacaoBarcode, linhaDigitavel } from "./arrecadacao.ts";
import { round2 } from "../lib/money.ts";

/** Days from issue to the slip's due date. */
export const GRU_DUE_DAYS = 5;
/** The "código de recolhimento" of library fines at the demo institution. */
export const GRU_CODIGO_RECOLHIMENTO = "28830-6";
/** The PIX key used when the institution's parameters name none (instituicao.parametros.chave_pix). */
export const DEMO_PIX_KEY = "financeiro@biblioteca.example.org";
/** The slip's barcode (ADR 220): segment 5 (government bodies), value identifier 8 (an effective amount, módulo 11). */
export const GRU_SEGMENTO = 5;
export const GRU_ID_VALOR = 8;
/** The body's code in positions 16–19 of the demo institution's barcode (FEBRABAN assigns the real one). */
export const GRU_CODIGO_ORGAO = "0001";

/**
 * A slip's 44-digit barcode and 48-digit linha digitável. The free field (positions 20–44) is the código de
 * recolhimento without its check digit (5), the reference number (14) and the due date as YYMMDD (6).
 */
export function gruBarcode(slip: { valor: number; numero_referencia: string; vencimento: string }): {
  codigo_barras: string;
  linha_digitavel: string;
} {
  const reference = slip.numero_referencia.replace(/\D/g, "").padStart(14, "0").slice(-14);
  const due = slip.vencimento.slice(2, 10).replace(/-/g, "");
  const codigo_barras = arrecadacaoBarcode({
    segment: GRU_SEGMENTO,
    valueIdentifier: GRU_ID_VALOR,
    cents: Math.round(slip.valor * 100),
    body: GRU_CODIGO_ORGAO,
    freeField: `${GRU_CODIGO_RECOLHIMENTO.slice(0, 5)}${reference}${due}`,
  });
  return { codigo_barras, linha_digitavel: linhaDigitavel(codigo_barras) };
}

export type GruRefusal = "sem_cpf" | "debito_invalido" | "valor_divergente";

/** The patron's open debits (total still owed > 0) with their library. */
export async function openDebits(db: Db, codPessoa: number) {
  return (await patronDebits(db, codPessoa)).filter((d) => d.total > 0);
}

/** Builds the static PIX copy-and-paste code (BR Code) of `valor` for slip `referencia`. */
export function pixCode(params: { chave: string; beneficiario: string; cidade: string; valor: number; referencia: string }): string {
  const ascii = (s: string, max: number) =>
    s
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .slice(0, max);
  const pix = createStaticPix({
    merchantName: ascii(params.beneficiario, 25),
    merchantCity: ascii(params.cidade, 15),
    pixKey: params.chave,
    infoAdicional: `GRU ${params.referencia}`,
    transactionAmount: params.valor,
    txid: params.referencia.replace(/[^A-Za-z0-9]/g, "").slice(0, 25),
  });
  if (hasError(pix)) throw new Error(`PIX code: ${pix.message}`);
  return pix.toBRCode();
}

async function institution(db: Db) {
  const row = await gruInstitution(db);
  const params = parseJsonObject(row.parametros);
  return { nome: row.nome, sigla: row.sigla, chave: typeof params.chave_pix === "string" && params.chave_pix ? params.chave_pix : DEMO_PIX_KEY };
}

/**
 * `POST /gru`: issues a slip for `debitos` (default: every open debit of `codBiblioteca`). Refused when the
 * patron has no CPF, a debit is not an open debit of theirs at that library, or `valor` is not their total.
 * An open slip for exactly the same debits is answered again (`created: false`), so a double submit issues one.
 */
export async function issueGru(
  db: Db,
  codPessoa: number,
  req: { valor: number; codBiblioteca: number; debitos?: number[] },
  now: number,
): Promise<{ ok: true; cod_gru: number; created: boolean } | { ok: false; code: GruRefusal }> {
  const patron = await gruPatron(db, codPessoa);
  if (!patron.cpf?.trim()) return { ok: false, code: "sem_cpf" };
  const open = (await openDebits(db, codPessoa)).filter((d) => d.cod_biblioteca === req.codBiblioteca);
  const wanted = req.debitos ? [...new Set(req.debitos)] : open.map((d) => d.cod_debito);
  const chosen = wanted.map((id) => open.find((d) => d.cod_debito === id));
  if (chosen.length === 0 || chosen.some((d) => !d)) return { ok: false, code: "debito_invalido" };
  const total = round2(chosen.reduce((s, d) => s + d!.total, 0));
  if (Math.abs(total - req.valor) > 0.001) return { ok: false, code: "valor_divergente" };
  const ids = chosen.map((d) => d!.cod_debito).sort((a, b) => a - b);
  const key = JSON.stringify(ids);

  const existing = await openGruFor(db, codPessoa, key);
  if (existing) return { ok: true, cod_gru: Number(existing.cod_gru), created: false };

  const inst = await institution(db);
  const day = new Date(now).toISOString().slice(0, 10);
  const vencimento = new Date(now + GRU_DUE_DAYS * 86_400_000).toISOString().slice(0, 10);
  for (let attempt = 0; ; attempt++) {
    const referencia = `${day.replace(/-/g, "")}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
    try {
      const row = await insertGru(db, {
        cod_pessoa: codPessoa,
        cod_biblioteca: req.codBiblioteca,
        valor: total,
        debitos: key,
        numero_referencia: referencia,
        vencimento,
        pix: pixCode({ chave: inst.chave, beneficiario: inst.sigla || inst.nome, cidade: "Brasilia", valor: total, referencia }),
      });
      return { ok: true, cod_gru: Number(row.cod_gru), created: true };
    } catch (err) {
      // A reference number drawn twice the same day: draw again.
      if (attempt > 5 || !/unique|23505/i.test(String((err as { code?: string; message?: string }).code ?? (err as Error).message))) throw err;
    }
  }
}

/** A slip as the patron sees it (null when it is not theirs). */
export async function gruView(db: Db, codPessoa: number, codGru: number) {
  const g = await patronGru(db, codPessoa, codGru);
  if (!g) return null;
  const ids = parseJsonArray<number>(g.debitos);
  const debits = ids.length ? await gruDebits(db, ids) : [];
  const inst = await institution(db);
  const cpf = g.cpf ?? "";
  return {
    cod_gru: Number(g.cod_gru),
    cod_biblioteca: g.cod_biblioteca,
    biblioteca: g.biblioteca,
    beneficiario: inst.nome,
    codigo_recolhimento: GRU_CODIGO_RECOLHIMENTO,
    numero_referencia: g.numero_referencia,
    competencia: g.created_at.slice(0, 7),
    vencimento: g.vencimento,
    valor: Number(g.valor),
    pix: g.pix,
    ...gruBarcode({ valor: Number(g.valor), numero_referencia: g.numero_referencia, vencimento: g.vencimento }),
    situacao: g.situacao,
    data_pagamento: g.data_pagamento,
    created_at: g.created_at,
    contribuinte: { nome: g.nome_pessoa, cpf: cpf.replace(/\D/g, "") },
    debitos: debits.map((d) => ({
      cod_debito: d.cod_debito,
      motivo: d.motivo,
      tipo_servico: d.tipo_servico,
      titulo: d.titulo ?? null,
      valor: round2(Number(d.valor_multa) - Number(d.desconto)),
    })),
  };
}

/** The patron's slips, the latest first (at most `limit`): what the debits screen lists. */
export async function listGrus(db: Db, codPessoa: number, limit = 100) {
  const rows = await patronGrus(db, codPessoa, limit);
  return rows.map((g) => ({ ...g, cod_gru: Number(g.cod_gru), valor: Number(g.valor) }));
}

/**
 * The library records the payment of a slip (the bank's confirmation reaches the library; in the reference
 * library it is `POST /api/biblioteca/gru/{id}/pagamento` or `npm run library -- payment confirm <id>`, ADR 113):
 * the slip is paid and its debits are settled, in one transaction. Confirming a paid slip changes nothing.
 * Null when there is no such slip; `alreadyPaid` when it was paid before.
 */
export async function confirmGruPayment(db: Db, codGru: number, now: string): Promise<{ cod_pessoa: number; alreadyPaid: boolean } | null> {
  return markGruPaidAndSettleDebits(db, codGru, now);
}
