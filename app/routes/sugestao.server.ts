/** The acquisition suggestion screen's loader (the libraries, the professor flag, whether one was just sent) and action (sends it). */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { getApi } from "~/lib/api/client.server";
import { ApiError, type ErrorMessage } from "~/lib/api/errors";
import { createSuggestion, getUnits, isProfessor, requestErrorReply } from "~/lib/api/requests.server";
import { getT } from "~/lib/i18n.server";
import { requireUser } from "~/lib/require-user.server";
import { getSession } from "~/lib/session.server";
import { SuggestionSchema } from "~/schemas/suggestion";
import type { Route } from "./+types/sugestao";

/** The purchase suggestion as a page (the no-JS form of the footer dialog, which loads this data too). */
export async function loadSuggestionPage({ request, context }: Route.LoaderArgs) {
  const api = getApi(context);
  const signedIn = Boolean(getSession(context).user);
  const [units, professor] = await Promise.all([getUnits(api), signedIn ? isProfessor(api).catch(() => false) : Promise.resolve(false)]);
  const sent = new URL(request.url).searchParams.get("enviado") === "1";
  return { units, professor, sent, pageTitle: getT(context)("requests:suggestion.page_title") };
}

export interface SuggestionActionData {
  result: SubmissionResult<string[]> | null;
  formError: ErrorMessage | null;
  ok?: boolean;
}

const FIELDS = ["campus", "biblioteca", "autor", "titulo", "edicao", "editor", "isbn_issn", "periodico", "outras_inf"];

/** POST /sugestao-aquisicao; PRG to the page with a toast, or data for the dialog. */
export async function suggestionAction({ request, context }: Route.ActionArgs) {
  requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: SuggestionSchema });
  if (submission.status !== "success") return data<SuggestionActionData>({ result: submission.reply(), formError: null }, { status: 400 });
  const { via, ...fields } = submission.value;
  try {
    await createSuggestion(getApi(context), fields);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    const { fieldErrors, formError } = requestErrorReply(err, FIELDS);
    return data<SuggestionActionData>({ result: submission.reply({ fieldErrors }), formError }, { status: err.status === 0 ? 503 : 400 });
  }
  if (via === "modal") return data<SuggestionActionData>({ result: null, formError: null, ok: true });
  return redirect("/sugestao?enviado=1");
}
