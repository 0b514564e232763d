/** Typed calls of comments (spec §7 "Comentarios" and the general comment of "Unidade-informacao"). */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { requireUser } from "../require-user.server";
import { safeRedirect } from "../safe-redirect";
import { CommentSchema } from "~/schemas/comment";
import { getApi, type ApiClient } from "./client.server";
import { ApiError } from "./errors";
import { requestErrorReply } from "./requests.server";

import { CommentViewSchema, type Comment, PostedSchema, type CommentActionData } from "./types/comments";
export * from "./types/comments";
/** GET /comentarios/acervo/{id}: approved comments plus the patron's own awaiting approval, newest first. */
export function getComments(api: ApiClient, codAcervo: number): Promise<Comment[]> {
  return api.get(`/comentarios/acervo/${codAcervo}`, z.array(CommentViewSchema));
}

/** POST /comentarios/acervo/{id} as the patron; throws ApiError 422 (`limite_comentarios`, field errors). */
export function postTitleComment(api: ApiClient, codAcervo: number, body: { texto: string; biblioteca: number }) {
  return api.send("POST", `/comentarios/acervo/${codAcervo}`, PostedSchema, { body, as: "patron" });
}

/** POST /comentario {content, b}: the footer's general comment. */
export function postGeneralComment(api: ApiClient, body: { content: string; b: number }) {
  return api.send("POST", "/comentario", PostedSchema, { body, as: "patron" });
}

/**
 * The action of every comment form (title comment, general comment): validates with the shared schema, posts
 * through `post`, and redirects to `success` (PRG), or answers 400 with the form's errors and the input kept.
 * Logged-out visitors are sent to the login page first.
 */
export async function submitComment(
  request: Request,
  context: Readonly<RouterContextProvider>,
  post: (api: ApiClient, value: { texto: string; biblioteca: number }) => Promise<unknown>,
  success: (redirectTo: string | undefined) => string,
) {
  requireUser(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: CommentSchema });
  if (submission.status !== "success") {
    return data<CommentActionData>({ result: submission.reply(), formError: null }, { status: 400 });
  }
  try {
    await post(getApi(context), submission.value);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    const { fieldErrors, formError } = requestErrorReply(err, ["texto", "biblioteca"]);
    return data<CommentActionData>({ result: submission.reply({ fieldErrors }), formError }, { status: err.status === 0 ? 503 : 400 });
  }
  if (submission.value.via === "modal") return data<CommentActionData>({ result: null, formError: null, ok: true });
  return redirect(success(submission.value.redirectTo ? safeRedirect(submission.value.redirectTo, "/") : undefined));
}
