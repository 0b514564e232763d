import { z } from "zod";
import { PHONE_MAX, PHONE_PATTERN } from "../../contract/contact-details";
import { REQUEST_NOTE_MAX, REQUEST_TEXT_MAX } from "../../contract/request-fields";
import { dimensionShape, type DimensionOptions } from "./hold";

/** Phone input (spec §5): digits, dash, parentheses and space, at most 16 characters (the personal data's rule). */
export { PHONE_MAX };

/** How the patron asks to receive the item, in their words (spec §3 `recebimento_textual`): optional, at most this long. */
export { REQUEST_NOTE_MAX };

/** Removes every character a phone field does not keep (used while typing, with JS). */
export function cleanPhone(value: string): string {
  return value.replace(/[^0-9()\- ]/g, "").slice(0, PHONE_MAX);
}

/**
 * The loan request form (spec §3 payload, §5 rules): receiving library, location, a valid e-mail and the
 * phone are required; the home address is required for a home-delivery location; the authorised person is
 * optional. Built from the title's options.
 */
export function loanRequestSchema(
  options: DimensionOptions & {
    bibliotecas_origem: Array<{ cod_biblioteca: number }>;
    locais_recebimento: Array<{ codigo: number; domicilio: boolean }>;
  },
) {
  const homeLocations = options.locais_recebimento.filter((l) => l.domicilio).map((l) => l.codigo);
  const origins = options.bibliotecas_origem.map((b) => b.cod_biblioteca);
  return z
    .object({
      ...dimensionShape(options),
      biblioteca_origem: z
        .number({ error: "requests:errors.origin_required" })
        .int()
        .refine((v) => origins.includes(v), "requests:errors.option_invalid"),
      biblioteca_recebimento: z.number({ error: "requests:errors.receiving_required" }).int().positive(),
      cod_local_recebimento: z.number({ error: "requests:errors.location_required" }).int().positive(),
      email: z.string({ error: "requests:errors.email_required" }).trim().email("requests:errors.email_invalid").max(200),
      telefone: z
        .string({ error: "requests:errors.phone_required" })
        .trim()
        .max(PHONE_MAX, "requests:errors.phone_invalid")
        .regex(PHONE_PATTERN, "requests:errors.phone_invalid"),
      pessoa_autorizada: z.string().trim().max(REQUEST_TEXT_MAX, "requests:errors.authorised_too_long").optional(),
      domicilio: z.string().trim().max(REQUEST_NOTE_MAX, "requests:errors.address_too_long").optional(),
      recebimento_textual: z.string().trim().max(REQUEST_NOTE_MAX, "requests:errors.receiving_note_too_long").optional(),
      chave: z.string({ error: "requests:errors.stale_form" }).min(8, "requests:errors.stale_form").max(100),
    })
    .superRefine((v, ctx) => {
      if (homeLocations.includes(v.cod_local_recebimento) && !v.domicilio) {
        ctx.addIssue({ code: "custom", path: ["domicilio"], message: "requests:errors.address_required" });
      }
    });
}

/** The loan request form's fields, in the order its errors are listed. */
export const LOAN_REQUEST_FIELDS = [
  "biblioteca_origem",
  "biblioteca_recebimento",
  "cod_local_recebimento",
  "email",
  "telefone",
  "pessoa_autorizada",
  "domicilio",
  "recebimento_textual",
  "volume",
  "tomo",
  "parte",
  "material_adicional",
];
