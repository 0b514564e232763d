/** What the interest profile screens share: their failed-action answer and the mapping of the API's refusals (ADR 191). */
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { ApiError, describeError } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";
import { fieldErrors } from "~/schemas/account/interest-profiles";

type Ctx = Readonly<RouterContextProvider>;

/** A failed form: which form, each field's translated message, and what the patron sent (to draw it again). */
export interface ProfileActionData {
  form: string;
  errors: Record<string, string>;
  values: Record<string, string | string[]>;
}

/** The API's rule codes that have their own message (docs/api.md "Perfil-interesse"). */
const RULE_CODES = ["validade_passada", "validade_longe", "itens_obrigatorio", "tipos_obrigatorio", "nao_periodico", "periodico_existente"];

/** A 400 answer that draws `form` again with its errors beside the fields. */
export function refused(form: string, errors: Record<string, string>, values: Record<string, string | string[]>) {
  return data<ProfileActionData>({ form, errors, values }, { status: 400 });
}

/** A form that failed its schema: each field's message, translated. */
export function invalidForm(context: Ctx, form: string, error: z.ZodError, values: Record<string, string | string[]>) {
  const t = getT(context);
  const errors = Object.fromEntries(Object.entries(fieldErrors(error)).map(([f, key]) => [f, t(key)]));
  return refused(form, errors, values);
}

/**
 * The API refused a write: its rule (422 with a code we word ourselves, else its field message, already in the
 * patron's language) beside the field it names, or the spec §8 message for the form. A 401 and non-API errors
 * pass through.
 */
export function apiRefusal(context: Ctx, err: unknown, form: string, values: Record<string, string | string[]>, fallbackField = "_") {
  if (!(err instanceof ApiError) || err.status === 401) throw err;
  const t = getT(context);
  const field = Object.keys(err.errors ?? {})[0] ?? fallbackField;
  let message: string;
  if (err.code && RULE_CODES.includes(err.code)) message = t(`interests:errors.${err.code}`);
  else if (err.status === 422 && err.errors?.[field]?.[0]) message = err.errors[field][0];
  else {
    const m = describeError(err);
    message = t(m.key, m.values);
  }
  return data<ProfileActionData>({ form, errors: { [field]: message }, values }, { status: err.status === 0 ? 503 : 400 });
}

/** A new profile's suggested expiry date: a year from today. */
export function defaultValidity(now = Date.now()): string {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}
