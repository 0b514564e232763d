/**
 * Requests to the library (spec §3, §4, §5, §8; ADR 190): interlibrary loan, bibliographic switching (article,
 * thesis, part of a document), bibliographic survey, catalogue card and specialised search.
 * Rules: the kind's cross-field checks (a survey's date range and bibliography pages, spec §5), the duplicate
 * rule (an open request of the same kind with the same data) and the category's limit of open requests of a
 * kind, reported in that order. Outcomes are codes; the route maps them to statuses and messages.
 */
import type { Db } from "../db/index.ts";
import { countRequests, hasDuplicate, insertRequest, listRequests, requestLimitOf, type LibraryRequestRow } from "../db/library-requests.ts";
import { parseJsonObject } from "../lib/http.ts";

/** The kinds, as their spec §7 path segments. */
export const REQUEST_KINDS = [
  "emprestimo-inter-bibliotecas",
  "comutacao-bibliografica",
  "levantamento-bibliografico",
  "ficha-catalografica",
  "pesquisa-especializada",
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** The three kinds of bibliographic switching (spec §3). */
export const SWITCHING_TYPES = ["artigo", "tese", "parte-documento"] as const;
export type SwitchingType = (typeof SWITCHING_TYPES)[number];

/** Statuses of a request; the first two are open (they count towards the limit and block a duplicate). */
export const REQUEST_STATUSES = ["aguardando", "em_andamento", "atendida", "nao_atendida"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const OPEN_REQUEST_STATUSES: readonly RequestStatus[] = ["aguardando", "em_andamento"];

export const DEFENCE_DEGREES = ["mestrado", "doutorado", "pos_doutorado"] as const;
export const PUBLICATION_TYPES = ["impresso", "online", "ambos"] as const;
export const WORK_TYPES = ["tcc", "especializacao", "mestrado", "doutorado"] as const;

/** Field codes of the cross-field rules. */
export type FieldIssue = "data_ordem" | "datas_ambas" | "pagina_ordem" | "paginas_ambas";

export type RequestData = Record<string, string | number | boolean | null | undefined>;

/** Spec §5: a range needs both ends (when `required`, or when one is given) and start ≤ end. */
function checkRange(
  data: RequestData,
  start: string,
  end: string,
  issues: Record<string, FieldIssue>,
  codes: { both: FieldIssue; order: FieldIssue },
) {
  const a = data[start];
  const b = data[end];
  const has = (v: unknown) => v !== undefined && v !== null && v !== "";
  if (has(a) !== has(b)) {
    issues[has(a) ? end : start] = codes.both;
    return;
  }
  if (has(a) && has(b) && (typeof a === "number" && typeof b === "number" ? a > b : String(a) > String(b))) issues[end] = codes.order;
}

/** The kind's cross-field rules (spec §5); an empty object when the data passes. */
export function crossFieldIssues(kind: RequestKind, data: RequestData): Record<string, FieldIssue> {
  const issues: Record<string, FieldIssue> = {};
  if (kind === "levantamento-bibliografico") {
    checkRange(data, "data_inicio", "data_fim", issues, { both: "datas_ambas", order: "data_ordem" });
    checkRange(data, "pagina_bibliografia_inicial", "pagina_bibliografia_final", issues, { both: "paginas_ambas", order: "pagina_ordem" });
  }
  if (kind === "pesquisa-especializada") checkRange(data, "periodo_inicio", "periodo_fim", issues, { both: "datas_ambas", order: "data_ordem" });
  return issues;
}

/** Fields that do not make two requests different (contact data and free notes). */
const NOT_IN_KEY = new Set(["email", "observacao"]);

/** The duplicate key: the kind, its type and its fields, trimmed, case- and space-insensitive, in a fixed order. */
export function duplicateKey(kind: RequestKind, subtype: string | null, data: RequestData): string {
  const parts = Object.keys(data)
    .filter((k) => !NOT_IN_KEY.has(k) && data[k] !== undefined && data[k] !== null && data[k] !== "")
    .sort()
    .map((k) => `${k}=${String(data[k]).normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("pt-BR")}`);
  return [kind, subtype ?? "", ...parts].join("|");
}

export type CreateOutcome =
  | { ok: true; request: LibraryRequestView }
  | { ok: false; reason: "campos"; issues: Record<string, FieldIssue> }
  | { ok: false; reason: "solicitacao_duplicada" | "limite_solicitacoes" };

/** A request as the API answers it. */
export interface LibraryRequestView {
  cod_solicitacao: number;
  tipo: string;
  subtipo: string | null;
  situacao: string;
  created_at: string;
  data_resposta: string | null;
  dados: Record<string, unknown>;
  resposta: Record<string, unknown> | null;
}

export function viewOf(row: LibraryRequestRow): LibraryRequestView {
  return {
    cod_solicitacao: row.cod_solicitacao,
    tipo: row.tipo,
    subtipo: row.subtipo,
    situacao: row.situacao,
    created_at: row.created_at,
    data_resposta: row.data_resposta,
    dados: parseJsonObject(row.dados),
    resposta: row.resposta ? parseJsonObject(row.resposta) : null,
  };
}

/** Creates a request after the cross-field rules, the duplicate rule and the category's limit, in that order. */
export async function createRequest(db: Db, codPessoa: number, kind: RequestKind, subtype: string | null, data: RequestData): Promise<CreateOutcome> {
  const issues = crossFieldIssues(kind, data);
  if (Object.keys(issues).length > 0) return { ok: false, reason: "campos", issues };
  const clean = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== null && v !== ""));
  const chave = duplicateKey(kind, subtype, clean);
  // A duplicate is reported before the limit (the same order as loan requests, ADR 091).
  if (await hasDuplicate(db, codPessoa, kind, chave, OPEN_REQUEST_STATUSES)) return { ok: false, reason: "solicitacao_duplicada" };
  const open = await countRequests(db, codPessoa, kind, OPEN_REQUEST_STATUSES);
  if (open >= (await requestLimitOf(db, codPessoa))) return { ok: false, reason: "limite_solicitacoes" };
  const row = await insertRequest(db, {
    cod_pessoa: codPessoa,
    tipo: kind,
    subtipo: subtype,
    dados: JSON.stringify(clean),
    chave_duplicidade: chave,
  });
  return { ok: true, request: viewOf(row) };
}

/** The patron's requests of a kind, newest first. */
export async function patronRequests(db: Db, codPessoa: number, kind: RequestKind, status?: string): Promise<LibraryRequestView[]> {
  return (await listRequests(db, codPessoa, kind, status)).map(viewOf);
}
