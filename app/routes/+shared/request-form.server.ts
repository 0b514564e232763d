import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { ApiError } from "~/lib/api/errors";
import { requestErrorReply } from "~/lib/api/requests.server";
import type { RequestActionData } from "~/components/requests/RequestForm";
import { requireUser } from "~/lib/require-user.server";
import type { RouterContextProvider } from "react-router";
import { parseCodAcervo } from "../acervo/index.server";

/**
 * The title a request form is about (the hold and the loan request): the patron must be logged in, and a path
 * that is not a title's number is a 404.
 */
export function requestTitle(request: Request, params: { codAcervo?: string }, context: Readonly<RouterContextProvider>): number {
  requireUser(request, context);
  const id = parseCodAcervo(params.codAcervo);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

/** A form that failed its schema: 400 with conform's reply (the typed values kept). */
export function invalidRequest(result: SubmissionResult<string[]>) {
  return data<RequestActionData>({ result, formError: null }, { status: 400 });
}

/**
 * Parses a request form with its schema and sends it with `send`, which answers the URL of the outcome
 * (PRG). Bad input → 400 beside the fields; the API's refusal → 400 with the fields it named or the rule's
 * message; `onUnanswered` says what to do when the API did not answer (default: 503 with the error).
 */
export async function submitRequest<S extends z.ZodType>(options: {
  form: FormData;
  schema: S;
  fields: readonly string[];
  send: (value: z.infer<S>) => Promise<string>;
  onUnanswered?: (result: SubmissionResult<string[]>) => ReturnType<typeof data<RequestActionData>>;
}) {
  const submission = parseWithZod(options.form, { schema: options.schema });
  if (submission.status !== "success") return invalidRequest(submission.reply());
  try {
    return redirect(await options.send(submission.value as z.infer<S>));
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    if (err.status === 0 && options.onUnanswered) return options.onUnanswered(submission.reply());
    const { fieldErrors, formError } = requestErrorReply(err, options.fields);
    return data<RequestActionData>({ result: submission.reply({ fieldErrors }), formError }, { status: err.status === 0 ? 503 : 400 });
  }
}
