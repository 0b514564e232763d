/**
 * How the routes answer a refusal of the patron-request rules (`api/domain/refusals.ts`): each reason code gets its
 * HTTP status here and its words from `./messages.ts`, in the request's language.
 */
import type { FieldProblem, FieldProblems, RuleCode } from "../domain/refusals.ts";
import { ApiError } from "../lib/errors.ts";
import { msg, type Lang } from "../lib/messages.ts";
import { ruleMessage, suggestionFieldNotFilled } from "./messages.ts";

/** A rule the patron's category or role decides is forbidden (403); every other rule refuses the request itself (422). */
const FORBIDDEN: ReadonlySet<RuleCode> = new Set(["atividade_negada", "somente_professor"]);

/** A rule's refusal: 403 or 422 with `{message, code}` in the request's language. */
export function ruleError(lang: Lang, code: RuleCode): ApiError {
  return new ApiError(FORBIDDEN.has(code) ? 403 : 422, "validacao", { code, message: ruleMessage(lang, code) });
}

/** The words of a field's problem: "required" and "invalid value" unless the group says otherwise. */
export type FieldWords = (field: string, problem: FieldProblem) => string;

export const plainFieldWords =
  (lang: Lang): FieldWords =>
  (_field, problem) =>
    msg(lang, problem === "obrigatorio" ? "campo_obrigatorio" : "valor_invalido");

/** A suggestion's fields: "required field not filled: <field>" (spec §5), or "invalid value". */
export const suggestionFieldWords =
  (lang: Lang): FieldWords =>
  (field, problem) =>
    problem === "obrigatorio" ? suggestionFieldNotFilled(lang, field) : msg(lang, "valor_invalido");

/** A form refused for its fields: 422 `validacao` with one message per field, in the order they were checked. */
export function fieldsError(fields: FieldProblems, words: FieldWords): ApiError {
  const errors = Object.fromEntries(Object.entries(fields).map(([field, problem]) => [field, [words(field, problem)]]));
  return new ApiError(422, "validacao", { code: "validacao", errors });
}

/** Any refusal of the request rules, as the error the API answers. */
export type RequestRefusal =
  | { ok: false; reason: RuleCode }
  | { ok: false; reason: "campos"; fields: FieldProblems }
  | { ok: false; reason: "nao_encontrado" | "chave_em_uso" | "ocupado" };

/**
 * The answer to a refusal: an unknown title is 404, a form key of another patron's 409 `chave_em_uso`, a queue
 * that stayed busy 503, field problems 422 `validacao`, and a rule 403 or 422 with its words.
 */
export function refusalError(lang: Lang, refusal: RequestRefusal, words: FieldWords = plainFieldWords(lang)): ApiError {
  switch (refusal.reason) {
    case "nao_encontrado":
      return new ApiError(404, "nao_encontrado");
    case "chave_em_uso":
      return new ApiError(409, "validacao", { code: "chave_em_uso" });
    case "ocupado":
      return new ApiError(503, "erro_inesperado");
    case "campos":
      return fieldsError(refusal.fields, words);
    default:
      return ruleError(lang, refusal.reason);
  }
}
