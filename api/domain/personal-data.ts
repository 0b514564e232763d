/**
 * Personal data (spec §3 "Personal data"): which fields exist, which the institution lets the patron change,
 * and the rules a change must follow. Returns reason codes; the route turns them into statuses and messages.
 */
import { isValidCep, isValidCpf } from "@brazilian-utils/brazilian-utils";

import { EDUCATION_LEVELS, GENDERS, MARITAL_STATUSES, PERSONAL_FIELDS, type PersonalField } from "../../contract/personal-data.ts";

export { EDUCATION_LEVELS, GENDERS, MARITAL_STATUSES, PERSONAL_FIELDS, type PersonalField } from "../../contract/personal-data.ts";

/** When the institution names no list (parametros.dados_pessoais_editaveis): the registry owns identity fields. */
export const DEFAULT_EDITABLE: PersonalField[] = PERSONAL_FIELDS.filter((f) => !["identidade", "nacionalidade", "data_nascimento"].includes(f));

/** The institution's list of fields a patron may change, ignoring unknown names. */
export function editableFields(setting: unknown): PersonalField[] {
  if (!Array.isArray(setting)) return DEFAULT_EDITABLE;
  return PERSONAL_FIELDS.filter((f) => setting.includes(f));
}

export type PersonalData = { [K in Exclude<PersonalField, "recebe_email">]: string | null } & { recebe_email: boolean };

export type PersonalDataIssue = "nao_editavel" | "cpf_invalido" | "cep_invalido" | "data_invalida" | "data_futura" | "opcao_invalida" | "muito_longo";

const MAX_TEXT = 200;
const ENUMS: Partial<Record<PersonalField, readonly string[]>> = { estado_civil: MARITAL_STATUSES, sexo: GENDERS, escolaridade: EDUCATION_LEVELS };

/**
 * Checks a change: only editable fields, CPF with its check digits (stored as 11 digits), CEP in the
 * Correios format (stored as 00000-000), a real past birth date, the listed options. Blank text clears a field.
 */
export function checkPersonalData(
  change: Partial<Record<PersonalField, unknown>>,
  editable: readonly PersonalField[],
  today: string,
): { values: Partial<PersonalData>; issues: Partial<Record<PersonalField, PersonalDataIssue>> } {
  const values: Partial<PersonalData> = {};
  const issues: Partial<Record<PersonalField, PersonalDataIssue>> = {};
  for (const field of PERSONAL_FIELDS) {
    if (!(field in change) || change[field] === undefined) continue;
    if (!editable.includes(field)) {
      issues[field] = "nao_editavel";
      continue;
    }
    const raw = change[field];
    if (field === "recebe_email") {
      values.recebe_email = raw === true || raw === "true" || raw === 1 || raw === "1";
      continue;
    }
    const text = typeof raw === "string" ? raw.trim() : raw == null ? "" : String(raw).trim();
    if (text === "") {
      values[field] = null;
      continue;
    }
    if (text.length > MAX_TEXT) issues[field] = "muito_longo";
    else if (field === "cpf") {
      if (!/^[\d.\-\s]+$/.test(text) || !isValidCpf(text)) issues.cpf = "cpf_invalido";
      else values.cpf = text.replace(/\D/g, "");
    } else if (field === "cep") {
      if (!isValidCep(text)) issues.cep = "cep_invalido";
      else {
        const digits = text.replace(/\D/g, "");
        values.cep = `${digits.slice(0, 5)}-${digits.slice(5)}`;
      }
    } else if (field === "data_nascimento") {
      const ok =
        /^\d{4}-\d{2}-\d{2}$/.test(text) &&
        !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
        new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
      if (!ok) issues.data_nascimento = "data_invalida";
      else if (text > today) issues.data_nascimento = "data_futura";
      else values.data_nascimento = text;
    } else if (ENUMS[field]) {
      if (!ENUMS[field]!.includes(text)) issues[field] = "opcao_invalida";
      else values[field] = text;
    } else values[field] = text;
  }
  return { values, issues };
}
