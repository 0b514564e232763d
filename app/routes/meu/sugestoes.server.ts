/** The patron's purchase suggestions (spec §3 statuses, §7 "Aquisicao"): filtered by date range (spec §5) and status. */
import { data, type RouterContextProvider } from "react-router";
import { getMySuggestions, getSuggestionStatuses } from "~/lib/api/account/profile.server";
import { getApi } from "~/lib/api/client.server";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { DateRangeSchema } from "~/schemas/account/date-range";

export async function loadSuggestions(request: Request, context: Readonly<RouterContextProvider>) {
  const q = new URL(request.url).searchParams;
  const t = getT(context);
  const lang = getLanguage(context);
  const api = getApi(context);
  const values = {
    dataIni: (q.get("dataIni") ?? "").slice(0, 10),
    dataFim: (q.get("dataFim") ?? "").slice(0, 10),
    situacao: (q.get("situacao") ?? "").slice(0, 40),
  };
  const statuses = await settle(getSuggestionStatuses(api));
  const errors: Record<string, string> = {};
  if (values.dataIni || values.dataFim) {
    const range = DateRangeSchema.safeParse(values);
    if (!range.success) for (const i of range.error.issues) errors[String(i.path[0])] ??= t(i.message);
  }
  if (values.situacao && statuses.ok && !statuses.value.some((s) => s.codigo === values.situacao))
    errors.situacao = t("contributions:suggestions.status_invalid");
  const title = t("contributions:suggestions.title");
  const sent = q.get("enviada") === "1";
  const base = { title, values, errors, sent, statuses: statuses.ok ? statuses.value : [], filtered: Boolean(values.dataIni || values.situacao) };
  if (Object.keys(errors).length > 0) return data({ ...base, items: [] as Array<ReturnType<typeof view>> | null }, { status: 400 });
  const statusName = new Map(base.statuses.map((s) => [s.codigo, s.descricao]));
  const view = (s: Awaited<ReturnType<typeof getMySuggestions>>[number]) => ({
    id: s.cod_sugestao,
    title: s.titulo,
    author: s.autor ?? "",
    publisher: s.editor ?? "",
    library: s.biblioteca,
    date: formatDate(s.created_at, lang),
    status: statusName.get(s.situacao) ?? s.situacao,
    // A professor's suggestion: the discipline of its teaching plan, the bibliography type and the copies (ADR 195).
    course: s.disciplina && s.tipo_bibliografia ? { discipline: s.disciplina, type: s.tipo_bibliografia, copies: s.exemplares ?? 1 } : null,
  });
  const items = await settle(
    getMySuggestions(api, { dataIni: values.dataIni || undefined, dataFim: values.dataFim || undefined, situacao: values.situacao || undefined }),
  );
  return { ...base, items: items.ok ? items.value.map(view) : null };
}
