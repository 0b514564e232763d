/**
 * An alert's sentence in the patron's language, from the structured data the API stores with it (ADR 227):
 * "vence hoje", "vence amanhã", "vence em 3 dias" with the day in words, status codes as words, titles counted
 * with i18next's plurals. The API's own sentence is the fallback for kinds the portal does not know.
 */
import { formatLongDate } from "~/lib/i18n";

type T = (key: string, values?: Record<string, unknown>) => string;

/** The words of one alert; `message` is the API's sentence (used for free-text alerts and unknown kinds). */
export function alertWords(t: T, language: string, kind: string, data: Record<string, string | number>, message: string): string {
  const values: Record<string, unknown> = { ...data, defaultValue: message };
  if (typeof data.situacao === "string") values.situacao = t(`alerts:status.${data.situacao}`, { defaultValue: data.situacao.replace(/_/g, " ") });
  if (kind === "vencimento") {
    const day = formatLongDate(typeof data.data === "string" ? data.data : "", language);
    values.data = typeof data.hora === "string" ? t("alerts:at_hour", { date: day, hour: data.hora }) : day;
    const days = Math.max(0, Math.round(Number(data.dias ?? 0)));
    if (days === 0) return t("alerts:kinds.vencimento_today", values);
    if (days === 1) return t("alerts:kinds.vencimento_tomorrow", values);
    return t("alerts:kinds.vencimento_days", { ...values, count: days });
  }
  if (kind === "atraso") values.data = formatLongDate(typeof data.data === "string" ? data.data : "", language);
  if (kind === "pesquisa_salva") return t("alerts:kinds.pesquisa_salva", { ...values, count: Number(data.total ?? 0) });
  if (kind === "perfil_interesse") return t("alerts:kinds.perfil_interesse", { ...values, count: Number(data.total ?? 0) });
  if (kind === "mensagem") return message;
  return t(`alerts:kinds.${kind}`, values);
}
