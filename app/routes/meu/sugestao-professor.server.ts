/** The professors' purchase suggestion in the private area (spec §6 "teachers are pointed to a separate route", ADR 195). */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { markActionFailed } from "~/lib/action-failed.server";
import { getMyTeachingPlans } from "~/lib/api/account/statistics.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, type ErrorMessage } from "~/lib/api/errors";
import { createProfessorSuggestion, getUnits, requestErrorReply } from "~/lib/api/requests.server";
import { settle } from "~/lib/api/settle.server";
import { getT } from "~/lib/i18n.server";
import { ProfessorSuggestionSchema } from "~/schemas/professor-suggestion";
import { loadIsProfessor } from "./_layout.server";
import { SUGGESTIONS_PATH } from "./paths-library-requests";

/** The form's options: the libraries and the professor's own teaching plans (course, discipline, year and semester). */
export async function loadProfessorSuggestion(context: Readonly<RouterContextProvider>) {
  const api = getApi(context);
  const title = getT(context)("requests:suggestion.professor.title");
  // Kept in the session at login (the account layout asks the same way).
  if (!(await loadIsProfessor(context))) return data({ title, professor: false as const, units: [], plans: null }, { status: 403 });
  const [units, plans] = await Promise.all([settle(getUnits(api)), settle(getMyTeachingPlans(api))]);
  if (!units.ok || !plans.ok) return { title, professor: true as const, units: [], plans: null };
  const options = plans.value.planos.map((p) => ({
    value: String(p.cod_plano),
    label: `${p.disciplina.descricao} — ${p.curso.descricao} (${p.ano}/${p.semestre})`,
  }));
  return { title, professor: true as const, units: units.value, plans: options };
}

export interface ProfessorSuggestionActionData {
  result: SubmissionResult<string[]>;
  formError: ErrorMessage | null;
}

const FIELDS = [
  "campus",
  "biblioteca",
  "autor",
  "titulo",
  "edicao",
  "editor",
  "isbn_issn",
  "periodico",
  "outras_inf",
  "plano",
  "tipo_bibliografia",
  "exemplares",
  "justificativa",
];

/** POST /aquisicao/sugestoes; success lands on "my suggestions" with a status message (PRG). */
export async function professorSuggestionAction(request: Request, context: Readonly<RouterContextProvider>) {
  const submission = parseWithZod(await request.formData(), { schema: ProfessorSuggestionSchema });
  if (submission.status !== "success") {
    markActionFailed(context);
    return data<ProfessorSuggestionActionData>({ result: submission.reply(), formError: null }, { status: 400 });
  }
  const { via: _via, ...fields } = submission.value;
  try {
    await createProfessorSuggestion(getApi(context), fields);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    const { fieldErrors, formError } = requestErrorReply(err, FIELDS);
    markActionFailed(context);
    return data<ProfessorSuggestionActionData>(
      { result: submission.reply({ fieldErrors }), formError },
      { status: err.status === 0 ? 503 : err.status === 403 ? 403 : 400 },
    );
  }
  return redirect(`${SUGGESTIONS_PATH}?enviada=1`);
}
