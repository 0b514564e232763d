/**
 * The holds' reads and writes (spec §3 "Hold"): the patron's category and standing, a title's copies and queue,
 * and the insert that takes the next position of the queue. The rules that use them are in `api/domain/holds.ts`.
 */
import { sql } from "kysely";
import type { Db } from "./index.ts";

/** The statuses of a hold still in its title's queue: waiting, or its copy set aside for the patron. */
export const ACTIVE_HOLD = ["ativa", "disponivel"];

/** Whether the patron's category grants an activity (spec §6). */
export async function categoryGrants(db: Db, codPessoa: number, atividade: number): Promise<boolean> {
  const row = await db
    .selectFrom("pessoa as p")
    .innerJoin("categoria_atividade as ca", "ca.cod_categoria", "p.cod_categoria")
    .select("ca.cod_atividade")
    .where("p.cod_pessoa", "=", codPessoa)
    .where("ca.cod_atividade", "=", atividade)
    .executeTakeFirst();
  return Boolean(row);
}

/** The patron's category limits, block flag and contact details. */
export async function patronLimits(db: Db, codPessoa: number) {
  return db
    .selectFrom("pessoa as p")
    .innerJoin("categoria as k", "k.cod_categoria", "p.cod_categoria")
    .select([
      "p.bloqueado",
      "p.desvinculado_em",
      "p.email",
      "p.telefone",
      "p.dados_pessoais",
      "k.limite_reservas",
      "k.limite_solicitacoes",
      "k.limite_comentarios",
      "k.professor",
    ])
    .where("p.cod_pessoa", "=", codPessoa)
    .executeTakeFirstOrThrow();
}

/** The titles of the patron's active holds. */
export async function heldTitles(db: Db, codPessoa: number): Promise<number[]> {
  const rows = await db
    .selectFrom("reserva")
    .select(["cod_acervo"])
    .where("cod_pessoa", "=", codPessoa)
    .where("situacao", "in", ACTIVE_HOLD)
    .execute();
  return rows.map((r) => r.cod_acervo);
}

/** Whether the patron has a copy of the title on loan now. */
export async function hasTitleOnLoan(db: Db, codPessoa: number, codAcervo: number): Promise<boolean> {
  const row = await db
    .selectFrom("emprestimo as m")
    .innerJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
    .select("m.cod_emprestimo")
    .where("m.cod_pessoa", "=", codPessoa)
    .where("m.data_devolucao", "is", null)
    .where("e.cod_acervo", "=", codAcervo)
    .executeTakeFirst();
  return Boolean(row);
}

/** A title's id and title, or undefined. */
export async function titleRow(db: Db, codAcervo: number) {
  return db.selectFrom("acervo").select(["cod_acervo", "titulo"]).where("cod_acervo", "=", codAcervo).executeTakeFirst();
}

/** A title's copies with their library's name, by library name: what a hold or a loan request may choose. */
export async function titleCopies(db: Db, codAcervo: number) {
  return db
    .selectFrom("exemplar as e")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "e.cod_biblioteca")
    .select(["e.cod_biblioteca", "b.desc_biblioteca", "e.situacao", "e.permite_reserva", "e.volume", "e.tomo", "e.parte", "e.material_adicional"])
    .where("e.cod_acervo", "=", codAcervo)
    .orderBy("b.desc_biblioteca")
    .execute();
}

/** A title's queue: its active holds, by position. */
export async function titleQueue(db: Db, codAcervo: number) {
  return db
    .selectFrom("reserva")
    .select(["cod_reserva", "cod_pessoa", "posicao"])
    .where("cod_acervo", "=", codAcervo)
    .where("situacao", "in", ACTIVE_HOLD)
    .orderBy("posicao")
    .execute();
}

/** The hold a form's idempotency key created, whoever placed it, or undefined. */
export async function holdWithKey(db: Db, chave: string) {
  return db
    .selectFrom("reserva")
    .select(["cod_reserva", "cod_acervo", "posicao", "situacao", "data_reserva", "cod_pessoa"])
    .where("chave_envio", "=", chave)
    .executeTakeFirst();
}

/** A new hold's row: who, which title and library, the copy chosen, and where it is to be picked up. */
export interface NewHold {
  cod_acervo: number;
  cod_pessoa: number;
  cod_biblioteca: number;
  volume: string | null;
  tomo: string | null;
  parte: string | null;
  material_adicional: string | null;
  localizacao: string | null;
  data_reserva: string;
  chave_envio: string | null;
}

/**
 * Inserts an active hold at the end of its title's queue: the position is computed inside the INSERT, and the
 * partial unique index of migration 006 refuses a position a concurrent insert took (the caller tries again).
 */
export async function insertHoldAtEnd(db: Db, h: NewHold) {
  const result = await sql<{ cod_reserva: number; cod_acervo: number; posicao: number; situacao: string; data_reserva: string }>`
    INSERT INTO reserva (cod_acervo, cod_pessoa, cod_biblioteca, volume, tomo, parte, material_adicional, localizacao, posicao, situacao, data_reserva, chave_envio)
    SELECT CAST(${h.cod_acervo} AS integer), CAST(${h.cod_pessoa} AS integer), CAST(${h.cod_biblioteca} AS integer),
           CAST(${h.volume} AS text), CAST(${h.tomo} AS text), CAST(${h.parte} AS text),
           CAST(${h.material_adicional} AS text), CAST(${h.localizacao} AS text),
           coalesce(max(posicao), 0) + 1, 'ativa', CAST(${h.data_reserva} AS text), CAST(${h.chave_envio} AS text)
    FROM reserva WHERE cod_acervo = ${h.cod_acervo} AND situacao IN ('ativa', 'disponivel')
    RETURNING cod_reserva, cod_acervo, posicao, situacao, data_reserva`.execute(db);
  const row = result.rows[0]!;
  return { ...row, cod_reserva: Number(row.cod_reserva), cod_acervo: Number(row.cod_acervo), posicao: Number(row.posicao) };
}

/** A hold's columns as the patron's lists show them, with its title and pickup library. */
const HOLD_COLUMNS = [
  "r.cod_reserva",
  "a.cod_acervo",
  "a.titulo",
  "a.autor",
  "a.idioma",
  "b.desc_biblioteca as biblioteca",
  "b.cod_biblioteca",
  "r.situacao",
  "r.data_reserva",
  "r.data_liberacao",
  "r.data_cancelamento",
  "r.observacao",
  "r.volume",
  "r.tomo",
  "r.parte",
  "r.material_adicional",
  "r.localizacao",
  "r.suspensa_ate",
  "r.data_transito",
] as const;

/** The patron's active holds, oldest first, each with its rank among its title's active holds (`posicao`). */
export async function activeHoldsOf(db: Db, codPessoa: number) {
  const rows = await db
    .selectFrom("reserva as r")
    .innerJoin("acervo as a", "a.cod_acervo", "r.cod_acervo")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "r.cod_biblioteca")
    .select(HOLD_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom("reserva as o")
        .select(sql<number>`count(*)`.as("n"))
        .whereRef("o.cod_acervo", "=", "r.cod_acervo")
        .where("o.situacao", "in", ACTIVE_HOLD)
        .whereRef("o.posicao", "<=", "r.posicao")
        .as("posicao"),
    )
    .where("r.cod_pessoa", "=", codPessoa)
    .where("r.situacao", "in", ACTIVE_HOLD)
    .orderBy("r.data_reserva")
    .orderBy("r.cod_reserva")
    .execute();
  return rows.map((r) => ({ ...r, posicao: Number(r.posicao) }));
}

/** The patron's past holds (fulfilled or cancelled), newest first, at most `limit`. */
export function pastHoldsOf(db: Db, codPessoa: number, limit: number) {
  return db
    .selectFrom("reserva as r")
    .innerJoin("acervo as a", "a.cod_acervo", "r.cod_acervo")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "r.cod_biblioteca")
    .select(HOLD_COLUMNS)
    .where("r.cod_pessoa", "=", codPessoa)
    .where("r.situacao", "not in", ACTIVE_HOLD)
    .orderBy("r.data_reserva", "desc")
    .orderBy("r.cod_reserva", "desc")
    .limit(limit)
    .execute();
}

/** Cancels the patron's active holds among `ids` (others' and those already over are left alone); the ids cancelled. */
export async function cancelActiveHolds(db: Db, codPessoa: number, ids: number[], now: string): Promise<number[]> {
  const rows = await db
    .updateTable("reserva")
    .set({ situacao: "cancelada", data_cancelamento: now })
    .where("cod_pessoa", "=", codPessoa)
    .where("cod_reserva", "in", ids)
    .where("situacao", "in", ACTIVE_HOLD)
    .returning("cod_reserva")
    .execute();
  return rows.map((r) => Number(r.cod_reserva));
}

/** One of the patron's active holds, or undefined. */
export function activeHoldOf(db: Db, codPessoa: number, codReserva: number) {
  return db
    .selectFrom("reserva")
    .select(["cod_reserva", "cod_acervo", "situacao", "data_transito", "suspensa_ate"])
    .where("cod_reserva", "=", codReserva)
    .where("cod_pessoa", "=", codPessoa)
    .where("situacao", "in", ACTIVE_HOLD)
    .executeTakeFirst();
}

/** Suspends a waiting hold until `until`, or resumes it (null). */
export async function setHoldSuspension(db: Db, codReserva: number, until: string | null): Promise<void> {
  await db.updateTable("reserva").set({ suspensa_ate: until }).where("cod_reserva", "=", codReserva).where("situacao", "=", "ativa").execute();
}

/** Moves a waiting hold's pickup to `biblioteca` unless a copy is in transit to it by now; true when it moved. */
export async function moveHoldPickup(db: Db, codReserva: number, biblioteca: number): Promise<boolean> {
  const res = await db
    .updateTable("reserva")
    .set({ cod_biblioteca: biblioteca })
    .where("cod_reserva", "=", codReserva)
    .where("situacao", "=", "ativa")
    .where("data_transito", "is", null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The first waiting hold of the title in queue order that is not suspended on `today`, or undefined. */
export function firstWaitingHold(db: Db, codAcervo: number, today: string) {
  return db
    .selectFrom("reserva")
    .select(["cod_reserva", "cod_pessoa", "posicao"])
    .where("cod_acervo", "=", codAcervo)
    .where("situacao", "=", "ativa")
    .where("data_transito", "is", null)
    .where((eb) => eb.or([eb("suspensa_ate", "is", null), eb("suspensa_ate", "<", today)]))
    .orderBy("posicao")
    .executeTakeFirst();
}
