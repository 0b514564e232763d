/**
 * Alerts the API writes when something happens to a patron (ADR 121): a held title ready for pickup, a
 * waiting-list title available, a loan due in a few days, a loan request or a suggestion changing status.
 * Each event has a key, unique in the database, so an event alerts (and e-mails) once however often it is
 * reported. When the patron's receive-e-mails flag is on, the alert also goes out through the mailer.
 */
import { dayIn, daysBetween } from "../../contract/time-zone.ts";
import { insertAlertOnce, loansToRemind, patronMailAndLanguage } from "../db/alerts.ts";
import type { Db } from "../db/index.ts";
import { libraryTimeZone } from "../db/institution.ts";
import { alertEmail, alertText, escapeHtml, UNSUBSCRIBE_WORDS } from "../mail/alert-messages.ts";
import type { Mailer } from "../mail/index.ts";
import { DUE_DAYS_MAX } from "../../contract/notifications.ts";
import { eventOfKind, languageOf, preferencesOf, publicUrl, unsubscribeLink, type Preferences, type UnsubscribeTarget } from "./notifications.ts";

export const ALERT_KINDS = [
  "reserva_disponivel",
  "lista_espera_disponivel",
  "vencimento",
  "solicitacao_situacao",
  "sugestao_situacao",
  "perfil_interesse",
  "fasciculo_novo",
  "atraso",
  "pesquisa_salva",
  "mensagem",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Data an alert carries so the portal can word it in any language. */
export interface AlertData {
  titulo?: string;
  cod_acervo?: number;
  cod_emprestimo?: number;
  /** A due day (YYYY-MM-DD, the library's day) and how many days away it was when the alert was written. */
  data?: string;
  dias?: number;
  /** An hourly loan's due hour in the library's time zone ("17:30"). */
  hora?: string;
  situacao?: string;
  biblioteca?: string;
  /** Interest profile alerts: how many titles arrived and their titles, "; "-separated. */
  total?: number;
  titulos?: string;
  /** A new issue of a followed periodical: its designation ("v. 36, n. 4, 2026"), ADR 196. */
  fasciculo?: string;
  /** A saved search's alert (ADR 248): the search's name and id. */
  pesquisa?: string;
  cod_pesquisa?: number;
}

/** Days before the due date that the reminder job alerts when the patron has not chosen (ADR 248). */
export { DUE_DAYS_DEFAULT as REMINDER_DAYS } from "../../contract/notifications.ts";

export interface AlertEvent {
  cod_pessoa: number;
  tipo: Exclude<AlertKind, "mensagem">;
  dados: AlertData;
  /** The event's once-only key, e.g. "vencimento:12:2026-11-26". */
  chave: string;
  /** The e-mail's subject and body when they say more than the alert (e.g. a list of titles). */
  email?: { subject: string; text: string; html?: string };
  /** What the e-mail's unsubscribe link turns off when it is not the kind's event (a saved search's alert). */
  unsubscribe?: UnsubscribeTarget;
}

/** The channels an event goes out on: the patron's choice for its event (ADR 248); a saved search's alert always. */
async function channelsOf(db: Db, ev: AlertEvent, prefs?: Preferences): Promise<{ email: boolean; app: boolean }> {
  const evento = eventOfKind(ev.tipo);
  if (!evento) return { email: true, app: true };
  return (prefs ?? (await preferencesOf(db, ev.cod_pessoa)))[evento];
}

/**
 * Records an alert for an event, once: a repeated event (same key) writes nothing and sends nothing. The
 * patron's choices for the event decide the channels (ADR 248): neither writes nothing; e-mail only keeps the
 * row (for its key) out of the portal's list. Returns true when the alert is new. The e-mail goes out after the
 * row is stored, with a one-click unsubscribe for its event.
 */
export async function notify(db: Db, mailer: Mailer, ev: AlertEvent, prefs?: Preferences): Promise<boolean> {
  const channels = await channelsOf(db, ev, prefs);
  if (!channels.email && !channels.app) return false;
  const mensagem = alertText("pt", ev.tipo, ev.dados);
  const inserted = await insertAlertOnce(db, {
    cod_pessoa: ev.cod_pessoa,
    tipo: ev.tipo,
    dados: ev.dados,
    chave: ev.chave,
    mensagem,
    visivel: channels.app,
  });
  if (!inserted) return false;
  if (!channels.email) return true;
  const who = await patronMailAndLanguage(db, ev.cod_pessoa);
  if (who?.email) {
    // On the alert's own handle: inside a caller's transaction, the e-mail is kept exactly when the alert is (ADR 197).
    // In the language the patron last used the portal in (ADR 254); Portuguese, the API's default, when not known.
    // An event that brings its own wording (ev.email) keeps it.
    const lang = languageOf(who.idioma);
    const mail = ev.email ?? alertEmail(lang, ev.tipo, ev.dados, publicUrl());
    const evento = eventOfKind(ev.tipo);
    const target = ev.unsubscribe ?? (evento ? { kind: "evento" as const, evento } : null);
    const link = target ? await unsubscribeLink(db, ev.cod_pessoa, target) : null;
    const words = UNSUBSCRIBE_WORDS[lang];
    await mailer.send(
      {
        to: [who.email],
        subject: mail.subject,
        text: link ? `${mail.text.replace(/\n*$/, "")}\n\n${words}: ${link.url}\n` : mail.text,
        ...(mail.html ? { html: link ? `${mail.html}<p><a href="${escapeHtml(link.url)}">${words}</a></p>` : mail.html } : {}),
        ...(link ? { headers: link.headers } : {}),
      },
      { db },
    );
  }
  return true;
}

/** A held title is ready for pickup (one alert per hold). */
export function alertHoldReady(
  db: Db,
  mailer: Mailer,
  h: { cod_reserva: number; cod_pessoa: number; titulo: string; cod_acervo: number; biblioteca: string },
) {
  return notify(db, mailer, {
    cod_pessoa: h.cod_pessoa,
    tipo: "reserva_disponivel",
    chave: `reserva:${h.cod_reserva}:disponivel`,
    dados: { titulo: h.titulo, cod_acervo: h.cod_acervo, biblioteca: h.biblioteca },
  });
}

/** A waiting-list title became available (one alert per waiting entry). */
export function alertWaitingListAvailable(db: Db, mailer: Mailer, w: { id: number; cod_pessoa: number; titulo: string; cod_acervo: number }) {
  return notify(db, mailer, {
    cod_pessoa: w.cod_pessoa,
    tipo: "lista_espera_disponivel",
    chave: `lista-espera:${w.id}:disponivel`,
    dados: { titulo: w.titulo, cod_acervo: w.cod_acervo },
  });
}

/** A loan request changed status (one alert per request and status). */
export function alertRequestStatus(
  db: Db,
  mailer: Mailer,
  r: { cod_solicitacao: number; cod_pessoa: number; titulo: string; cod_acervo: number; situacao: string },
) {
  return notify(db, mailer, {
    cod_pessoa: r.cod_pessoa,
    tipo: "solicitacao_situacao",
    chave: `solicitacao:${r.cod_solicitacao}:${r.situacao}`,
    dados: { titulo: r.titulo, cod_acervo: r.cod_acervo, situacao: r.situacao },
  });
}

/** An acquisition suggestion changed status (one alert per suggestion and status). */
export function alertSuggestionStatus(db: Db, mailer: Mailer, s: { cod_sugestao: number; cod_pessoa: number; titulo: string; situacao: string }) {
  return notify(db, mailer, {
    cod_pessoa: s.cod_pessoa,
    tipo: "sugestao_situacao",
    chave: `sugestao:${s.cod_sugestao}:${s.situacao}`,
    dados: { titulo: s.titulo, situacao: s.situacao },
  });
}

/**
 * The due-date reminder job: alerts every current loan due within the patron's chosen days (ADR 248; not yet
 * overdue), and every overdue loan once per due day. The key is the loan and its due day, so running the job
 * twice (or on two machines) alerts once; a renewal moves the due day and earns a new reminder later. A patron
 * who turned an event off on both channels gets nothing for it.
 */
export async function runDueReminders(db: Db, mailer: Mailer, now: number): Promise<{ checked: number; written: number }> {
  const zone = await libraryTimeZone(db);
  const from = new Date(now).toISOString();
  // Up to the end of the library's day the longest choice away (a generous UTC bound; each patron's is checked below).
  const until = new Date(now + (DUE_DAYS_MAX + 2) * 86_400_000).toISOString();
  const { soon, overdue } = await loansToRemind(db, from, until);
  const prefsCache = new Map<number, Preferences>();
  const prefsOf = async (cod: number) => prefsCache.get(cod) ?? prefsCache.set(cod, await preferencesOf(db, cod)).get(cod)!;
  let written = 0;
  let checked = 0;
  for (const l of soon) {
    const prefs = await prefsOf(l.cod_pessoa);
    // Days and the due day are the library's (a loan due at 22:00 in Brasília is due that day, not the next).
    const dias = daysBetween(new Date(now), l.data_devolucao_prevista, zone);
    if (dias > (prefs.vencimento.dias ?? DUE_DAYS_MAX)) continue;
    checked++;
    const hourly = l.tipo === "horario";
    const isNew = await notify(
      db,
      mailer,
      {
        // The key keeps the stored day (ADR 121): renewals move it, and the query above finds reminded loans by it.
        cod_pessoa: l.cod_pessoa,
        tipo: "vencimento",
        chave: `vencimento:${l.cod_emprestimo}:${l.data_devolucao_prevista.slice(0, 10)}`,
        dados: {
          titulo: l.titulo,
          cod_acervo: l.cod_acervo,
          cod_emprestimo: l.cod_emprestimo,
          data: dayIn(new Date(l.data_devolucao_prevista), zone),
          dias,
          ...(hourly
            ? {
                hora: new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: zone }).format(
                  new Date(l.data_devolucao_prevista),
                ),
              }
            : {}),
        },
      },
      prefs,
    );
    if (isNew) written++;
  }
  for (const l of overdue) {
    checked++;
    const isNew = await notify(
      db,
      mailer,
      {
        cod_pessoa: l.cod_pessoa,
        tipo: "atraso",
        chave: `atraso:${l.cod_emprestimo}:${l.data_devolucao_prevista.slice(0, 10)}`,
        dados: {
          titulo: l.titulo,
          cod_acervo: l.cod_acervo,
          cod_emprestimo: l.cod_emprestimo,
          data: dayIn(new Date(l.data_devolucao_prevista), zone),
        },
      },
      await prefsOf(l.cod_pessoa),
    );
    if (isNew) written++;
  }
  return { checked, written };
}
