/**
 * The interest profile's forms (spec §5: a periodical needs at least one journal type), parsed from form data on
 * the server. Messages are keys of the `interests` namespace; the API checks the rest (the expiry date's window,
 * codes the catalogue knows) and its refusals are mapped back to the same fields.
 */
import { z } from "zod";
import { MIN_ANY_WORD_LENGTH } from "../../../contract/search-terms";
import { DSI_KINDS, PERIODICAL_NEWS } from "~/lib/api/account/interest-profile-types";

export const ERR = {
  validadeRequired: "interests:errors.validade_required",
  validadeInvalid: "interests:errors.validade_invalid",
  itensRequired: "interests:errors.itens_obrigatorio",
  tiposRequired: "interests:errors.tipos_obrigatorio",
  termoShort: "interests:errors.termo_curto",
  invalid: "interests:errors.invalid",
} as const;

const validade = z
  .string({ error: ERR.validadeRequired })
  .trim()
  .min(1, ERR.validadeRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, ERR.validadeInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), ERR.validadeInvalid);

export const ValiditySchema = z.object({ validade });

export const AddItemsSchema = z.object({
  tipoDSI: z.enum(DSI_KINDS, { error: ERR.invalid }),
  validade,
  itens: z.array(z.string().trim().min(1).max(60)).min(1, ERR.itensRequired).max(50, ERR.invalid),
});

export const PeriodicalSchema = z.object({
  cod_acervo: z.coerce.number({ error: ERR.invalid }).int(ERR.invalid).positive(ERR.invalid),
  tipos: z.array(z.enum(PERIODICAL_NEWS, { error: ERR.invalid })).min(1, ERR.tiposRequired),
});

export const WorkTypesSchema = z.object({ tipos: z.array(z.coerce.number().int().positive()).max(100) });

/** Shortest search term (spec §5), the API's own (contract/request-fields.ts). */
export const MIN_TERM = MIN_ANY_WORD_LENGTH;

/** The fields of a form: single values as strings, the repeated ones (checkbox groups) as lists. */
export function formFields(form: FormData, lists: readonly string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    out[key] = lists.includes(key) ? form.getAll(key).map(String) : String(form.get(key) ?? "");
  }
  for (const key of lists) out[key] ??= [];
  return out;
}

/** The first message key of each invalid field of a failed parse. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "_");
    out[field] ??= issue.message.startsWith("interests:") ? issue.message : ERR.invalid;
  }
  return out;
}
