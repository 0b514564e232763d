/**
 * Loan requests (spec §3 "Loan request", §4 outcomes, §5 validation): a patron asks a library to set a copy
 * aside and deliver it at a receiving library and location. Outcomes: created, refused over the category's
 * limit, refused as a duplicate of an open request. The form's idempotency key (`chave_envio`, unique in the
 * table) makes a double submit answer the request already created.
 */
import type { Db } from "../db/index.ts";
import { ApiError } from "../lib/errors.ts";
import type { Lang } from "../lib/messages.ts";
import { checkChoice, dimensionOptions, orReplay, patronLimits, ruleError, type Choice } from "./holds.ts";

/** Open statuses: a request in one of them counts towards the limit and blocks a duplicate. */
export const OPEN_STATUSES = ["aguardando", "disponivel", "transito"];

/** Where a requested copy can be received. `domicilio` locations need the home address (spec §5). */
export const RECEIVING_LOCATIONS: Array<{ codigo: number; domicilio: boolean; descricao: Record<Lang, string> }> = [
  { codigo: 1, domicilio: false, descricao: { pt: "Balcão de empréstimo", es: "Mostrador de préstamo", en: "Loan desk" } },
  {
    codigo: 2,
    domicilio: false,
    descricao: { pt: "Armário de retirada (autoatendimento)", es: "Casillero de retiro (autoservicio)", en: "Pick-up locker (self-service)" },
  },
  { codigo: 3, domicilio: true, descricao: { pt: "Entrega em domicílio", es: "Entrega a domicilio", en: "Home delivery" } },
];

export interface LoanRequestOptions {
  cod_acervo: number;
  titulo: string;
  /** Libraries holding a copy available for loan (the request's origin). */
  bibliotecas_origem: Array<{ cod_biblioteca: number; desc_biblioteca: string }>;
  /** Every library of the institution (the receiving one). */
  bibliotecas_recebimento: Array<{ cod_biblioteca: number; desc_biblioteca: string }>;
  locais_recebimento: Array<{ codigo: number; descricao: string; domicilio: boolean }>;
  volumes: string[];
  tomos: string[];
  partes: string[];
  materiais: string[];
  /** The patron's contact data, to prefill the form (null for a public token). */
  email: string | null;
  telefone: string | null;
}

async function loanableCopies(db: Db, codAcervo: number) {
  return db
    .selectFrom("exemplar as e")
    .innerJoin("biblioteca as b", "b.cod_biblioteca", "e.cod_biblioteca")
    .select(["e.cod_biblioteca", "b.desc_biblioteca", "e.volume", "e.tomo", "e.parte", "e.material_adicional"])
    .where("e.cod_acervo", "=", codAcervo)
    .where("e.situacao", "=", "disponivel")
    .where("e.tipo_emprestimo", "<>", "consulta_local")
    .orderBy("b.desc_biblioteca")
    .execute();
}

/** `GET /solicitacao-emprestimo/{id}/informacoes-iniciais`; null for an unknown title. */
export async function loanRequestOptions(db: Db, lang: Lang, codAcervo: number, codPessoa: number | null): Promise<LoanRequestOptions | null> {
  const title = await db.selectFrom("acervo").select(["cod_acervo", "titulo"]).where("cod_acervo", "=", codAcervo).executeTakeFirst();
  if (!title) return null;
  const copies = await loanableCopies(db, codAcervo);
  const origin = new Map<number, string>();
  for (const c of copies) origin.set(c.cod_biblioteca, c.desc_biblioteca);
  const libraries = await db.selectFrom("biblioteca").select(["cod_biblioteca", "desc_biblioteca"]).orderBy("desc_biblioteca").execute();
  const patron = codPessoa == null ? null : await patronLimits(db, codPessoa);
  const opts = dimensionOptions(copies);
  return {
    cod_acervo: title.cod_acervo,
    titulo: title.titulo,
    bibliotecas_origem: [...origin].map(([cod_biblioteca, desc_biblioteca]) => ({ cod_biblioteca, desc_biblioteca })),
    bibliotecas_recebimento: libraries,
    locais_recebimento: RECEIVING_LOCATIONS.map((l) => ({ codigo: l.codigo, descricao: l.descricao[lang], domicilio: l.domicilio })),
    volumes: opts.volume,
    tomos: opts.tomo,
    partes: opts.parte,
    materiais: opts.material_adicional,
    email: patron?.email ?? null,
    telefone: patron?.telefone ?? null,
  };
}

/** The loan request payload of spec §3 (already shape-checked by the route's zod schema). */
export interface LoanRequestPayload extends Choice {
  biblioteca_origem: number;
  biblioteca_recebimento: number;
  telefone: string;
  email: string;
  cod_local_recebimento: number;
  pessoa_autorizada?: string | null;
  domicilio?: string | null;
  recebimento_textual?: string | null;
}

export interface LoanRequestResult {
  cod_solicitacao: number;
  cod_acervo: number;
  situacao: string;
  created_at: string;
}

async function requestByKey(db: Db, codPessoa: number, chave: string): Promise<LoanRequestResult | null> {
  const row = await db
    .selectFrom("solicitacao_emprestimo")
    .select(["cod_solicitacao", "cod_acervo", "situacao", "created_at", "cod_pessoa"])
    .where("chave_envio", "=", chave)
    .executeTakeFirst();
  if (!row) return null;
  if (row.cod_pessoa !== codPessoa) throw new ApiError(409, "validacao", { code: "chave_em_uso" });
  return { cod_solicitacao: row.cod_solicitacao, cod_acervo: row.cod_acervo, situacao: row.situacao, created_at: row.created_at };
}

/**
 * `POST /solicitacao-emprestimo/{id}`: creates the request, or refuses it (422 `limite_solicitacoes`,
 * `solicitacao_duplicada`, `sem_exemplar_disponivel`, field errors). A repeated `chave` answers the first.
 */
export async function createLoanRequest(
  db: Db,
  lang: Lang,
  codPessoa: number,
  codAcervo: number,
  payload: LoanRequestPayload,
  chave: string | null,
  msgs: { required: string; invalid: string },
): Promise<{ request: LoanRequestResult; created: boolean }> {
  const replay = async (key: string) => {
    const existing = await requestByKey(db, codPessoa, key);
    return existing ? { request: existing, created: false } : null;
  };
  const earlier = chave ? await replay(chave) : null;
  if (earlier) return earlier;
  return orReplay(chave, replay, () => insertLoanRequest(db, lang, codPessoa, codAcervo, payload, chave, msgs));
}

async function insertLoanRequest(
  db: Db,
  lang: Lang,
  codPessoa: number,
  codAcervo: number,
  payload: LoanRequestPayload,
  chave: string | null,
  msgs: { required: string; invalid: string },
): Promise<{ request: LoanRequestResult; created: boolean }> {
  const title = await db.selectFrom("acervo").select("cod_acervo").where("cod_acervo", "=", codAcervo).executeTakeFirst();
  if (!title) throw new ApiError(404, "nao_encontrado");
  const patron = await patronLimits(db, codPessoa);
  if (patron.bloqueado) throw ruleError(lang, "usuario_bloqueado");
  if (patron.desvinculado_em) throw ruleError(lang, "usuario_desvinculado");

  const errors: Record<string, string[]> = {};
  const location = RECEIVING_LOCATIONS.find((l) => l.codigo === payload.cod_local_recebimento);
  if (!location) errors.cod_local_recebimento = [msgs.invalid];
  if (location?.domicilio && !payload.domicilio?.trim()) errors.domicilio = [msgs.required];
  const receiving = await db
    .selectFrom("biblioteca")
    .select("cod_biblioteca")
    .where("cod_biblioteca", "=", payload.biblioteca_recebimento)
    .executeTakeFirst();
  if (!receiving) errors.biblioteca_recebimento = [msgs.invalid];
  const copies = await loanableCopies(db, codAcervo);
  Object.assign(errors, checkChoice(dimensionOptions(copies), payload, msgs.required, msgs.invalid));
  if (Object.keys(errors).length > 0) throw new ApiError(422, "validacao", { code: "validacao", errors });
  if (!copies.some((c) => c.cod_biblioteca === payload.biblioteca_origem)) throw ruleError(lang, "sem_exemplar_disponivel");

  const v = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
  const open = await db
    .selectFrom("solicitacao_emprestimo")
    .select(["cod_acervo", "volume", "tomo", "parte", "material_adicional"])
    .where("cod_pessoa", "=", codPessoa)
    .where("situacao", "in", OPEN_STATUSES)
    .execute();
  const same = open.some(
    (r) =>
      r.cod_acervo === codAcervo &&
      r.volume === v(payload.volume) &&
      r.tomo === v(payload.tomo) &&
      r.parte === v(payload.parte) &&
      r.material_adicional === v(payload.material_adicional),
  );
  if (same) throw ruleError(lang, "solicitacao_duplicada");
  if (open.length >= patron.limite_solicitacoes) throw ruleError(lang, "limite_solicitacoes");

  const row = await db
    .insertInto("solicitacao_emprestimo")
    .values({
      cod_acervo: codAcervo,
      cod_pessoa: codPessoa,
      biblioteca_origem: payload.biblioteca_origem,
      biblioteca_recebimento: payload.biblioteca_recebimento,
      volume: v(payload.volume),
      tomo: v(payload.tomo),
      parte: v(payload.parte),
      material_adicional: v(payload.material_adicional),
      telefone: payload.telefone.trim(),
      email: payload.email.trim(),
      cod_local_recebimento: payload.cod_local_recebimento,
      pessoa_autorizada: v(payload.pessoa_autorizada),
      domicilio: location?.domicilio ? v(payload.domicilio) : null,
      recebimento_textual: v(payload.recebimento_textual),
      situacao: "aguardando",
      chave_envio: chave,
    })
    .returning(["cod_solicitacao", "cod_acervo", "situacao", "created_at"])
    .executeTakeFirstOrThrow();
  return { request: row, created: true };
}

/** The patron's loan requests, newest first (My account list; `status` filters). */
export async function listLoanRequests(db: Db, codPessoa: number, filter: { dataIni?: string; dataFim?: string; status?: string }) {
  let q = db
    .selectFrom("solicitacao_emprestimo as s")
    .innerJoin("acervo as a", "a.cod_acervo", "s.cod_acervo")
    .innerJoin("biblioteca as o", "o.cod_biblioteca", "s.biblioteca_origem")
    .innerJoin("biblioteca as r", "r.cod_biblioteca", "s.biblioteca_recebimento")
    .select([
      "s.cod_solicitacao",
      "s.cod_acervo",
      "a.titulo",
      "a.idioma",
      "o.desc_biblioteca as biblioteca_origem",
      "r.desc_biblioteca as biblioteca_recebimento",
      "s.situacao",
      "s.created_at",
      "s.volume",
      "s.tomo",
      "s.parte",
      "s.material_adicional",
      "s.cod_local_recebimento",
      "s.recebimento_textual",
      "s.data_cancelamento",
    ])
    .where("s.cod_pessoa", "=", codPessoa);
  if (filter.status) q = q.where("s.situacao", "=", filter.status);
  if (filter.dataIni) q = q.where("s.created_at", ">=", filter.dataIni);
  if (filter.dataFim) q = q.where("s.created_at", "<", `${filter.dataFim}~`);
  return q.orderBy("s.created_at", "desc").orderBy("s.cod_solicitacao", "desc").execute();
}

/**
 * `DELETE /solicitacao-emprestimo/{id}`: the patron cancels a request still waiting. Answers `cancelada`
 * (now), `nao_encontrada` (not theirs) or `nao_cancelavel` (already handled by the library, or cancelled).
 */
export async function cancelLoanRequest(
  db: Db,
  codPessoa: number,
  codSolicitacao: number,
  now: string,
): Promise<"cancelada" | "nao_encontrada" | "nao_cancelavel"> {
  const res = await db
    .updateTable("solicitacao_emprestimo")
    .set({ situacao: "cancelada", data_cancelamento: now })
    .where("cod_solicitacao", "=", codSolicitacao)
    .where("cod_pessoa", "=", codPessoa)
    .where("situacao", "=", "aguardando")
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return "cancelada";
  const row = await db
    .selectFrom("solicitacao_emprestimo")
    .select("situacao")
    .where("cod_solicitacao", "=", codSolicitacao)
    .where("cod_pessoa", "=", codPessoa)
    .executeTakeFirst();
  return row ? "nao_cancelavel" : "nao_encontrada";
}
