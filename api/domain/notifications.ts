/**
 * What a patron wants to be told and how (ADR 248): per event, by e-mail and in the portal's alerts, with the
 * old single "receive e-mails" flag as the e-mail default; and the signed tokens behind every e-mail's one-click
 * unsubscribe (RFC 8058), which work without a session.
 */
import crypto from "node:crypto";
import { DUE_DAYS_DEFAULT, NOTIFICATION_EVENTS, UNSUBSCRIBE_PATH, type NotificationEvent } from "../../contract/notifications.ts";
import type { Db } from "../db/index.ts";
import {
  clearSavedSearchAlert,
  savedSearchName,
  setPatronLanguage,
  storedPreferences,
  unsubscribeKey,
  upsertPreferences,
} from "../db/notification-preferences.ts";
import type { Lang } from "../lib/messages.ts";

export interface EventChoice {
  email: boolean;
  app: boolean;
  /** Due soon only: days before the due day. */
  dias?: number;
}
export type Preferences = Record<NotificationEvent, EventChoice>;

/** The event an alert kind belongs to; null for kinds the patron does not switch here (messages, saved searches). */
export function eventOfKind(tipo: string): NotificationEvent | null {
  switch (tipo) {
    case "vencimento":
      return "vencimento";
    case "atraso":
      return "atraso";
    case "reserva_disponivel":
    case "lista_espera_disponivel":
      return "reserva_disponivel";
    case "solicitacao_situacao":
    case "sugestao_situacao":
      return "solicitacao_respondida";
    case "perfil_interesse":
    case "fasciculo_novo":
      return "perfil_interesse";
    default:
      return null;
  }
}

/** The patron's choices, each event's default filled in (e-mail as `recebe_email`, in-app on, due soon 2 days before). */
export async function preferencesOf(db: Db, codPessoa: number): Promise<Preferences> {
  const [person, rows] = await storedPreferences(db, codPessoa);
  const byEvent = new Map(rows.map((r) => [r.evento, r]));
  const mail = Number(person?.recebe_email ?? 0) === 1;
  const out = {} as Preferences;
  for (const ev of NOTIFICATION_EVENTS) {
    const r = byEvent.get(ev);
    out[ev] = { email: r ? Number(r.email) === 1 : mail, app: r ? Number(r.app) === 1 : true };
    if (ev === "vencimento") out[ev].dias = r?.dias ?? DUE_DAYS_DEFAULT;
  }
  return out;
}

/** Stores every event's choice (one transaction). */
export async function savePreferences(db: Db, codPessoa: number, prefs: Preferences): Promise<void> {
  await upsertPreferences(
    db,
    codPessoa,
    NOTIFICATION_EVENTS.map((ev) => {
      const p = prefs[ev];
      return { evento: ev, email: p.email ? 1 : 0, app: p.app ? 1 : 0, dias: ev === "vencimento" ? (p.dias ?? DUE_DAYS_DEFAULT) : null };
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The patron's language (ADR 254)

const LANGS: readonly Lang[] = ["pt", "es", "en"];

/** A stored language as one the API writes in; Portuguese, the API's default, for none or an unknown one. */
export function languageOf(stored: string | null | undefined): Lang {
  return LANGS.includes(stored as Lang) ? (stored as Lang) : "pt";
}

/** Remembers the language the patron is using the portal in (a login, saving their choices); writes only a change. */
export async function rememberLanguage(db: Db, codPessoa: number, lang: Lang): Promise<void> {
  await setPatronLanguage(db, codPessoa, lang);
}

// ---------------------------------------------------------------------------------------------------------------
// Unsubscribe tokens

/** What a token unsubscribes from: one event's e-mail, or one saved search's alert. */
export type UnsubscribeTarget = { kind: "evento"; evento: NotificationEvent } | { kind: "pesquisa"; id: number };

const secret = unsubscribeKey;

const targetText = (t: UnsubscribeTarget) => (t.kind === "evento" ? `evento:${t.evento}` : `pesquisa:${t.id}`);
const mac = (key: string, payload: string) => crypto.createHmac("sha256", key).update(`descadastro:${payload}`).digest("base64url");

/** A token that unsubscribes `codPessoa` from `target`: the payload and its HMAC, URL-safe. */
export async function unsubscribeToken(db: Db, codPessoa: number, target: UnsubscribeTarget): Promise<string> {
  const payload = `${codPessoa}:${targetText(target)}`;
  return `${Buffer.from(payload).toString("base64url")}.${mac(await secret(db), payload)}`;
}

/** The patron and target a token names, or null when it is malformed or its signature is not ours. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<{ codPessoa: number; target: UnsubscribeTarget } | null> {
  const m = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const payload = Buffer.from(m[1], "base64url").toString("utf8");
  const expected = Buffer.from(mac(await secret(db), payload));
  const given = Buffer.from(m[2]);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const p = /^(\d+):(?:evento:([a-z_]+)|pesquisa:(\d+))$/.exec(payload);
  if (!p) return null;
  const codPessoa = Number(p[1]);
  if (p[2])
    return (NOTIFICATION_EVENTS as readonly string[]).includes(p[2])
      ? { codPessoa, target: { kind: "evento", evento: p[2] as NotificationEvent } }
      : null;
  return { codPessoa, target: { kind: "pesquisa", id: Number(p[3]) } };
}

/** Describes a token's target for the confirmation page: the event, or the saved search's name (null: gone). */
export async function describeUnsubscribe(
  db: Db,
  t: { codPessoa: number; target: UnsubscribeTarget },
): Promise<{ evento?: NotificationEvent; pesquisa?: string } | null> {
  if (t.target.kind === "evento") return { evento: t.target.evento };
  const nome = await savedSearchName(db, t.codPessoa, t.target.id);
  return nome !== undefined ? { pesquisa: nome } : null;
}

/** Turns off what the token names: the event's e-mail (in-app stays as chosen) or the saved search's alert. */
export async function unsubscribe(db: Db, t: { codPessoa: number; target: UnsubscribeTarget }): Promise<boolean> {
  if (t.target.kind === "pesquisa") {
    return clearSavedSearchAlert(db, t.codPessoa, t.target.id);
  }
  const prefs = await preferencesOf(db, t.codPessoa);
  prefs[t.target.evento] = { ...prefs[t.target.evento], email: false };
  await savePreferences(db, t.codPessoa, prefs);
  return true;
}

/** The portal's public address (PUBLIC_URL), without a trailing slash; null when unset. */
export function publicUrl(): string | null {
  const url = process.env.PUBLIC_URL?.trim().replace(/\/+$/, "");
  return url && /^https?:\/\//.test(url) ? url : null;
}

/**
 * The unsubscribe link and RFC 8058 headers of an e-mail to `codPessoa` about `target`; null without PUBLIC_URL
 * (there is no address to link to).
 */
export async function unsubscribeLink(
  db: Db,
  codPessoa: number,
  target: UnsubscribeTarget,
): Promise<{ url: string; headers: Record<string, string> } | null> {
  const base = publicUrl();
  if (!base) return null;
  const url = `${base}${UNSUBSCRIBE_PATH}?token=${await unsubscribeToken(db, codPessoa, target)}`;
  return { url, headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}
