/** The current loans' due dates as an iCalendar download, worded in the portal's language. */
import ical from "ical-generator";
import { getCurrentLoans } from "~/lib/api/account/loans.server";
import { getApi } from "~/lib/api/client.server";
import { getLanguage, getT } from "~/lib/i18n.server";
import { libraryTimeZoneOf } from "~/lib/root-data.server";
import { dueEventTime } from "../../../contract/time-zone";
import type { Route } from "./+types/emprestimos.calendario";

/** One event per loan with a due date, at the library's time zone. */
export async function loadLoansCalendar({ context }: Route.LoaderArgs): Promise<Response> {
  const [loans, zone] = await Promise.all([getCurrentLoans(getApi(context)), libraryTimeZoneOf(context)]);
  const t = getT(context);
  const cal = ical({
    name: t("loans:calendar.name"),
    prodId: { company: "Estante", product: "loans", language: getLanguage(context).toUpperCase() },
  });
  for (const l of loans) {
    if (!l.data_devolucao_prevista) continue;
    cal.createEvent({
      id: `emprestimo-${l.cod_emprestimo}@estante`,
      ...dueEventTime(l.data_devolucao_prevista, l.tipo === "horario", zone),
      summary: t("loans:calendar.event", { title: l.titulo ?? "" }),
      description: l.biblioteca ?? "",
    });
  }
  return new Response(cal.toString(), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="emprestimos.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
