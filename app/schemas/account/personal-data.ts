import { isValidCep, isValidCpf } from "@brazilian-utils/brazilian-utils";
import { z } from "zod";
import { EMAIL_MAX, isEmailAddress, phoneIssue } from "../../../contract/contact-details";
import { HISTORY_CHOICES } from "../../../contract/notifications";
import { EDUCATION_LEVELS, GENDERS, MARITAL_STATUSES } from "~/lib/api/account/types";

const text = (max = 200) => z.string().trim().max(max, "profile:errors.too_long").optional();
const choice = (options: readonly string[]) =>
  z
    .string()
    .optional()
    .refine((v) => !v || options.includes(v), "profile:errors.choose_option");

/**
 * The personal-data form (spec §3): every field optional (a blank one is cleared); the CPF with its check digits
 * and the CEP in the Correios format, both checked by @brazilian-utils. The same schema runs in the browser
 * (conform) and in the action. Read-only fields are simply not posted.
 */
export const PersonalDataFormSchema = z.object({
  // Spec §5: digits, dash, parentheses and space, at most 16 (ADR 236); blank clears it.
  telefone: z
    .string()
    .trim()
    .max(200, "profile:errors.phone")
    .optional()
    .refine((v) => !v || phoneIssue(v) === null, "profile:errors.phone"),
  logradouro: text(),
  complemento: text(),
  cep: text(20).refine((v) => !v || (/^[\d.\-\s]+$/.test(v) && isValidCep(v)), "profile:errors.cep"),
  bairro: text(),
  cidade: text(),
  cpf: text(20).refine((v) => !v || (/^[\d.\-\s]+$/.test(v) && isValidCpf(v)), "profile:errors.cpf"),
  sexo: choice(GENDERS),
  escolaridade: choice(EDUCATION_LEVELS),
  localizacao: text(),
  profissao: text(),
  estado_civil: choice(MARITAL_STATUSES),
  // A checkbox: present ("on") when ticked.
  recebe_email: z.string().optional(),
});
export type PersonalDataForm = z.infer<typeof PersonalDataFormSchema>;

/** The loan-history choice: keeping it or not; turning it off needs the confirmation box (it deletes the history). */
export const HistoryChoiceFormSchema = z
  .object({ guardar: z.enum(HISTORY_CHOICES, { error: "profile:errors.choose_option" }), apagar: z.string().optional() })
  // Deleting what is kept goes with "never" only (ADR 249): with a keeping choice it would be undone at once.
  .refine((v) => v.apagar !== "sim" || v.guardar === "nunca", { path: ["apagar"], message: "profile:errors.delete_needs_never" });

/** A new e-mail address (ADR 236): one address; the API mails it a confirmation link. */
export const EmailChangeFormSchema = z.object({
  email: z
    .string({ error: "profile:errors.email_required" })
    .trim()
    .max(EMAIL_MAX, "profile:errors.email_invalid")
    .refine((v) => isEmailAddress(v), "profile:errors.email_invalid"),
});

/** The confirmation page's one button: the link's token, carried in a hidden field. */
export const EmailConfirmFormSchema = z.object({ token: z.string().min(1).max(200) });
