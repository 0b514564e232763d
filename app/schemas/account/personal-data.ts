import { isValidCep, isValidCpf } from "@brazilian-utils/brazilian-utils";
import { z } from "zod";
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
  .object({ guardar: z.enum(["sim", "nao"], { error: "profile:errors.choose_option" }), confirmar: z.string().optional() })
  .refine((v) => v.guardar === "sim" || v.confirmar === "sim", { path: ["confirmar"], message: "profile:errors.confirm_delete" });
