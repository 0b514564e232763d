/** The absences screen's loader: the patron's absences, each with its state. */
import { ABSENCE_STATES, type AbsenceState } from "~/lib/api/account/declaration-types";
import { getAbsences } from "~/lib/api/account/declarations.server";
import { getApi } from "~/lib/api/client.server";
import { settle } from "~/lib/api/settle.server";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import type { Route } from "./+types/afastamentos";

/** The patron's absences (spec §7 `GET /afastamentos`), latest first, each with where it stands today. */
export async function loadAbsences({ context }: Route.LoaderArgs) {
  const lang = getLanguage(context);
  const list = await settle(getAbsences(getApi(context)));
  return {
    title: getT(context)("declarations:absences.title"),
    absences: list.ok
      ? list.value.map((a) => ({
          id: a.cod_afastamento,
          reason: a.motivo,
          start: formatDate(a.data_inicio, lang),
          end: a.data_fim ? formatDate(a.data_fim, lang) : null,
          note: a.observacao ?? null,
          state: ((ABSENCE_STATES as readonly string[]).includes(a.situacao) ? a.situacao : "em_curso") as AbsenceState,
        }))
      : null,
  };
}
