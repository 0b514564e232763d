/**
 * Holds (spec §3 "Hold", §4, §5): the options a title offers, the queue rules and placing a hold.
 * The queue's integrity lives in the database (migration 006): active holds of one title have unique
 * positions, and a patron has at most one active hold per title. Placing a hold computes the next
 * position in the INSERT itself and retries when a concurrent insert took it (ADR 090).
 */
import {
  categoryGrants,
  hasTitleOnLoan,
  heldTitles,
  holdWithKey,
  insertHoldAtEnd,
  patronLimits,
  titleCopies,
  titleQueue,
  titleRow,
} from "../db/holds.ts";
import type { Db } from "../db/index.ts";
import { fieldsRefused, refused, type FieldProblems, type FieldsRefused, type KeyInUse, type NotFound, type Refused } from "./refusals.ts";

/** The four copy dimensions a patron chooses (spec §3 "volume, tome, part, material"). */
export const DIMENSIONS = ["volume", "tomo", "parte", "material_adicional"] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export type Choice = Partial<Record<Dimension, string | null>>;

interface CopyDims {
  volume: string | null;
  tomo: string | null;
  parte: string | null;
  material_adicional: string | null;
}

/** Distinct non-empty values of each dimension among `copies`, sorted naturally. */
export function dimensionOptions(copies: CopyDims[]): Record<Dimension, string[]> {
  const out = {} as Record<Dimension, string[]>;
  for (const d of DIMENSIONS) {
    const values = new Set(copies.map((c) => c[d]?.trim()).filter((v): v is string => Boolean(v)));
    out[d] = [...values].sort((a, b) => a.localeCompare(b, "pt", { numeric: true }));
  }
  return out;
}

/**
 * Checks the chosen dimensions: each dimension with options must be chosen among them (spec §5 "all
 * options must be chosen"). Returns the fields' problems (empty when valid), keyed by payload field.
 */
export function checkChoice(options: Record<Dimension, string[]>, choice: Choice): FieldProblems {
  const problems: FieldProblems = {};
  for (const d of DIMENSIONS) {
    const value = choice[d]?.trim();
    if (options[d].length === 0) continue;
    if (!value) problems[d] = "obrigatorio";
    else if (!options[d].includes(value)) problems[d] = "invalido";
  }
  return problems;
}

/** Whether the patron's category grants an activity (spec §6). */
export function categoryAllows(db: Db, codPessoa: number, atividade: number): Promise<boolean> {
  return categoryGrants(db, codPessoa, atividade);
}

export { patronLimits };

export interface HoldOptions {
  cod_acervo: number;
  titulo: string;
  volumes: string[];
  tomos: string[];
  partes: string[];
  materiais: string[];
  bibliotecas: Array<{ cod_biblioteca: number; desc_biblioteca: string }>;
  exemplares: number;
  disponiveis: number;
  /** Active holds already waiting for the title. */
  fila: number;
  /**
   * Why a hold is impossible right now, or null: the title's copies (`TitleImpediment`) and, when the options are
   * asked for a patron, the rule that refuses that patron (`PatronRefusal`), in the order `POST /reserva` checks them.
   */
  impedimento: HoldImpediment | null;
  /** The asking patron's own active hold on the title (then no second hold is offered), or null. */
  minha_reserva: { cod_reserva: number; posicao: number } | null;
}

/** Why the title's copies allow no hold, whoever asks. */
export type TitleImpediment = "exemplar_disponivel" | "sem_exemplar_reservavel";
/** Why the patron may not hold: their standing (checked first), or what they already have (checked last). */
export type StandingRefusal = "usuario_bloqueado" | "usuario_desvinculado";
export type OwnRefusal = "reserva_existente" | "titulo_emprestado" | "limite_reservas";
export type PatronRefusal = StandingRefusal | OwnRefusal;
export type HoldImpediment = TitleImpediment | PatronRefusal;

/** The patron's standing refuses every hold: blocked by the library, or unlinked by a no-debts declaration. */
function standingRefusal(patron: { bloqueado: number; desvinculado_em: string | null }): StandingRefusal | null {
  if (patron.bloqueado) return "usuario_bloqueado";
  if (patron.desvinculado_em) return "usuario_desvinculado";
  return null;
}

/** What the patron already has refuses this hold: a hold on the title, the title on loan, or the category's limit of holds. */
async function ownRefusal(db: Db, codPessoa: number, codAcervo: number, limiteReservas: number): Promise<OwnRefusal | null> {
  const mine = await heldTitles(db, codPessoa);
  if (mine.includes(codAcervo)) return "reserva_existente";
  if (await hasTitleOnLoan(db, codPessoa, codAcervo)) return "titulo_emprestado";
  if (mine.length >= limiteReservas) return "limite_reservas";
  return null;
}

/**
 * The rule `POST /reserva` would refuse `codPessoa`'s hold on the title with, the choice of copy and library aside:
 * the patron's standing, then the title's copies (`titleImpediment`), then what the patron already has. The same
 * checks, in the same order, as `validateQueue`, so the options and the refusal always agree.
 */
export async function holdRefusal(
  db: Db,
  codPessoa: number,
  codAcervo: number,
  titleImpediment: TitleImpediment | null,
): Promise<HoldImpediment | null> {
  const patron = await patronLimits(db, codPessoa);
  return standingRefusal(patron) ?? titleImpediment ?? (await ownRefusal(db, codPessoa, codAcervo, patron.limite_reservas));
}

/**
 * `GET /reserva/{id}/informacoes-iniciais`: what the hold form offers; null for an unknown title. With
 * `codPessoa`, `fila` leaves out the patron's own hold (it is not "people before you"), `minha_reserva`
 * gives its rank in the queue, and `impedimento` is the rule that would refuse this patron's hold (`holdRefusal`).
 */
export async function holdOptions(db: Db, codAcervo: number, codPessoa?: number | null): Promise<HoldOptions | null> {
  const title = await titleRow(db, codAcervo);
  if (!title) return null;
  const copies = await titleCopies(db, codAcervo);
  const holdable = copies.filter((c) => c.permite_reserva === 1);
  const opts = dimensionOptions(holdable);
  const libraries = new Map<number, string>();
  for (const c of holdable) libraries.set(c.cod_biblioteca, c.desc_biblioteca);
  const disponiveis = copies.filter((c) => c.situacao === "disponivel").length;
  const queue = await titleQueue(db, codAcervo);
  const mineAt = codPessoa == null ? -1 : queue.findIndex((r) => r.cod_pessoa === codPessoa);
  const titleImpediment: TitleImpediment | null = disponiveis > 0 ? "exemplar_disponivel" : holdable.length === 0 ? "sem_exemplar_reservavel" : null;
  return {
    cod_acervo: title.cod_acervo,
    titulo: title.titulo,
    volumes: opts.volume,
    tomos: opts.tomo,
    partes: opts.parte,
    materiais: opts.material_adicional,
    bibliotecas: [...libraries].map(([cod_biblioteca, desc_biblioteca]) => ({ cod_biblioteca, desc_biblioteca })),
    exemplares: copies.length,
    disponiveis,
    fila: mineAt >= 0 ? queue.length - 1 : queue.length,
    impedimento: codPessoa == null ? titleImpediment : await holdRefusal(db, codPessoa, codAcervo, titleImpediment),
    minha_reserva: mineAt >= 0 ? { cod_reserva: Number(queue[mineAt].cod_reserva), posicao: mineAt + 1 } : null,
  };
}

/** The hold payload of spec §3. */
export interface HoldPayload extends Choice {
  cod_acervo: number;
  biblioteca: number;
  localizacao?: string | null;
}

export interface HoldResult {
  cod_reserva: number;
  cod_acervo: number;
  posicao: number;
  situacao: string;
  data_reserva: string;
}

/** Why a hold is refused: an unknown title, the fields of the form, or a rule (`HoldImpediment`). */
export type HoldRefusal = NotFound | FieldsRefused | Refused<HoldImpediment>;

export type QueueCheck = { ok: true; posicao: number; fila: number } | HoldRefusal;

/**
 * `POST /validar-fila`: checks every rule for `payload` and answers the position the hold would take, or why the
 * hold is refused: the patron's standing, then the title's copies, then the choice of copy and library, then what
 * the patron already has.
 */
export async function validateQueue(db: Db, codPessoa: number, payload: HoldPayload): Promise<QueueCheck> {
  const options = await holdOptions(db, payload.cod_acervo);
  if (!options) return refused("nao_encontrado");
  const patron = await patronLimits(db, codPessoa);
  // The rules of holdRefusal, in its order, with the choice checked between the title's and the patron's own.
  const before = standingRefusal(patron) ?? options.impedimento;
  if (before) return refused(before);
  const problems = checkChoice(
    { volume: options.volumes, tomo: options.tomos, parte: options.partes, material_adicional: options.materiais },
    payload,
  );
  if (!options.bibliotecas.some((b) => b.cod_biblioteca === payload.biblioteca)) problems.biblioteca = "invalido";
  const badFields = fieldsRefused(problems);
  if (badFields) return badFields;

  const own = await ownRefusal(db, codPessoa, payload.cod_acervo, patron.limite_reservas);
  if (own) return refused(own);
  return { ok: true, posicao: options.fila + 1, fila: options.fila };
}

/** True for a unique-index violation (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}

/**
 * Runs a form's `work`; when it is refused (a rule's outcome, or a unique index) and the form's idempotency key has
 * meanwhile created a record (the same form submitted twice at once, the other submission having won), answers
 * what `replay` finds under the key instead of the refusal. Without a key the refusal stands.
 */
export async function orReplay<T extends { ok: boolean }>(
  chave: string | null,
  replay: (chave: string) => Promise<T | null>,
  work: () => Promise<T>,
): Promise<T> {
  let outcome: T;
  try {
    outcome = await work();
  } catch (err) {
    if (chave && isUniqueViolation(err)) {
      const earlier = await replay(chave);
      if (earlier) return earlier;
    }
    throw err;
  }
  if (!outcome.ok && chave) return (await replay(chave)) ?? outcome;
  return outcome;
}

function isBusy(err: unknown): boolean {
  const e = err as { code?: string };
  // SQLite: another worker holds the write lock, or our snapshot went stale; PostgreSQL: serialization.
  return typeof e?.code === "string" && (e.code.startsWith("SQLITE_BUSY") || e.code === "40001" || e.code === "40P01");
}

/** The hold placed under the form's key, "chave_em_uso" when the key is another patron's, or null. */
async function holdByKey(db: Db, codPessoa: number, chave: string): Promise<HoldResult | "chave_em_uso" | null> {
  const row = await holdWithKey(db, chave);
  if (!row) return null;
  // Another patron's key: never reveal their hold; the caller treats it as a conflict.
  if (row.cod_pessoa !== codPessoa) return "chave_em_uso";
  return { cod_reserva: row.cod_reserva, cod_acervo: row.cod_acervo, posicao: row.posicao, situacao: row.situacao, data_reserva: row.data_reserva };
}

export type PlaceHoldOutcome =
  | { ok: true; hold: HoldResult; created: boolean }
  | HoldRefusal
  | KeyInUse
  /** Every attempt lost a race for the next position (or the database stayed busy). */
  | Refused<"ocupado">;

/**
 * `POST /reserva`: places the hold at the end of the title's queue, or answers why not (`validateQueue`). With
 * `chave` (the form's idempotency key) a repeated submission answers the hold already placed (`created: false`)
 * instead of a second one.
 */
export async function placeHold(
  db: Db,
  codPessoa: number,
  payload: HoldPayload,
  chave: string | null,
  now: () => number = Date.now,
): Promise<PlaceHoldOutcome> {
  const replay = async (key: string): Promise<PlaceHoldOutcome | null> => {
    const existing = await holdByKey(db, codPessoa, key);
    if (existing === "chave_em_uso") return refused(existing);
    return existing ? { ok: true, hold: existing, created: false } : null;
  };
  const earlier = chave ? await replay(chave) : null;
  if (earlier) return earlier;
  return orReplay(chave, replay, () => insertHold(db, codPessoa, payload, chave, now));
}

async function insertHold(db: Db, codPessoa: number, payload: HoldPayload, chave: string | null, now: () => number): Promise<PlaceHoldOutcome> {
  const check = await validateQueue(db, codPessoa, payload);
  if (!check.ok) return check;
  const v = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
  for (let attempt = 0; attempt < 25; attempt++) {
    const dataReserva = new Date(now()).toISOString();
    try {
      // The position is computed inside the INSERT; a position taken by a concurrent insert is refused by
      // the queue's unique index, and we try again with the next one.
      const hold = await insertHoldAtEnd(db, {
        cod_acervo: payload.cod_acervo,
        cod_pessoa: codPessoa,
        cod_biblioteca: payload.biblioteca,
        volume: v(payload.volume),
        tomo: v(payload.tomo),
        parte: v(payload.parte),
        material_adicional: v(payload.material_adicional),
        localizacao: v(payload.localizacao),
        data_reserva: dataReserva,
        chave_envio: chave,
      });
      return { ok: true, hold, created: true };
    } catch (err) {
      if (!isUniqueViolation(err) && !isBusy(err)) throw err;
      // Lost a race: the same form submitted twice (its refusal is answered by orReplay), the same patron
      // twice, or a position taken.
      const again = await validateQueue(db, codPessoa, payload);
      if (!again.ok) return again;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * (attempt + 1)));
    }
  }
  return refused("ocupado");
}
