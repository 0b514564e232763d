import { z } from "zod";

/** Export formats of the basket and the reference page (the API's `tipo`). */
export const EXPORT_FORMATS = ["referencia", "apa", "mla", "chicago", "vancouver", "ris", "bibtex", "iso2709", "marcxml", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Formats that can be shown as text and sent by e-mail (ISO 2709 is a binary-like download only). */
export const TEXT_FORMATS = EXPORT_FORMATS.filter((f) => f !== "iso2709");

/** True when `value` names an export format. */
export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === "string" && (EXPORT_FORMATS as readonly string[]).includes(value);
}

const id = z.coerce.number().int().positive().max(999_999_999_999_999);

/**
 * The basket's button forms (add one, add all on the page, remove one, keep the selection, clear):
 * `intent` plus the `acervo` values (repeated field). Buttons, not typed input, so nothing to show back.
 */
export const BasketChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), acervos: z.array(id).min(1).max(100) }),
  z.object({ intent: z.literal("remove"), acervos: z.array(id).min(1).max(100) }),
  z.object({ intent: z.literal("set"), acervos: z.array(id).max(100) }),
  z.object({ intent: z.literal("clear") }),
]);

/** Basket page status messages carried in the query after a redirect (`?aviso=`). */
export const BASKET_NOTICES = ["added", "removed", "set", "cleared", "full", "sent", "saved"] as const;
export type BasketNotice = (typeof BASKET_NOTICES)[number];

// Deliberately simple (like input type=email): one @, no spaces, a dot in the domain.
const EMAIL = /^[^\s@;]+@[^\s@;.]+(\.[^\s@;.]+)+$/;

/** Splits "a@x.org; b@y.org" on semicolons (trimmed, empties dropped) and returns the invalid addresses. */
export function invalidRecipients(value: string): string[] {
  return value
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean)
    .filter((a) => !EMAIL.test(a) || a.length > 254);
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The e-mail form (conform + zod, on the server and in the browser). Messages come already translated
 * through `t`, because the invalid-address message names the address.
 */
export function createBasketEmailSchema(t: Translate) {
  return z.object({
    tipo: z.enum(TEXT_FORMATS as [ExportFormat, ...ExportFormat[]], { error: t("basket:email.formatRequired") }),
    destinatarios: z
      .string({ error: t("basket:email.recipientsRequired") })
      .trim()
      .min(1, { error: t("basket:email.recipientsRequired"), abort: true })
      .max(2000, { error: t("basket:email.recipientsTooLong") })
      .superRefine((value, ctx) => {
        const bad = invalidRecipients(value);
        if (bad.length === 0 && value.split(";").every((s) => !s.trim())) {
          ctx.addIssue({ code: "custom", message: t("basket:email.recipientsRequired") });
        }
        for (const address of bad) ctx.addIssue({ code: "custom", message: t("basket:email.invalidAddress", { address }) });
      }),
    mensagem: z
      .string()
      .trim()
      .max(1000, { error: t("basket:email.messageTooLong") })
      .optional(),
  });
}
export type BasketEmailInput = z.infer<ReturnType<typeof createBasketEmailSchema>>;
