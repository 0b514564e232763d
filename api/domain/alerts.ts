/**
 * Alerts the API writes when something happens to a patron (ADR 121): a held title ready for pickup, a
 * waiting-list title available, a loan due in a few days, a loan request or a suggestion changing status.
 * Each event has a key, unique in the database, so an event alerts (and e-mails) once however often it is
 * reported. When the patron's receive-e-mails flag is on, the alert also goes out through the mailer.
 */
import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import type { Lang } from "../lib/messages.ts";
import type { Mailer } from "../mail/index.ts";

export const ALERT_KINDS = ["reserva_disponivel", "lista_espera_disponivel", "vencimento", "solicitacao_situacao", "sugestao_situacao", "perfil_interesse", "fasciculo_novo", "mensagem"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Data an alert carries so the portal can word it in any language. */
export interface AlertData {
  titulo?: string;
  cod_acervo?: number;
  cod_emprestimo?: number;
  data?: string;
  dias?: number;
  situacao?: string;
  biblioteca?: string;
  /** Interest profile alerts: how many titles arrived and their titles, "; "-separated. */
  total?: number;
  titulos?: string;
  /** A new issue of a followed periodical: its designation ("v. 36, n. 4, 2026"), ADR 196. */
  fasciculo?: string;
}

/** Days before the due date that the reminder job alerts. */
export const REMINDER_DAYS = 2;

const TEXT: Record<Exclude<AlertKind, "mensagem">, Record<Lang, string>> = {
  reserva_disponivel: {
    pt: "Sua reserva de \"{titulo}\" está disponível para retirada na {biblioteca}.",
    es: "Su reserva de \"{titulo}\" está disponible para retirar en {biblioteca}.",
    en: "Your hold on \"{titulo}\" is ready for pickup at {biblioteca}.",
  },
  lista_espera_disponivel: {
    pt: "\"{titulo}\", que você aguardava na lista de espera, já pode ser solicitado ou reservado.",
    es: "\"{titulo}\", que esperaba en la lista de espera, ya se puede solicitar o reservar.",
    en: "\"{titulo}\", which you were waiting for, can now be requested or held.",
  },
  vencimento: {
    pt: "O empréstimo de \"{titulo}\" vence em {dias} dia(s), em {data}.",
    es: "El préstamo de \"{titulo}\" vence en {dias} día(s), el {data}.",
    en: "The loan of \"{titulo}\" is due in {dias} day(s), on {data}.",
  },
  solicitacao_situacao: {
    pt: "Sua solicitação de empréstimo de \"{titulo}\" mudou de situação: {situacao}.",
    es: "Su solicitud de préstamo de \"{titulo}\" cambió de estado: {situacao}.",
    en: "Your loan request for \"{titulo}\" changed status: {situacao}.",
  },
  sugestao_situacao: {
    pt: "Sua sugestão de aquisição \"{titulo}\" mudou de situação: {situacao}.",
    es: "Su sugerencia de adquisición \"{titulo}\" cambió de estado: {situacao}.",
    en: "Your acquisition suggestion \"{titulo}\" changed status: {situacao}.",
  },
  perfil_interesse: {
    pt: "{total} título(s) novo(s) no acervo conforme o seu perfil de interesse: {titulos}.",
    es: "{total} título(s) nuevo(s) en el acervo según su perfil de interés: {titulos}.",
    en: "{total} new title(s) in the catalogue match your interest profile: {titulos}.",
  },
  fasciculo_novo: {
    pt: "Chegou um novo fascículo de \"{titulo}\" na {biblioteca}: {fasciculo}.",
    es: "Llegó un nuevo fascículo de \"{titulo}\" a {biblioteca}: {fasciculo}.",
    en: "A new issue of \"{titulo}\" arrived at {biblioteca}: {fasciculo}.",
  },
};

const SUBJECT: Record<Lang, string> = { pt: "Aviso da biblioteca", es: "Aviso de la biblioteca", en: "Library notice" };

/** The alert's words in `lang` (the stored message for free-text alerts). */
export function alertText(lang: Lang, tipo: string, dados: AlertData, mensagem = ""): string {
  const template = (TEXT as Record<string, Record<Lang, string>>)[tipo]?.[lang];
  if (!template) return mensagem;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String((dados as Record<string, unknown>)[k] ?? ""));
}

export interface AlertEvent {
  cod_pessoa: number;
  tipo: Exclude<AlertKind, "mensagem">;
  dados: AlertData;
  /** The event's once-only key, e.g. "vencimento:12:2026-11-26". */
  chave: string;
  /** The e-mail's subject and body when they say more than the alert (e.g. a list of titles). */
  email?: { subject: string; text: string };
}

/**
 * Records an alert for an event, once: a repeated event (same key) writes nothing and sends nothing.
 * Returns true when the alert is new. The e-mail goes out after the row is stored.
 */
export async function notify(db: Db, mailer: Mailer, ev: AlertEvent): Promise<boolean> {
  const mensagem = alertText("pt", ev.tipo, ev.dados);
  const inserted = await db
    .insertInto("alerta")
    .values({ cod_pessoa: ev.cod_pessoa, tipo: ev.tipo, dados: JSON.stringify(ev.dados), chave: ev.chave, mensagem })
    .onConflict((oc) => oc.column("chave").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return false;
  const who = await db.selectFrom("pessoa").select(["email", "recebe_email"]).where("cod_pessoa", "=", ev.cod_pessoa).executeTakeFirst();
  if (who?.email && Number(who.recebe_email) === 1) {
    // On the alert's own handle: inside a caller's transaction, the e-mail is kept exactly when the alert is (ADR 197).
    await mailer.send({ to: [who.email], subject: ev.email?.subject ?? SUBJECT.pt, text: ev.email?.text ?? mensagem }, { db });
  }
  return true;
}

/** A held title is ready for pickup (one alert per hold). */
export function alertHoldReady(db: Db, mailer: Mailer, h: { cod_reserva: number; cod_pessoa: number; titulo: string; cod_acervo: number; biblioteca: string }) {
  return notify(db, mailer, { cod_pessoa: h.cod_pessoa, tipo: "reserva_disponivel", chave: `reserva:${h.cod_reserva}:disponivel`, dados: { titulo: h.titulo, cod_acervo: h.cod_acervo, biblioteca: h.biblioteca } });
}

/** A waiting-list title became available (one alert per waiting entry). */
export function alertWaitingListAvailable(db: Db, mailer: Mailer, w: { id: number; cod_pessoa: number; titulo: string; cod_acervo: number }) {
  return notify(db, mailer, { cod_pessoa: w.cod_pessoa, tipo: "lista_espera_disponivel", chave: `lista-espera:${w.id}:disponivel`, dados: { titulo: w.titulo, cod_acervo: w.cod_acervo } });
}

/** A loan request changed status (one alert per request and status). */
export function alertRequestStatus(db: Db, mailer: Mailer, r: { cod_solicitacao: number; cod_pessoa: number; titulo: string; cod_acervo: number; situacao: string }) {
  return notify(db, mailer, {
    cod_pessoa: r.cod_pessoa, tipo: "solicitacao_situacao", chave: `solicitacao:${r.cod_solicitacao}:${r.situacao}`, dados: { titulo: r.titulo, cod_acervo: r.cod_acervo, situacao: r.situacao },
  });
}

/** An acquisition suggestion changed status (one alert per suggestion and status). */
export function alertSuggestionStatus(db: Db, mailer: Mailer, s: { cod_sugestao: number; cod_pessoa: number; titulo: string; situacao: string }) {
  return notify(db, mailer, { cod_pessoa: s.cod_pessoa, tipo: "sugestao_situacao", chave: `sugestao:${s.cod_sugestao}:${s.situacao}`, dados: { titulo: s.titulo, situacao: s.situacao } });
}

/**
 * The due-date reminder job: alerts every current loan due within `days` days (not yet overdue). The key is
 * the loan and its due day, so running the job twice (or on two machines) alerts once; a renewal moves the
 * due day and earns a new reminder later.
 */
export async function runDueReminders(db: Db, mailer: Mailer, now: number, days = REMINDER_DAYS): Promise<{ checked: number; written: number }> {
  const from = new Date(now).toISOString();
  const until = new Date(now + days * 86_400_000);
  until.setUTCHours(23, 59, 59, 999);
  const loans = await db
    .selectFrom("emprestimo as m")
    .innerJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
    .innerJoin("acervo as a", "a.cod_acervo", "e.cod_acervo")
    .select(["m.cod_emprestimo", "m.cod_pessoa", "m.data_devolucao_prevista", "a.titulo", "a.cod_acervo"])
    .where("m.data_devolucao", "is", null)
    .where("m.data_devolucao_prevista", ">=", from)
    .where("m.data_devolucao_prevista", "<=", until.toISOString())
    .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM alerta x WHERE x.chave = ${sql.lit("vencimento:")} || CAST(m.cod_emprestimo AS TEXT) || ':' || substr(m.data_devolucao_prevista, 1, 10))`)
    .execute();
  let written = 0;
  for (const l of loans) {
    const dueDay = l.data_devolucao_prevista.slice(0, 10);
    const dias = Math.max(0, Math.ceil((Date.parse(`${dueDay}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / 86_400_000));
    const isNew = await notify(db, mailer, {
      cod_pessoa: l.cod_pessoa, tipo: "vencimento", chave: `vencimento:${l.cod_emprestimo}:${dueDay}`,
      dados: { titulo: l.titulo, cod_acervo: l.cod_acervo, cod_emprestimo: l.cod_emprestimo, data: dueDay, dias },
    });
    if (isNew) written++;
  }
  return { checked: loans.length, written };
}
