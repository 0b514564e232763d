/** Orchestration of the e-mail confirmation page (ADR 236): reading what a link names, and following it once. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { checkEmailChangeLink, confirmEmailChange } from "~/lib/api/account/profile.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";
import { EmailConfirmFormSchema } from "~/schemas/account/personal-data";

/** What the page shows: the button (with the address), the change done, or why the link no longer works. */
export type ConfirmState = { state: "ready"; email: string; token: string } | { state: "done" } | { state: "invalid" | "expired" | "in_use" };

const refusal = (err: unknown): { state: "invalid" | "expired" | "in_use"; status: number } | null => {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 404 || err.status === 422) return { state: "invalid", status: 404 };
  if (err.status === 410) return { state: "expired", status: 410 };
  if (err.status === 409) return { state: "in_use", status: 409 };
  return null;
};

/** GET: checks the link without spending it (a mail scanner following it changes nothing). */
export async function loadConfirmation(request: Request, context: Readonly<RouterContextProvider>) {
  const title = getT(context)("profile:confirm.title");
  const url = new URL(request.url);
  if (url.searchParams.get("situacao") === "confirmado") return { title, view: { state: "done" } as ConfirmState };
  const token = (url.searchParams.get("token") ?? "").trim().slice(0, 200);
  if (!token) return data({ title, view: { state: "invalid" } as ConfirmState }, { status: 404 });
  try {
    const link = await checkEmailChangeLink(getApi(context), token);
    return { title, view: { state: "ready", email: link.email, token } as ConfirmState };
  } catch (err) {
    const r = refusal(err);
    if (!r) throw err;
    return data({ title, view: { state: r.state } as ConfirmState }, { status: r.status });
  }
}

/** POST: follows the link; success redirects (PRG) to the page's "done" state. */
export async function confirmAction(request: Request, context: Readonly<RouterContextProvider>) {
  const submission = parseWithZod(await request.formData(), { schema: EmailConfirmFormSchema });
  if (submission.status !== "success") return data({ view: { state: "invalid" } as ConfirmState }, { status: 400 });
  try {
    await confirmEmailChange(getApi(context), submission.value.token);
  } catch (err) {
    const r = refusal(err);
    if (!r) throw err;
    return data({ view: { state: r.state } as ConfirmState }, { status: r.status });
  }
  return redirect("/confirmar-email?situacao=confirmado");
}
