/** Orchestration of the password change: the rules for the page, and the change itself (PRG on success). */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { changePassword, getPasswordRules, getPersonalData } from "~/lib/api/account/profile.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, type ErrorMessage } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";
import { failedRules } from "../../../contract/password-rules";
import { passwordChangeSchema } from "~/schemas/account/password";
import { PROFILE_PATH } from "~/components/profile/paths";

export async function loadPasswordPage(context: Readonly<RouterContextProvider>) {
  const api = getApi(context);
  const [rules, personal] = await Promise.all([getPasswordRules(api), getPersonalData(api)]);
  return { rules, name: personal.nome_pessoa, title: getT(context)("profile:password.heading") };
}

export interface PasswordActionData {
  result: SubmissionResult<string[]>;
  formError: ErrorMessage | null;
  /** Rule codes the API reported broken (the history rule only it can check). */
  brokenRules?: string[];
}

/** Passwords are never sent back to the page: the reply keeps no typed values. */
const reply = (
  submission: { reply: (o?: { fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => SubmissionResult<string[]> },
  fieldErrors?: Record<string, string[]>,
) => submission.reply({ fieldErrors, hideFields: ["senhaAtual", "senhaNova", "confirmacao"] });

export async function passwordAction(request: Request, context: Readonly<RouterContextProvider>) {
  const api = getApi(context);
  const { rules, name } = await loadPasswordPage(context);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: passwordChangeSchema(rules, name) });
  if (submission.status !== "success") {
    // Which rules the typed password breaks, for the rule list beside the field (without JS nothing else says it).
    const typed = form.get("senhaNova");
    const brokenRules = typeof typed === "string" && typed.trim() ? failedRules(typed.trim().slice(0, 256), rules, name) : undefined;
    return data<PasswordActionData>({ result: reply(submission), formError: null, brokenRules }, { status: 400 });
  }
  try {
    await changePassword(api, submission.value.senhaAtual, submission.value.senhaNova);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    if (err.code === "senha_atual_incorreta") {
      return data<PasswordActionData>(
        { result: reply(submission, { senhaAtual: ["profile:password.errors.current_wrong"] }), formError: null },
        { status: 400 },
      );
    }
    if (err.code === "senha_fora_dos_criterios") {
      const broken = err.errors?.regras ?? [];
      return data<PasswordActionData>(
        { result: reply(submission, { senhaNova: ["profile:password.errors.criteria"] }), formError: null, brokenRules: broken },
        { status: 400 },
      );
    }
    return data<PasswordActionData>({ result: reply(submission), formError: describeError(err) }, { status: err.status === 0 ? 503 : 400 });
  }
  return redirect(`${PROFILE_PATH}?aviso=senha`);
}
