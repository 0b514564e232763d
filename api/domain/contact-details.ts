/**
 * The patron's contact details (ADR 236). The phone follows spec §5 and is changed with the personal data. A new
 * e-mail address is not applied when asked: a single-use link goes to the new address (its token from the CSPRNG,
 * stored as its SHA-256, valid EMAIL_CHANGE_HOURS hours), a notice to the old one, and the address changes only when
 * the link is followed. Rules only: reason codes out, the route words the messages and the mails.
 */
import crypto from "node:crypto";
import {
  contactOf,
  emailChangeByToken,
  emailTakenByAnother,
  endEmailChanges,
  insertEmailChange,
  pendingEmailChange,
  setEmail,
  spendEmailChange,
} from "../db/contact-details.ts";
import type { Db } from "../db/index.ts";
import { allowEvent } from "../db/rate-limit.ts";
import { EMAIL_CHANGE_HOURS, isEmailAddress } from "../../contract/contact-details.ts";

export { EMAIL_CHANGE_HOURS, PHONE_MAX, phoneIssue } from "../../contract/contact-details.ts";

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** How many confirmation links one patron, and one new address whoever asks, may be sent per hour. */
export const EMAIL_CHANGE_LIMITS = { perPatronPerHour: 3, perAddressPerHour: 3 };

/** The SHA-256 (hex) a link's token is stored and looked up as. */
export function tokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export type EmailChangeRefusal = "email_invalido" | "email_igual" | "email_em_uso" | "muitas_tentativas";

/** What the route sends when a request is stored: the link's token to the new address, a notice to the old one. */
export interface EmailChangeMails {
  nome: string;
  novo: string;
  antigo: string | null;
  token: string;
  expiraEm: string;
}

/**
 * Asks for `email` to become the patron's address. Refused when it is not one address, is already theirs, or is
 * on another person's record (which person is never said). Both hourly limits are counted before the address is
 * looked up, so parallel requests get numbers 1..N and the "already used" answer cannot be asked for without end.
 * A new request ends the previous one. `send` writes the mails on the same transaction as the request (ADR 197).
 */
export async function requestEmailChange(
  db: Db,
  codPessoa: number,
  email: string,
  now: number,
  send: (trx: Db, mails: EmailChangeMails) => Promise<void>,
): Promise<{ ok: true; email: string; expira_em: string } | { ok: false; reason: EmailChangeRefusal }> {
  const address = email.trim();
  if (!isEmailAddress(address)) return { ok: false, reason: "email_invalido" };
  const person = await contactOf(db, codPessoa);
  if (!person) return { ok: false, reason: "email_invalido" };
  if (person.email && person.email.toLowerCase() === address.toLowerCase()) return { ok: false, reason: "email_igual" };
  if (!(await allowEvent(db, `email:p:${codPessoa}`, EMAIL_CHANGE_LIMITS.perPatronPerHour, now, HOUR)).allowed)
    return { ok: false, reason: "muitas_tentativas" };
  const addressKey = `email:to:${tokenHash(address.toLowerCase()).slice(0, 32)}`;
  if (!(await allowEvent(db, addressKey, EMAIL_CHANGE_LIMITS.perAddressPerHour, now, HOUR)).allowed)
    return { ok: false, reason: "muitas_tentativas" };
  if (await emailTakenByAnother(db, address, codPessoa)) return { ok: false, reason: "email_em_uso" };
  const token = crypto.randomBytes(32).toString("base64url");
  const expiraEm = iso(now + EMAIL_CHANGE_HOURS * HOUR);
  await db.transaction().execute(async (trx) => {
    await endEmailChanges(trx, codPessoa, "substituida", iso(now));
    await insertEmailChange(trx, {
      cod_pessoa: codPessoa,
      email_novo: address,
      token_hash: tokenHash(token),
      expira_em: expiraEm,
      created_at: iso(now),
    });
    await send(trx, { nome: person.nome_pessoa, novo: address, antigo: person.email, token, expiraEm });
  });
  return { ok: true, email: address, expira_em: expiraEm };
}

/** The patron's request still waiting for its link, or null. */
export async function waitingEmailChange(db: Db, codPessoa: number, now: number): Promise<{ email: string; expira_em: string } | null> {
  const row = await pendingEmailChange(db, codPessoa, iso(now));
  return row ? { email: row.email_novo, expira_em: row.expira_em } : null;
}

/** Cancels the patron's waiting request; false when there was none. */
export async function cancelEmailChange(db: Db, codPessoa: number, now: number): Promise<boolean> {
  return (await endEmailChanges(db, codPessoa, "cancelada", iso(now))) > 0;
}

export type LinkRefusal = "link_invalido" | "link_expirado";

/** What a link's token names, without spending it: the new address, or why the link no longer works. */
export async function checkEmailChangeLink(
  db: Db,
  token: string,
  now: number,
): Promise<{ ok: true; email: string; expira_em: string } | { ok: false; reason: LinkRefusal }> {
  const row = await emailChangeByToken(db, tokenHash(token));
  if (!row || row.usado_em !== null) return { ok: false, reason: "link_invalido" };
  if (row.expira_em <= iso(now)) return { ok: false, reason: "link_expirado" };
  return { ok: true, email: row.email_novo, expira_em: row.expira_em };
}

/**
 * Follows a link: the new address becomes the patron's, once. Checked again here: still waiting, not expired, and
 * not taken by another person meanwhile; the request is spent by a conditional update, so two parallel
 * confirmations change the address once and the second is told the link is spent.
 */
export async function confirmEmailChange(
  db: Db,
  token: string,
  now: number,
): Promise<{ ok: true; email: string } | { ok: false; reason: LinkRefusal | "email_em_uso" }> {
  const checked = await checkEmailChangeLink(db, token, now);
  if (!checked.ok) return checked;
  return db.transaction().execute(async (trx) => {
    const row = await emailChangeByToken(trx, tokenHash(token));
    if (!row) return { ok: false as const, reason: "link_invalido" as const };
    if (await emailTakenByAnother(trx, row.email_novo, row.cod_pessoa)) return { ok: false as const, reason: "email_em_uso" as const };
    if (!(await spendEmailChange(trx, row.id, iso(now)))) return { ok: false as const, reason: "link_invalido" as const };
    await setEmail(trx, row.cod_pessoa, row.email_novo);
    await endEmailChanges(trx, row.cod_pessoa, "substituida", iso(now));
    return { ok: true as const, email: row.email_novo };
  });
}
