/**
 * The patron's own profile in "Meu Pergamum": personal data, password change, the loan-history choice.
 * Rules only: returns outcomes and reason codes, never HTTP statuses or translated text.
 */
import { getLogins, getPerson, savePersonalData } from "../db/account-profile.ts";
import { isRecentPassword, setLoginPassword } from "../db/credentials.ts";
import type { Db } from "../db/index.ts";
import { institutionParameters as storedParameters } from "../db/institution.ts";
import { parseJsonObject } from "../lib/http.ts";
import type { AuthSettings } from "../lib/clock.ts";
import { verifyPassword } from "../lib/password.ts";
import { admitGuess, settleGuess } from "./guess-throttle.ts";
import { loginGuessLimits } from "./login.ts";
import { revokeOtherSessions } from "./tokens.ts";
import { checkNewPassword, passwordRulesFrom, type PasswordRuleCode, type PasswordRules } from "./password-rules.ts";
import { phoneIssue, waitingEmailChange } from "./contact-details.ts";
import {
  checkPersonalData,
  editableFields,
  PERSONAL_FIELDS,
  type PersonalData,
  type PersonalDataIssue,
  type PersonalField,
} from "./personal-data.ts";

async function institutionParameters(db: Db) {
  return parseJsonObject(await storedParameters(db));
}

/** The institution's password rules (parametros.regras_senha, defaults field by field). */
export async function institutionPasswordRules(db: Db): Promise<PasswordRules> {
  return passwordRulesFrom((await institutionParameters(db)).regras_senha);
}

/** The person's personal data as the API shows it: every spec §3 field, and which ones they may change. */
export async function readPersonalData(db: Db, codPessoa: number, now: number = Date.now()) {
  const person = await getPerson(db, codPessoa);
  if (!person) return null;
  const stored = parseJsonObject(person.dados_pessoais);
  const dados = Object.fromEntries(
    PERSONAL_FIELDS.map((f) => {
      if (f === "recebe_email") return [f, person.recebe_email === 1];
      if (f === "cpf") return [f, person.cpf ?? null];
      const v = stored[f];
      return [f, typeof v === "string" && v !== "" ? v : null];
    }),
  ) as PersonalData;
  return {
    nome_pessoa: person.nome_pessoa,
    email: person.email,
    telefone: person.telefone,
    /** A new address waiting for its confirmation link (ADR 236). */
    email_pendente: await waitingEmailChange(db, codPessoa, now),
    categoria: person.categoria,
    dados,
    editaveis: editableFields((await institutionParameters(db)).dados_pessoais_editaveis),
  };
}

export type UpdateOutcome =
  { ok: true } | { ok: false; issues: Partial<Record<PersonalField | "telefone", PersonalDataIssue | "telefone_invalido">> };

/**
 * Applies a change of personal data (only the fields given) and of the phone (`telefone`, spec §5: digits, dash,
 * parentheses and space, at most 16; blank clears it; always the patron's to change, ADR 236); nothing is written
 * when any field is refused.
 */
export async function updatePersonalData(
  db: Db,
  codPessoa: number,
  change: Partial<Record<PersonalField | "telefone", unknown>>,
  today: string,
): Promise<UpdateOutcome> {
  const current = await readPersonalData(db, codPessoa);
  if (!current) return { ok: false, issues: {} };
  const { values, issues } = checkPersonalData(change, current.editaveis, today);
  const phone = change.telefone;
  const phoneText = typeof phone === "string" ? phone.trim() : null;
  const allIssues: Partial<Record<PersonalField | "telefone", PersonalDataIssue | "telefone_invalido">> = { ...issues };
  if (phone !== undefined && phone !== null && (typeof phone !== "string" || phoneIssue(phone) !== null)) allIssues.telefone = "telefone_invalido";
  if (Object.keys(allIssues).length > 0) return { ok: false, issues: allIssues };
  const next = { ...current.dados, ...values };
  const { cpf, recebe_email, ...json } = next;
  const person = await getPerson(db, codPessoa);
  // Keep keys this version does not know (an institution's extra fields) untouched.
  const telefone = phone === undefined ? undefined : phoneText || null;
  await savePersonalData(db, codPessoa, { ...parseJsonObject(person?.dados_pessoais), ...json }, cpf, recebe_email, telefone);
  return { ok: true };
}

export type PasswordOutcome =
  | { ok: true; revokedSessions: number }
  | { ok: false; reason: "senha_atual_incorreta" }
  | { ok: false; reason: "muitas_tentativas" }
  | { ok: false; reason: "senha_fora_dos_criterios"; rules: PasswordRuleCode[] };

/**
 * Changes the password of the login whose current password matches: the new one (trimmed) must meet every
 * institution rule, history included. Success ends the person's other sessions (every token family but
 * `keepFamilia`). The current password is a guess like a login's: it counts against the login lock of each of
 * the person's usernames and against the client address before it is compared (ADR 111, ADR 131).
 */
export async function changePassword(
  db: Db,
  s: AuthSettings,
  codPessoa: number,
  input: { senhaAtual: string; senhaNova: string },
  keepFamilia: string,
  clientIp?: string | null,
): Promise<PasswordOutcome> {
  const now = s.now();
  const nowIso = new Date(now).toISOString();
  const person = await getPerson(db, codPessoa);
  const logins = await getLogins(db, codPessoa);
  const guess = await admitGuess(
    db,
    loginGuessLimits(
      s,
      logins.map((l) => l.usuario),
      clientIp,
    ),
    now,
  );
  if (!guess) return { ok: false, reason: "muitas_tentativas" };
  const login = logins.find((l) => verifyPassword(input.senhaAtual, l.senha_hash, l.senha_salt));
  if (await settleGuess(db, guess, Boolean(login), now)) return { ok: false, reason: "muitas_tentativas" };
  if (!person || !login) return { ok: false, reason: "senha_atual_incorreta" };
  const senhaNova = input.senhaNova.trim();
  const rules = await institutionPasswordRules(db);
  const failed = await checkNewPassword(senhaNova, rules, { name: person.nome_pessoa }, (pw, n) => isRecentPassword(db, login.cod_login, pw, n));
  if (failed.length > 0) return { ok: false, reason: "senha_fora_dos_criterios", rules: failed };
  await setLoginPassword(db, login.cod_login, senhaNova, nowIso);
  return { ok: true, revokedSessions: await revokeOtherSessions(db, codPessoa, keepFamilia, now) };
}
