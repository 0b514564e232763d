/** Orchestration of the personal-data screen: loading, saving the form and the loan-history choice. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { cancelEmailChange, getPersonalData, requestEmailChange, savePersonalData } from "~/lib/api/account/profile.server";
import { getHistoryMode, setHistoryMode } from "~/lib/api/account/notifications.server";
import { PERSONAL_FIELDS, type PersonalField } from "~/lib/api/account/types";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, type ErrorMessage } from "~/lib/api/errors";
import { settle } from "~/lib/api/settle.server";
import { getT } from "~/lib/i18n.server";
import { PROFILE_PATH } from "~/components/profile/paths";
import { EmailChangeFormSchema, HistoryChoiceFormSchema, PersonalDataFormSchema } from "~/schemas/account/personal-data";

const NOTICES = [
  "salvo",
  "senha",
  "historico-sempre",
  "historico-padrao",
  "historico-nunca",
  "historico-apagado",
  "email-enviado",
  "email-cancelado",
] as const;
export type ProfileNotice = (typeof NOTICES)[number];

export async function loadProfile(request: Request, context: Readonly<RouterContextProvider>) {
  const api = getApi(context);
  const [personal, history] = await Promise.all([getPersonalData(api), settle(getHistoryMode(api))]);
  const aviso = new URL(request.url).searchParams.get("aviso");
  return {
    title: getT(context)("profile:personal.title"),
    personal,
    history: history.ok ? history.value : null,
    notice: (NOTICES as readonly string[]).includes(aviso ?? "") ? (aviso as ProfileNotice) : null,
  };
}

export interface ProfileActionData {
  form: "dados" | "historico" | "email";
  result: SubmissionResult<string[]>;
  formError: ErrorMessage | null;
}

/** Which message key stands for an API field error (the API's own text is in its language, not the page's). */
const apiFieldKey = (field: string) =>
  field === "cpf" || field === "cep" ? `profile:errors.${field}` : field === "telefone" ? "profile:errors.phone" : "profile:errors.check_field";

/** The message key for each refusal of an e-mail change (ADR 236). */
const EMAIL_REFUSALS: Record<string, string> = {
  email_invalido: "profile:errors.email_invalid",
  email_igual: "profile:errors.email_same",
  email_em_uso: "profile:errors.email_in_use",
  muitas_tentativas: "profile:errors.email_too_many",
};

/** Asks for a new e-mail address (a link goes to it) or cancels the one waiting; refusals beside the field. */
async function emailAction(form: FormData, context: Readonly<RouterContextProvider>) {
  const api = getApi(context);
  if (form.get("intent") === "email-cancelar") {
    try {
      await cancelEmailChange(api);
    } catch (err) {
      // Nothing waiting (cancelled in another tab, or confirmed meanwhile): the page shows the current state.
      if (!(err instanceof ApiError) || err.status !== 404) throw err;
    }
    return redirect(`${PROFILE_PATH}?aviso=email-cancelado#email`);
  }
  const submission = parseWithZod(form, { schema: EmailChangeFormSchema });
  if (submission.status !== "success")
    return data<ProfileActionData>({ form: "email", result: submission.reply(), formError: null }, { status: 400 });
  try {
    await requestEmailChange(api, submission.value.email);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    const key = err.code ? EMAIL_REFUSALS[err.code] : undefined;
    if (key)
      return data<ProfileActionData>(
        { form: "email", result: submission.reply({ fieldErrors: { email: [key] } }), formError: null },
        { status: err.status === 429 ? 429 : 400 },
      );
    return data<ProfileActionData>(
      { form: "email", result: submission.reply(), formError: describeError(err) },
      { status: err.status === 0 ? 503 : 400 },
    );
  }
  return redirect(`${PROFILE_PATH}?aviso=email-enviado#email`);
}

export async function profileAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const api = getApi(context);
  if (form.get("intent") === "email" || form.get("intent") === "email-cancelar") return emailAction(form, context);
  if (form.get("intent") === "historico") {
    const submission = parseWithZod(form, { schema: HistoryChoiceFormSchema });
    if (submission.status !== "success")
      return data<ProfileActionData>({ form: "historico", result: submission.reply(), formError: null }, { status: 400 });
    const { guardar, apagar } = submission.value;
    const erase = guardar === "nunca" && apagar === "sim";
    try {
      await setHistoryMode(api, guardar, erase);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 401) throw err;
      return data<ProfileActionData>(
        { form: "historico", result: submission.reply(), formError: describeError(err) },
        { status: err.status === 0 ? 503 : 400 },
      );
    }
    return redirect(`${PROFILE_PATH}?aviso=${erase ? "historico-apagado" : `historico-${guardar}`}#historico`);
  }

  const submission = parseWithZod(form, { schema: PersonalDataFormSchema });
  // Only the personal-data form (intent=dados) saves it: a body without it (a forged or truncated post) must not
  // blank the patron's stored fields.
  if (form.get("intent") !== "dados") {
    return data<ProfileActionData>(
      { form: "dados", result: submission.reply(), formError: { key: "common:errors.unknown_action" } },
      { status: 400 },
    );
  }
  if (submission.status !== "success")
    return data<ProfileActionData>({ form: "dados", result: submission.reply(), formError: null }, { status: 400 });
  // Only the fields the institution lets the patron change are sent (the others are not in the form).
  const editable = new Set((await getPersonalData(api)).editaveis);
  // The phone is always the patron's to change (ADR 236); blank clears it.
  const change: Partial<Record<PersonalField | "telefone", string | boolean | null>> = { telefone: submission.value.telefone || null };
  for (const field of PERSONAL_FIELDS) {
    if (!editable.has(field)) continue;
    if (field === "recebe_email") change.recebe_email = submission.value.recebe_email === "on";
    else if (field in PersonalDataFormSchema.shape) change[field] = (submission.value as Record<string, string | undefined>)[field] ?? null;
  }
  try {
    await savePersonalData(api, change);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    if (err.status === 422 && err.errors) {
      const fieldErrors = Object.fromEntries(Object.keys(err.errors).map((f) => [f, [apiFieldKey(f)]]));
      return data<ProfileActionData>({ form: "dados", result: submission.reply({ fieldErrors }), formError: null }, { status: 400 });
    }
    return data<ProfileActionData>(
      { form: "dados", result: submission.reply(), formError: describeError(err) },
      { status: err.status === 0 ? 503 : 400 },
    );
  }
  return redirect(`${PROFILE_PATH}?aviso=salvo`);
}
