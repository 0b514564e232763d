/**
 * How the patron-request rules (holds, loan requests, the waiting list, comments, suggestions, requests to the
 * library) say no: a reason code, and for a form's fields a problem code per field. Never an HTTP status, never
 * words: the routes map each code to a status and to the words of the request's language.
 */

/** Why a rule refuses a patron's request. */
export type RuleCode =
  | "exemplar_disponivel"
  | "sem_exemplar_reservavel"
  | "reserva_existente"
  | "titulo_emprestado"
  | "limite_reservas"
  | "usuario_bloqueado"
  | "usuario_desvinculado"
  | "limite_solicitacoes"
  | "solicitacao_duplicada"
  | "sem_exemplar_disponivel"
  | "lista_espera_indisponivel"
  | "limite_comentarios"
  | "atividade_negada"
  | "somente_professor";

/** What is wrong with one field of a form: left empty, or not one of the values it may take. */
export type FieldProblem = "obrigatorio" | "invalido";
/** The form's fields with a problem, in the order they were checked (the answer lists them in that order). */
export type FieldProblems = Record<string, FieldProblem>;

/** A refusal with a reason code and nothing else. */
export interface Refused<R extends string> {
  ok: false;
  reason: R;
}

/** A form refused for its fields. */
export interface FieldsRefused {
  ok: false;
  reason: "campos";
  fields: FieldProblems;
}

/** The record the request names does not exist (an unknown title). */
export type NotFound = Refused<"nao_encontrado">;

/** The form's idempotency key belongs to another patron's record: never revealed, answered as a conflict. */
export type KeyInUse = Refused<"chave_em_uso">;

export const refused = <R extends string>(reason: R): Refused<R> => ({ ok: false, reason });

/** `fields` as a refusal when any field has a problem, else null. */
export function fieldsRefused(fields: FieldProblems): FieldsRefused | null {
  return Object.keys(fields).length > 0 ? { ok: false, reason: "campos", fields } : null;
}
