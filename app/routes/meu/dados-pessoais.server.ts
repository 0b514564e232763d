/** Orchestration of the personal-data screen: loading, saving the form and the loan-history choice. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { getHistoryChoice, getPersonalData, savePersonalData, setHistoryChoice } from "~/lib/api/account/profile.server";
import { PERSONAL_FIELDS, type PersonalField } from "~/lib/api/account/types";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, type ErrorMessage } from "~/lib/api/errors";
import { settle } from "~/lib/api/settle.server";
import { getT } from "~/lib/i18n.server";
import { PROFILE_PATH } from "~/components/profile/paths";
import { HistoryChoiceFormSchema, PersonalDataFormSchema } from "~/schemas/account/personal-data";


const NOTICES = ["salvo", "senha", "historico-mantido", "historico-apagado"] as const;
export type ProfileNotice = (typeof NOTICES)[number];

export async function loadProfile(request: Request, context: Readonly<RouterContextProvider>) {
  const api = getApi(context);
  const [personal, history] = await Promise.all([getPersonalData(api), settle(getHistoryChoice(api))]);
  const aviso = new URL(request.url).searchParams.get("aviso");
  return {
    title: getT(context)("profile:personal.title"),
    personal,
    history: history.ok ? history.value : null,
    notice: (NOTICES as readonly string[]).includes(aviso ?? "") ? (aviso as ProfileNotice) : null,
  };
}

export interface ProfileActionData {
  form: "dados" | "historico";
  result: SubmissionResult<string[]>;
  formError: ErrorMessage | null;
}

/** Which message key stands for an API field error (the API's own text is in its language, not the page's). */
const apiFieldKey = (field: string) => (field === "cpf" || field === "cep" ? `profile:errors.${field}` : "profile:errors.check_field");

export async function profileAction(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const api = getApi(context);
  if (form.get("intent") === "historico") {
    const submission = parseWithZod(form, { schema: HistoryChoiceFormSchema });
    if (submission.status !== "success") return data<ProfileActionData>({ form: "historico", result: submission.reply(), formError: null }, { status: 400 });
    const keep = submission.value.guardar === "sim";
    try {
      await setHistoryChoice(api, keep, !keep);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 401) throw err;
      return data<ProfileActionData>({ form: "historico", result: submission.reply(), formError: describeError(err) }, { status: err.status === 0 ? 503 : 400 });
    }
    return redirect(`${PROFILE_PATH}?aviso=${keep ? "historico-mantido" : "historico-apagado"}#historico`);
  }

  const submission = parseWithZod(form, { schema: PersonalDataFormSchema });
  if (submission.status !== "success") return data<ProfileActionData>({ form: "dados", result: submission.reply(), formError: null }, { status: 400 });
  // Only the fields the institution lets the patron change are sent (the others are not in the form).
  const editable = new Set((await getPersonalData(api)).editaveis);
  const change: Partial<Record<PersonalField, string | boolean | null>> = {};
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
    return data<ProfileActionData>({ form: "dados", result: submission.reply(), formError: describeError(err) }, { status: err.status === 0 ? 503 : 400 });
  }
  return redirect(`${PROFILE_PATH}?aviso=salvo`);
}
