/**
 * Holds (spec §3 "Hold", §4, §5): the options a title offers, the queue rules and placing a hold.
 * The queue's integrity lives in the database (migration 006): active holds of one title have unique
 * positions, and a patron has at most one active hold per title. Placing a hold computes the next
 * position in the INSERT itself and retries when a concurrent insert took it (ADR 090).
 */
import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { ApiError } from "../lib/errors.ts";
import type { Lang } from "../lib/messages.ts";

/** Messages of the patron-request rules (holds, loan requests, comments, suggestions), by `lang`. */
const RULE_MESSAGES = {
  exemplar_disponivel: {
    pt: "Há exemplar disponível deste título: não é possível reservar. Solicite o empréstimo ou retire na biblioteca.",
    es: "Hay un ejemplar disponible de este título: no es posible reservar. Solicite el préstamo o retírelo en la biblioteca.",
    en: "A copy of this title is available, so it cannot be reserved. Request a loan or pick it up at the library.",
  },
  sem_exemplar_reservavel: {
    pt: "Reserva cancelada: nenhum exemplar permite reserva.",
    es: "Reserva cancelada: ningún ejemplar permite reserva.",
    en: "Hold cancelled: no copy allows holds.",
  },
  reserva_existente: {
    pt: "Você já tem uma reserva ativa deste título.",
    es: "Ya tiene una reserva activa de este título.",
    en: "You already have an active hold on this title.",
  },
  titulo_emprestado: {
    pt: "Este título já está emprestado para você.",
    es: "Este título ya está prestado a usted.",
    en: "You already have this title on loan.",
  },
  limite_reservas: {
    pt: "Limite de reservas excedido para a sua categoria.",
    es: "Límite de reservas excedido para su categoría.",
    en: "Hold limit exceeded for your category.",
  },
  usuario_bloqueado: {
    pt: "Usuário bloqueado pela biblioteca: procure o atendimento.",
    es: "Usuario bloqueado por la biblioteca: acuda a la atención.",
    en: "Your account is blocked by the library: please contact the desk.",
  },
  usuario_desvinculado: {
    pt: "Seu vínculo com a unidade de informação foi encerrado pela declaração de nada consta.",
    es: "Su vínculo con la unidad de información terminó con la declaración de no adeudo.",
    en: "Your link with the information unit ended when your no-debts declaration was issued.",
  },
  limite_solicitacoes: {
    pt: "Limite de solicitações excedido.",
    es: "Límite de solicitudes excedido.",
    en: "Request limit exceeded.",
  },
  solicitacao_duplicada: {
    pt: "Já existe uma solicitação com os mesmos dados.",
    es: "Ya existe una solicitud con los mismos datos.",
    en: "A request with the same data already exists.",
  },
  sem_exemplar_disponivel: {
    pt: "Não há exemplar disponível para empréstimo nesta biblioteca.",
    es: "No hay ejemplar disponible para préstamo en esta biblioteca.",
    en: "No copy is available for loan in this library.",
  },
  lista_espera_indisponivel: {
    pt: "Este título pode ser solicitado ou reservado agora: use a solicitação de empréstimo ou a reserva.",
    es: "Este título se puede solicitar o reservar ahora: use la solicitud de préstamo o la reserva.",
    en: "This title can be requested or held now: use the loan request or the hold.",
  },
  limite_comentarios: {
    pt: "Limite de comentários aguardando aprovação excedido: comentário não enviado.",
    es: "Límite de comentarios pendientes de aprobación excedido: comentario no enviado.",
    en: "Limit of comments awaiting approval exceeded: comment not sent.",
  },
  atividade_negada: {
    pt: "Sua categoria de usuário não permite esta operação.",
    es: "Su categoría de usuario no permite esta operación.",
    en: "Your user category does not allow this.",
  },
  somente_professor: {
    pt: "Somente professores sugerem a bibliografia das suas disciplinas.",
    es: "Solo los profesores sugieren la bibliografía de sus asignaturas.",
    en: "Only professors suggest the bibliography of their disciplines.",
  },
  campo_nao_preenchido: {
    pt: "Campo obrigatório não preenchido: {campo}",
    es: "Campo obligatorio no completado: {campo}",
    en: "Required field not filled: {campo}",
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type RuleCode = keyof typeof RULE_MESSAGES;

/** The message of a request rule in `lang`, with `{name}` placeholders filled. */
export function ruleMessage(lang: Lang, code: RuleCode, vars: Record<string, string> = {}): string {
  return RULE_MESSAGES[code][lang].replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? `{${k}}`);
}

/** A refused request: 422 (or `status`) with `{message, code}` in the request's language. */
export function ruleError(lang: Lang, code: RuleCode, status = 422, errors?: Record<string, string[]>): ApiError {
  return new ApiError(status, "validacao", { code, message: ruleMessage(lang, code), errors });
}

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
 * options must be chosen"). Returns field errors (empty when valid), keyed by payload field.
 */
export function checkChoice(options: Record<Dimension, string[]>, choice: Choice, required: string, invalid: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const d of DIMENSIONS) {
    const value = choice[d]?.trim();
    if (options[d].length === 0) continue;
    if (!value) errors[d] = [required];
    else if (!options[d].includes(value)) errors[d] = [invalid];
  }
  return errors;
}

/** Whether the patron's category grants an activity (spec §6). */
export async function categoryAllows(db: Db, codPessoa: number, atividade: number): Promise<boolean> {
  const row = await db
    .selectFrom("pessoa as p")
    .innerJoin("categoria_atividade as ca", "ca.cod_categoria", "p.cod_categoria")
    .select("ca.cod_atividade")
    .where("p.cod_pessoa", "=", codPessoa)
    .where("ca.cod_atividade", "=", atividade)
    .executeTakeFirst();
  return Boolean(row);
}

/** The patron's category limits and block flag. */
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

const ACTIVE = ["ativa", "disponivel"];

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
  const mine = await db.selectFrom("reserva").select(["cod_acervo"]).where("cod_pessoa", "=", codPessoa).where("situacao", "in", ACTIVE).execute();
  if (mine.some((r) => r.cod_acervo === codAcervo)) return "reserva_existente";
  const onLoan = await db
    .selectFrom("emprestimo as m")
    .innerJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
    .select("m.cod_emprestimo")
    .where("m.cod_pessoa", "=", codPessoa)
    .where("m.data_devolucao", "is", null)
    .where("e.cod_acervo", "=", codAcervo)
    .executeTakeFirst();
  if (onLoan) return "titulo_emprestado";
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
  const title = await db.selectFrom("acervo").select(["cod_acervo", "titulo"]).where("cod_acervo", "=", codAcervo).executeTakeFirst();
  if (!title) return null;
  const copies = await db
    .selectFrom("exemplar as e")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "e.cod_biblioteca")
    .select(["e.cod_biblioteca", "b.desc_biblioteca", "e.situacao", "e.permite_reserva", "e.volume", "e.tomo", "e.parte", "e.material_adicional"])
    .where("e.cod_acervo", "=", codAcervo)
    .orderBy("b.desc_biblioteca")
    .execute();
  const holdable = copies.filter((c) => c.permite_reserva === 1);
  const opts = dimensionOptions(holdable);
  const libraries = new Map<number, string>();
  for (const c of holdable) libraries.set(c.cod_biblioteca, c.desc_biblioteca);
  const disponiveis = copies.filter((c) => c.situacao === "disponivel").length;
  const queue = await db
    .selectFrom("reserva")
    .select(["cod_reserva", "cod_pessoa", "posicao"])
    .where("cod_acervo", "=", codAcervo)
    .where("situacao", "in", ACTIVE)
    .orderBy("posicao")
    .execute();
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

/**
 * `POST /validar-fila`: checks every rule for `payload` and answers the position the hold would take.
 * Throws ApiError (404 unknown title, 422 with a rule code or field errors).
 */
export async function validateQueue(db: Db, lang: Lang, codPessoa: number, payload: HoldPayload, msgs: { required: string; invalid: string }) {
  const options = await holdOptions(db, payload.cod_acervo);
  if (!options) throw new ApiError(404, "nao_encontrado");
  const patron = await patronLimits(db, codPessoa);
  // The rules of holdRefusal, in its order, with the choice checked between the title's and the patron's own.
  const before = standingRefusal(patron) ?? options.impedimento;
  if (before) throw ruleError(lang, before);
  const errors = checkChoice(
    { volume: options.volumes, tomo: options.tomos, parte: options.partes, material_adicional: options.materiais },
    payload,
    msgs.required,
    msgs.invalid,
  );
  if (!options.bibliotecas.some((b) => b.cod_biblioteca === payload.biblioteca)) errors.biblioteca = [msgs.invalid];
  if (Object.keys(errors).length > 0) throw new ApiError(422, "validacao", { code: "validacao", errors });

  const own = await ownRefusal(db, codPessoa, payload.cod_acervo, patron.limite_reservas);
  if (own) throw ruleError(lang, own);
  return { posicao: options.fila + 1, fila: options.fila };
}

/** True for a unique-index violation (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}

/**
 * Runs a form's `work`; when it is refused (a rule, or a unique index) and the form's idempotency key has
 * meanwhile created a record (the same form submitted twice at once, the other submission having won),
 * answers that record (`replay`) instead of the refusal. Without a key the refusal stands.
 */
export async function orReplay<T>(chave: string | null, replay: (chave: string) => Promise<T | null>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (chave && (err instanceof ApiError || isUniqueViolation(err))) {
      const earlier = await replay(chave);
      if (earlier) return earlier;
    }
    throw err;
  }
}

function isBusy(err: unknown): boolean {
  const e = err as { code?: string };
  // SQLite: another worker holds the write lock, or our snapshot went stale; PostgreSQL: serialization.
  return typeof e?.code === "string" && (e.code.startsWith("SQLITE_BUSY") || e.code === "40001" || e.code === "40P01");
}

async function holdByKey(db: Db, codPessoa: number, chave: string): Promise<HoldResult | null> {
  const row = await db
    .selectFrom("reserva")
    .select(["cod_reserva", "cod_acervo", "posicao", "situacao", "data_reserva", "cod_pessoa"])
    .where("chave_envio", "=", chave)
    .executeTakeFirst();
  if (!row) return null;
  // Another patron's key: never reveal their hold; the caller treats it as a conflict.
  if (row.cod_pessoa !== codPessoa) throw new ApiError(409, "validacao", { code: "chave_em_uso" });
  return { cod_reserva: row.cod_reserva, cod_acervo: row.cod_acervo, posicao: row.posicao, situacao: row.situacao, data_reserva: row.data_reserva };
}

/**
 * `POST /reserva`: places the hold at the end of the title's queue. With `chave` (the form's idempotency
 * key) a repeated submission answers the hold already placed (`created: false`) instead of a second one.
 */
export async function placeHold(
  db: Db,
  lang: Lang,
  codPessoa: number,
  payload: HoldPayload,
  chave: string | null,
  msgs: { required: string; invalid: string },
  now: () => number = Date.now,
): Promise<{ hold: HoldResult; created: boolean }> {
  const replay = async (key: string) => {
    const existing = await holdByKey(db, codPessoa, key);
    return existing ? { hold: existing, created: false } : null;
  };
  const earlier = chave ? await replay(chave) : null;
  if (earlier) return earlier;
  return orReplay(chave, replay, () => insertHold(db, lang, codPessoa, payload, chave, msgs, now));
}

async function insertHold(
  db: Db,
  lang: Lang,
  codPessoa: number,
  payload: HoldPayload,
  chave: string | null,
  msgs: { required: string; invalid: string },
  now: () => number,
): Promise<{ hold: HoldResult; created: boolean }> {
  await validateQueue(db, lang, codPessoa, payload, msgs);
  const v = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
  for (let attempt = 0; attempt < 25; attempt++) {
    const dataReserva = new Date(now()).toISOString();
    try {
      // The position is computed inside the INSERT; the partial unique index refuses a position taken
      // by a concurrent insert, and we try again with the next one.
      const result = await sql<HoldResult>`
        INSERT INTO reserva (cod_acervo, cod_pessoa, cod_biblioteca, volume, tomo, parte, material_adicional, localizacao, posicao, situacao, data_reserva, chave_envio)
        SELECT CAST(${payload.cod_acervo} AS integer), CAST(${codPessoa} AS integer), CAST(${payload.biblioteca} AS integer),
               CAST(${v(payload.volume)} AS text), CAST(${v(payload.tomo)} AS text), CAST(${v(payload.parte)} AS text),
               CAST(${v(payload.material_adicional)} AS text), CAST(${v(payload.localizacao)} AS text),
               coalesce(max(posicao), 0) + 1, 'ativa', CAST(${dataReserva} AS text), CAST(${chave} AS text)
        FROM reserva WHERE cod_acervo = ${payload.cod_acervo} AND situacao IN ('ativa', 'disponivel')
        RETURNING cod_reserva, cod_acervo, posicao, situacao, data_reserva`.execute(db);
      const row = result.rows[0];
      return {
        hold: { ...row, cod_reserva: Number(row.cod_reserva), cod_acervo: Number(row.cod_acervo), posicao: Number(row.posicao) },
        created: true,
      };
    } catch (err) {
      if (!isUniqueViolation(err) && !isBusy(err)) throw err;
      // Lost a race: the same form submitted twice (its refusal is answered by orReplay), the same patron
      // twice, or a position taken.
      await validateQueue(db, lang, codPessoa, payload, msgs);
      await new Promise((r) => setTimeout(r, Math.random() * 5 * (attempt + 1)));
    }
  }
  throw new ApiError(503, "erro_inesperado");
}
