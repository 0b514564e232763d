/**
 * Alerts the API writes when something happens to a patron (ADR 121): a held title ready for pickup, a
 * waiting-list title available, a loan due in a few days, a loan request or a suggestion changing status.
 * Each event has a key, unique in the database, so an event alerts (and e-mails) once however often it is
 * reported. When the patron's receive-e-mails flag is on, the alert also goes out through the mailer.
 */
import { sql } from "kysely";
import { dayIn, daysBetween } from "../../contract/time-zone.ts";
import type { Db } from "../db/index.ts";
import { libraryTimeZone } from "../db/institution.ts";
import type { Lang } from "../lib/messages.ts";
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

const LOCALE: Record<Lang, string> = { pt: "pt-BR", es: "es-CO", en: "en-US" };

/** Status codes of loan requests and suggestions as words (ADR 227); an unknown code loses its underscores. */
const STATUS: Record<Lang, Record<string, string>> = {
  pt: {
    aguardando: "aguardando",
    disponivel: "disponível",
    transito: "em trânsito",
    em_transito: "em trânsito",
    atendida: "atendida",
    cancelada: "cancelada",
    finalizada: "finalizada",
    nao_finalizada: "não finalizada",
  },
  es: {
    aguardando: "en espera",
    disponivel: "disponible",
    transito: "en tránsito",
    em_transito: "en tránsito",
    atendida: "atendida",
    cancelada: "cancelada",
    finalizada: "finalizada",
    nao_finalizada: "no finalizada",
  },
  en: {
    aguardando: "waiting",
    disponivel: "available",
    transito: "in transit",
    em_transito: "in transit",
    atendida: "fulfilled",
    cancelada: "cancelled",
    finalizada: "finished",
    nao_finalizada: "not finished",
  },
};

/** A status code in words. */
export function statusWord(lang: Lang, code: string | undefined): string {
  return code ? (STATUS[lang][code] ?? code.replace(/_/g, " ")) : "";
}

/** "vence hoje", "vence amanhã", "vence em 3 dias" (never "0 dia(s)"). */
function dueIn(lang: Lang, days: number): string {
  const n = Math.max(0, Math.round(days));
  const words = {
    pt: ["vence hoje", "vence amanhã", `vence em ${n} dias`],
    es: ["vence hoy", "vence mañana", `vence en ${n} días`],
    en: ["is due today", "is due tomorrow", `is due in ${n} days`],
  }[lang];
  return words[Math.min(n, 2)];
}

/** A day in words in the language ("29 de novembro de 2026"); a value that is not a day is left as it is. */
export function longDate(lang: Lang, day: string | undefined): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day ?? "";
  return new Intl.DateTimeFormat(LOCALE[lang], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
}

type Words = (d: AlertData, title: string) => string;

/** The alert's sentence per kind and language; `title` is the quoted (or linked) title. */
const TEXT: Record<Exclude<AlertKind, "mensagem">, Record<Lang, Words>> = {
  reserva_disponivel: {
    pt: (d, t) => `Sua reserva de ${t} está disponível para retirada na ${d.biblioteca ?? ""}.`,
    es: (d, t) => `Su reserva de ${t} está disponible para retirar en ${d.biblioteca ?? ""}.`,
    en: (d, t) => `Your hold on ${t} is ready for pickup at ${d.biblioteca ?? ""}.`,
  },
  lista_espera_disponivel: {
    pt: (_, t) => `${t}, que você aguardava na lista de espera, já pode ser solicitado ou reservado.`,
    es: (_, t) => `${t}, que esperaba en la lista de espera, ya se puede solicitar o reservar.`,
    en: (_, t) => `${t}, which you were waiting for, can now be requested or held.`,
  },
  vencimento: {
    pt: (d, t) => `O empréstimo de ${t} ${dueIn("pt", d.dias ?? 0)}, ${longDate("pt", d.data)}${d.hora ? `, às ${d.hora}` : ""}.`,
    es: (d, t) => `El préstamo de ${t} ${dueIn("es", d.dias ?? 0)}, ${longDate("es", d.data)}${d.hora ? `, a las ${d.hora}` : ""}.`,
    en: (d, t) => `The loan of ${t} ${dueIn("en", d.dias ?? 0)}, ${longDate("en", d.data)}${d.hora ? `, at ${d.hora}` : ""}.`,
  },
  solicitacao_situacao: {
    pt: (d, t) => `Sua solicitação de empréstimo de ${t} está agora ${statusWord("pt", d.situacao)}.`,
    es: (d, t) => `Su solicitud de préstamo de ${t} está ahora ${statusWord("es", d.situacao)}.`,
    en: (d, t) => `Your loan request for ${t} is now ${statusWord("en", d.situacao)}.`,
  },
  sugestao_situacao: {
    pt: (d, t) => `Sua sugestão de aquisição ${t} está agora ${statusWord("pt", d.situacao)}.`,
    es: (d, t) => `Su sugerencia de adquisición ${t} está ahora ${statusWord("es", d.situacao)}.`,
    en: (d, t) => `Your acquisition suggestion ${t} is now ${statusWord("en", d.situacao)}.`,
  },
  perfil_interesse: {
    pt: (d) =>
      d.total === 1
        ? `1 título novo no acervo conforme o seu perfil de interesse: ${d.titulos ?? ""}.`
        : `${d.total ?? 0} títulos novos no acervo conforme o seu perfil de interesse: ${d.titulos ?? ""}.`,
    es: (d) =>
      d.total === 1
        ? `1 título nuevo en el acervo según su perfil de interés: ${d.titulos ?? ""}.`
        : `${d.total ?? 0} títulos nuevos en el acervo según su perfil de interés: ${d.titulos ?? ""}.`,
    en: (d) =>
      d.total === 1
        ? `1 new title in the catalogue matches your interest profile: ${d.titulos ?? ""}.`
        : `${d.total ?? 0} new titles in the catalogue match your interest profile: ${d.titulos ?? ""}.`,
  },
  atraso: {
    pt: (d, t) => `O empréstimo de ${t} está atrasado: venceu em ${longDate("pt", d.data)}.`,
    es: (d, t) => `El préstamo de ${t} está atrasado: venció el ${longDate("es", d.data)}.`,
    en: (d, t) => `The loan of ${t} is overdue: it was due on ${longDate("en", d.data)}.`,
  },
  pesquisa_salva: {
    pt: (d) =>
      d.total === 1
        ? `1 título novo na pesquisa salva “${d.pesquisa ?? ""}”: ${d.titulos ?? ""}.`
        : `${d.total ?? 0} títulos novos na pesquisa salva “${d.pesquisa ?? ""}”: ${d.titulos ?? ""}.`,
    es: (d) =>
      d.total === 1
        ? `1 título nuevo en la búsqueda guardada “${d.pesquisa ?? ""}”: ${d.titulos ?? ""}.`
        : `${d.total ?? 0} títulos nuevos en la búsqueda guardada “${d.pesquisa ?? ""}”: ${d.titulos ?? ""}.`,
    en: (d) =>
      d.total === 1
        ? `1 new title for the saved search “${d.pesquisa ?? ""}”: ${d.titulos ?? ""}.`
        : `${d.total ?? 0} new titles for the saved search “${d.pesquisa ?? ""}”: ${d.titulos ?? ""}.`,
  },
  fasciculo_novo: {
    pt: (d, t) => `Chegou um novo fascículo de ${t} na ${d.biblioteca ?? ""}: ${d.fasciculo ?? ""}.`,
    es: (d, t) => `Llegó un nuevo fascículo de ${t} a ${d.biblioteca ?? ""}: ${d.fasciculo ?? ""}.`,
    en: (d, t) => `A new issue of ${t} arrived at ${d.biblioteca ?? ""}: ${d.fasciculo ?? ""}.`,
  },
};

/** Each kind's e-mail subject (ADR 227): what happened and to which title, never a generic "notice". */
const SUBJECT: Record<Exclude<AlertKind, "mensagem">, Record<Lang, (d: AlertData) => string>> = {
  reserva_disponivel: {
    pt: (d) => `Reserva disponível para retirada: ${d.titulo}`,
    es: (d) => `Reserva disponible para retirar: ${d.titulo}`,
    en: (d) => `Hold ready for pickup: ${d.titulo}`,
  },
  lista_espera_disponivel: {
    pt: (d) => `Título disponível: ${d.titulo}`,
    es: (d) => `Título disponible: ${d.titulo}`,
    en: (d) => `Title available: ${d.titulo}`,
  },
  vencimento: {
    pt: (d) => `Empréstimo ${dueIn("pt", d.dias ?? 0)}: ${d.titulo}`,
    es: (d) => `Préstamo ${dueIn("es", d.dias ?? 0)}: ${d.titulo}`,
    en: (d) => `Loan ${dueIn("en", d.dias ?? 0)}: ${d.titulo}`,
  },
  solicitacao_situacao: {
    pt: (d) => `Solicitação de empréstimo ${statusWord("pt", d.situacao)}: ${d.titulo}`,
    es: (d) => `Solicitud de préstamo ${statusWord("es", d.situacao)}: ${d.titulo}`,
    en: (d) => `Loan request ${statusWord("en", d.situacao)}: ${d.titulo}`,
  },
  sugestao_situacao: {
    pt: (d) => `Sugestão de aquisição ${statusWord("pt", d.situacao)}: ${d.titulo}`,
    es: (d) => `Sugerencia de adquisición ${statusWord("es", d.situacao)}: ${d.titulo}`,
    en: (d) => `Acquisition suggestion ${statusWord("en", d.situacao)}: ${d.titulo}`,
  },
  perfil_interesse: {
    pt: () => "Novidades no acervo conforme o seu perfil de interesse",
    es: () => "Novedades en el acervo según su perfil de interés",
    en: () => "New in the catalogue for your interest profile",
  },
  atraso: { pt: (d) => `Empréstimo atrasado: ${d.titulo}`, es: (d) => `Préstamo atrasado: ${d.titulo}`, en: (d) => `Overdue loan: ${d.titulo}` },
  pesquisa_salva: {
    pt: (d) => `Novidades na pesquisa salva: ${d.pesquisa}`,
    es: (d) => `Novedades en la búsqueda guardada: ${d.pesquisa}`,
    en: (d) => `New for your saved search: ${d.pesquisa}`,
  },
  fasciculo_novo: { pt: (d) => `Novo fascículo: ${d.titulo}`, es: (d) => `Nuevo fascículo: ${d.titulo}`, en: (d) => `New issue: ${d.titulo}` },
};

const isKind = (tipo: string): tipo is Exclude<AlertKind, "mensagem"> => tipo in TEXT;
const quoted = (titulo: string | undefined) => `“${titulo ?? ""}”`;

/** The alert's words in `lang` (the stored message for free-text alerts). */
export function alertText(lang: Lang, tipo: string, dados: AlertData, mensagem = ""): string {
  return isKind(tipo) ? TEXT[tipo][lang](dados, quoted(dados.titulo)) : mensagem;
}

/** The e-mail subject of an alert in `lang`. */
export function alertSubject(lang: Lang, tipo: Exclude<AlertKind, "mensagem">, dados: AlertData): string {
  return SUBJECT[tipo][lang](dados);
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * An alert's e-mail (ADR 227): its own subject, the sentence, and, when PUBLIC_URL is set, the title linked to
 * its page (in the HTML part, and its address under the sentence in the text part).
 */
export function alertEmail(lang: Lang, tipo: Exclude<AlertKind, "mensagem">, dados: AlertData): { subject: string; text: string; html?: string } {
  const subject = alertSubject(lang, tipo, dados);
  const text = alertText(lang, tipo, dados);
  const base = publicUrl();
  if (!base || typeof dados.cod_acervo !== "number") return { subject, text };
  const href = `${base}/acervo/${dados.cod_acervo}`;
  const see = { pt: "Veja o título", es: "Vea el título", en: "See the title" }[lang];
  // The sentence is built with a placeholder for the title so only the dynamic parts are escaped.
  const mark = "\u0000TITLE\u0000";
  const html = escapeHtml(TEXT[tipo][lang](dados, mark)).replace(
    escapeHtml(mark),
    `“<a href="${escapeHtml(href)}">${escapeHtml(dados.titulo ?? "")}</a>”`,
  );
  return { subject, text: `${text}\n\n${see}: ${href}\n`, html: `<p>${html}</p>` };
}

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

const UNSUBSCRIBE_WORDS = {
  pt: "Para não receber mais estes e-mails",
  es: "Para no recibir más estos correos",
  en: "To stop receiving these e-mails",
} as const;

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
  const inserted = await db
    .insertInto("alerta")
    .values({ cod_pessoa: ev.cod_pessoa, tipo: ev.tipo, dados: JSON.stringify(ev.dados), chave: ev.chave, mensagem, visivel: channels.app ? 1 : 0 })
    .onConflict((oc) => oc.column("chave").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return false;
  if (!channels.email) return true;
  const who = await db.selectFrom("pessoa").select(["email", "idioma"]).where("cod_pessoa", "=", ev.cod_pessoa).executeTakeFirst();
  if (who?.email) {
    // On the alert's own handle: inside a caller's transaction, the e-mail is kept exactly when the alert is (ADR 197).
    // In the language the patron last used the portal in (ADR 254); Portuguese, the API's default, when not known.
    // An event that brings its own wording (ev.email) keeps it.
    const lang = languageOf(who.idioma);
    const mail = ev.email ?? alertEmail(lang, ev.tipo, ev.dados);
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
  const base = db
    .selectFrom("emprestimo as m")
    .innerJoin("exemplar as e", "e.cod_exemplar", "m.cod_exemplar")
    .innerJoin("acervo as a", "a.cod_acervo", "e.cod_acervo")
    .select(["m.cod_emprestimo", "m.cod_pessoa", "m.data_devolucao_prevista", "m.tipo", "a.titulo", "a.cod_acervo"])
    .where("m.data_devolucao", "is", null);
  const notAlerted = (prefix: string) =>
    sql<boolean>`NOT EXISTS (SELECT 1 FROM alerta x WHERE x.chave = ${sql.lit(prefix)} || CAST(m.cod_emprestimo AS TEXT) || ':' || substr(m.data_devolucao_prevista, 1, 10))`;
  const [soon, overdue] = await Promise.all([
    base.where("m.data_devolucao_prevista", ">=", from).where("m.data_devolucao_prevista", "<=", until).where(notAlerted("vencimento:")).execute(),
    base.where("m.data_devolucao_prevista", "<", from).where(notAlerted("atraso:")).execute(),
  ]);
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
