/**
 * The words of the patron's alerts (ADR 121, 227): the sentence the portal lists, and the e-mail's subject and
 * body in the patron's language (ADR 254). Like a PDF, an e-mail is a document worded for its reader, so its words
 * live beside the mailer rather than in a route group's messages.ts; the alerts route words its list from here too.
 */
import type { AlertData, AlertKind } from "../domain/alerts.ts";
import type { Lang } from "../lib/messages.ts";

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

export const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * An alert's e-mail (ADR 227): its own subject, the sentence, and, given the portal's public address (`base`, from
 * PUBLIC_URL), the title linked to its page (in the HTML part, and its address under the sentence in the text part).
 */
export function alertEmail(
  lang: Lang,
  tipo: Exclude<AlertKind, "mensagem">,
  dados: AlertData,
  base: string | null,
): { subject: string; text: string; html?: string } {
  const subject = alertSubject(lang, tipo, dados);
  const text = alertText(lang, tipo, dados);
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

/** The words before an alert e-mail's unsubscribe link. */
export const UNSUBSCRIBE_WORDS = {
  pt: "Para não receber mais estes e-mails",
  es: "Para no recibir más estos correos",
  en: "To stop receiving these e-mails",
} as const;
