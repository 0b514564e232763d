/**
 * Loan requests (spec §3 "Loan request", §4 outcomes, §5 validation): a patron asks a library to set a copy
 * aside and deliver it at a receiving library and location. Outcomes: created, refused over the category's
 * limit, refused as a duplicate of an open request. The form's idempotency key (`chave_envio`, unique in the
 * table) makes a double submit answer the request already created.
 */
import { libraryExists } from "../db/directory.ts";
import { titleRow } from "../db/holds.ts";
import type { Db } from "../db/index.ts";
import {
  cancelWaitingRequest,
  insertLoanRequest as insertRequestRow,
  librariesByName,
  loanableCopies,
  loanRequestsOf,
  requestsInStatus,
  requestStatus,
  requestWithKey,
} from "../db/loan-requests.ts";
import { checkChoice, dimensionOptions, orReplay, patronLimits, type Choice } from "./holds.ts";
import { fieldsRefused, refused, type FieldProblems, type FieldsRefused, type KeyInUse, type NotFound, type Refused } from "./refusals.ts";

/** Open statuses: a request in one of them counts towards the limit and blocks a duplicate. */
export const OPEN_STATUSES = ["aguardando", "disponivel", "transito"];

/** Where a requested copy can be received (the route names them). `domicilio` locations need the home address (spec §5). */
export const RECEIVING_LOCATIONS: ReadonlyArray<{ codigo: number; domicilio: boolean }> = [
  { codigo: 1, domicilio: false },
  { codigo: 2, domicilio: false },
  { codigo: 3, domicilio: true },
];

export interface LoanRequestOptions {
  cod_acervo: number;
  titulo: string;
  /** Libraries holding a copy available for loan (the request's origin). */
  bibliotecas_origem: Array<{ cod_biblioteca: number; desc_biblioteca: string }>;
  /** Every library of the institution (the receiving one). */
  bibliotecas_recebimento: Array<{ cod_biblioteca: number; desc_biblioteca: string }>;
  /** Where the copy can be received; the route adds each one's name. */
  locais_recebimento: Array<{ codigo: number; domicilio: boolean }>;
  volumes: string[];
  tomos: string[];
  partes: string[];
  materiais: string[];
  /** The patron's contact data, to prefill the form (null for a public token). */
  email: string | null;
  telefone: string | null;
}

/** `GET /solicitacao-emprestimo/{id}/informacoes-iniciais`; null for an unknown title. */
export async function loanRequestOptions(db: Db, codAcervo: number, codPessoa: number | null): Promise<LoanRequestOptions | null> {
  const title = await titleRow(db, codAcervo);
  if (!title) return null;
  const copies = await loanableCopies(db, codAcervo);
  const origin = new Map<number, string>();
  for (const c of copies) origin.set(c.cod_biblioteca, c.desc_biblioteca);
  const libraries = await librariesByName(db);
  const patron = codPessoa == null ? null : await patronLimits(db, codPessoa);
  const opts = dimensionOptions(copies);
  return {
    cod_acervo: title.cod_acervo,
    titulo: title.titulo,
    bibliotecas_origem: [...origin].map(([cod_biblioteca, desc_biblioteca]) => ({ cod_biblioteca, desc_biblioteca })),
    bibliotecas_recebimento: libraries,
    locais_recebimento: RECEIVING_LOCATIONS.map((l) => ({ codigo: l.codigo, domicilio: l.domicilio })),
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

/** The request created under the form's key, "chave_em_uso" when the key is another patron's, or null. */
async function requestByKey(db: Db, codPessoa: number, chave: string): Promise<LoanRequestResult | "chave_em_uso" | null> {
  const row = await requestWithKey(db, chave);
  if (!row) return null;
  if (row.cod_pessoa !== codPessoa) return "chave_em_uso";
  return { cod_solicitacao: row.cod_solicitacao, cod_acervo: row.cod_acervo, situacao: row.situacao, created_at: row.created_at };
}

/** Why a loan request is refused. */
export type LoanRequestRefusalCode =
  "usuario_bloqueado" | "usuario_desvinculado" | "sem_exemplar_disponivel" | "solicitacao_duplicada" | "limite_solicitacoes";

export type LoanRequestOutcome =
  { ok: true; request: LoanRequestResult; created: boolean } | NotFound | FieldsRefused | KeyInUse | Refused<LoanRequestRefusalCode>;

/** The open requests of a patron, as the duplicate and limit rules see them. */
export interface OpenRequest {
  cod_acervo: number;
  volume: string | null;
  tomo: string | null;
  parte: string | null;
  material_adicional: string | null;
}

const clean = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

/**
 * The fields a loan request must get right (spec §5): a known receiving location, the home address when the
 * location is a home delivery, a known receiving library (`receivingExists`), and each copy dimension among the options.
 */
export function loanRequestFieldProblems(
  payload: LoanRequestPayload,
  receivingExists: boolean,
  copies: Parameters<typeof dimensionOptions>[0],
): FieldProblems {
  const problems: FieldProblems = {};
  const location = RECEIVING_LOCATIONS.find((l) => l.codigo === payload.cod_local_recebimento);
  if (!location) problems.cod_local_recebimento = "invalido";
  if (location?.domicilio && !payload.domicilio?.trim()) problems.domicilio = "obrigatorio";
  if (!receivingExists) problems.biblioteca_recebimento = "invalido";
  Object.assign(problems, checkChoice(dimensionOptions(copies), payload));
  return problems;
}

/**
 * What the patron's open requests refuse (spec §8, ADR 091): the same title and copy already asked for (reported
 * first), then the category's limit of open requests. Null when neither does.
 */
export function openRequestsRefusal(
  codAcervo: number,
  choice: Choice,
  open: readonly OpenRequest[],
  limite: number,
): "solicitacao_duplicada" | "limite_solicitacoes" | null {
  const same = open.some(
    (r) =>
      r.cod_acervo === codAcervo &&
      r.volume === clean(choice.volume) &&
      r.tomo === clean(choice.tomo) &&
      r.parte === clean(choice.parte) &&
      r.material_adicional === clean(choice.material_adicional),
  );
  if (same) return "solicitacao_duplicada";
  if (open.length >= limite) return "limite_solicitacoes";
  return null;
}

/**
 * `POST /solicitacao-emprestimo/{id}`: creates the request, or answers why not (an unknown title; the patron blocked
 * or unlinked; field problems; `sem_exemplar_disponivel`, `solicitacao_duplicada`, `limite_solicitacoes`). A
 * repeated `chave` answers the first.
 */
export async function createLoanRequest(
  db: Db,
  codPessoa: number,
  codAcervo: number,
  payload: LoanRequestPayload,
  chave: string | null,
): Promise<LoanRequestOutcome> {
  const replay = async (key: string): Promise<LoanRequestOutcome | null> => {
    const existing = await requestByKey(db, codPessoa, key);
    if (existing === "chave_em_uso") return refused(existing);
    return existing ? { ok: true, request: existing, created: false } : null;
  };
  const earlier = chave ? await replay(chave) : null;
  if (earlier) return earlier;
  return orReplay(chave, replay, () => insertLoanRequest(db, codPessoa, codAcervo, payload, chave));
}

async function insertLoanRequest(
  db: Db,
  codPessoa: number,
  codAcervo: number,
  payload: LoanRequestPayload,
  chave: string | null,
): Promise<LoanRequestOutcome> {
  if (!(await titleRow(db, codAcervo))) return refused("nao_encontrado");
  const patron = await patronLimits(db, codPessoa);
  if (patron.bloqueado) return refused("usuario_bloqueado");
  if (patron.desvinculado_em) return refused("usuario_desvinculado");

  const receiving = await libraryExists(db, payload.biblioteca_recebimento);
  const copies = await loanableCopies(db, codAcervo);
  const badFields = fieldsRefused(loanRequestFieldProblems(payload, Boolean(receiving), copies));
  if (badFields) return badFields;
  if (!copies.some((c) => c.cod_biblioteca === payload.biblioteca_origem)) return refused("sem_exemplar_disponivel");

  const open = await requestsInStatus(db, codPessoa, OPEN_STATUSES);
  const refusal = openRequestsRefusal(codAcervo, payload, open, patron.limite_solicitacoes);
  if (refusal) return refused(refusal);

  const location = RECEIVING_LOCATIONS.find((l) => l.codigo === payload.cod_local_recebimento);
  const row = await insertRequestRow(db, {
    cod_acervo: codAcervo,
    cod_pessoa: codPessoa,
    biblioteca_origem: payload.biblioteca_origem,
    biblioteca_recebimento: payload.biblioteca_recebimento,
    volume: clean(payload.volume),
    tomo: clean(payload.tomo),
    parte: clean(payload.parte),
    material_adicional: clean(payload.material_adicional),
    telefone: payload.telefone.trim(),
    email: payload.email.trim(),
    cod_local_recebimento: payload.cod_local_recebimento,
    pessoa_autorizada: clean(payload.pessoa_autorizada),
    domicilio: location?.domicilio ? clean(payload.domicilio) : null,
    recebimento_textual: clean(payload.recebimento_textual),
    chave_envio: chave,
  });
  return { ok: true, request: row, created: true };
}

/** The patron's loan requests, newest first (My account list; `status` filters). */
export function listLoanRequests(db: Db, codPessoa: number, filter: { dataIni?: string; dataFim?: string; status?: string }) {
  return loanRequestsOf(db, codPessoa, filter);
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
  if (await cancelWaitingRequest(db, codPessoa, codSolicitacao, now)) return "cancelada";
  return (await requestStatus(db, codPessoa, codSolicitacao)) ? "nao_cancelavel" : "nao_encontrada";
}
