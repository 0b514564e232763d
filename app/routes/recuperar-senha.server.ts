/**
 * The password recovery flow (spec §4, ADR 130): three pages, /recuperar-senha, /recuperar-senha/codigo and
 * /recuperar-senha/nova-senha. What the flow knows between steps (the user code, the code's length and
 * expiry, the rules, then the checked code) lives in a sealed, HttpOnly cookie scoped to /recuperar-senha
 * that ends with the code, so every step works as a plain POST without JavaScript.
 */
import { ACTIVITY } from "~/lib/activities";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { changeRecoveredPassword, startRecovery, validateRecoveryCode } from "~/lib/api/identity/recovery.server";
import { activeRules, PasswordRulesSchema, PASSWORD_RULE_CODES, type PasswordRuleCode, type PasswordRules } from "~/lib/api/identity/types";
import { isHttps, parseCookies, serializeCookie } from "~/lib/cookies";
import { getEnv } from "~/lib/env.server";
import { apiLangId } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import { openBytes, sealBytes } from "~/lib/sealed-cookie.server";
import { getSession } from "~/lib/session.server";
import { getSiteConfig, type SiteConfig } from "~/lib/site-config.server";
import { RECOVERY_PATH } from "~/lib/recovery-path";
import { NewPasswordSchema, recoveryCodeSchema, RecoveryUserSchema } from "~/schemas/identity/recovery";

const COOKIE = "estante_recuperacao";
const PURPOSE = "password-recovery-v1";

const FlowSchema = z.object({
  /** The user code typed in step 1. */
  u: z.string().max(100),
  /** Code length and expiry (epoch ms) the API gave. */
  l: z.number().int(),
  e: z.number().int(),
  r: PasswordRulesSchema,
  /** After step 2: the checked code and the person's name. */
  c: z.string().max(20).optional(),
  n: z.string().max(200).optional(),
});
export type RecoveryFlow = z.infer<typeof FlowSchema>;

type Ctx = Readonly<RouterContextProvider>;

/** Forgot-password is offered only with login mode 2 and crypt 4 (spec §2). */
export function recoveryOffered(config: SiteConfig | null): boolean {
  return Number(config?.instituicao.__md_aut) === 2 && Number(config?.instituicao.__md_crypt) === 4;
}

async function siteConfig(context: Ctx): Promise<SiteConfig | null> {
  try {
    return await getSiteConfig(getApi(context), String(apiLangId(getLanguage(context))));
  } catch {
    return null;
  }
}

/** 404 when the institution does not offer recovery: the screen exists only where it works. */
export async function requireRecoveryOffered(context: Ctx): Promise<void> {
  if (!recoveryOffered(await siteConfig(context))) throw data(null, { status: 404 });
}

function readFlow(request: Request): RecoveryFlow | null {
  const raw = openBytes(parseCookies(request.headers.get("Cookie"))[COOKIE], getEnv().SESSION_SECRET, PURPOSE);
  if (!raw) return null;
  try {
    const flow = FlowSchema.safeParse(JSON.parse(raw.toString("utf8")));
    return flow.success && flow.data.e > Date.now() ? flow.data : null;
  } catch {
    return null;
  }
}

function flowCookie(request: Request, flow: RecoveryFlow | null): string {
  const opts = { httpOnly: true, secure: isHttps(request), sameSite: "Lax" as const, path: RECOVERY_PATH };
  if (!flow) return serializeCookie(COOKIE, "", { ...opts, maxAge: 0 });
  const value = sealBytes(Buffer.from(JSON.stringify(flow), "utf8"), getEnv().SESSION_SECRET, PURPOSE);
  return serializeCookie(COOKIE, value, { ...opts, maxAge: Math.max(1, Math.round((flow.e - Date.now()) / 1000)) });
}

/**
 * The form-level message for an API failure in the recovery (spec §8 "Recovery"): a wrong code and "too many
 * attempts" (spec §8 429) in the portal's own words, so every language gets them; other refusals as the API says.
 */
function apiFailure(context: Ctx, err: unknown): { message: string; status: number } {
  const t = getT(context);
  if (!(err instanceof ApiError) || err.status >= 500) return { message: t("common:errors.unexpected"), status: 500 };
  if (err.status === 0) return { message: t("common:errors.network"), status: 503 };
  if (err.status === 429) return { message: t("common:auth.errors.too_many"), status: 429 };
  if (err.code === "codigo_invalido") return { message: t("identity:recovery.errors.code_invalid"), status: 400 };
  return { message: err.serverMessage || t("common:errors.unexpected"), status: 400 };
}

const noStore = { "Cache-Control": "no-store" };

// ---------------------------------------------------------------- step 1

export async function loadStartPage(request: Request, context: Ctx) {
  await requireRecoveryOffered(context);
  const usuario = new URL(request.url).searchParams.get("usuario")?.slice(0, 100) ?? "";
  return data({ usuario, captchaOn: await captchaOn(context) }, { headers: noStore });
}

/** Activity 1120: step 1 shows the captcha (with JS; ADR 170). */
async function captchaOn(context: Ctx): Promise<boolean> {
  return Boolean((await siteConfig(context))?.activities.includes(ACTIVITY.CAPTCHA));
}

/** Sends the code through the API and stores the flow; the answer is the same for every user code. */
async function sendCode(request: Request, context: Ctx, usuario: string, captchaToken?: string): Promise<RecoveryFlow> {
  const answer = await startRecovery(getApi(context), usuario, captchaToken);
  return { u: usuario, l: answer.length, e: Date.now() + answer.tte * 60_000, r: answer.rules };
}

export async function startAction(request: Request, context: Ctx) {
  await requireRecoveryOffered(context);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: RecoveryUserSchema });
  const usuario = String(form.get("usuario") ?? "").slice(0, 100);
  const t = getT(context);
  const captcha = String(form.get("captcha") ?? "") || undefined;
  // The widget was there (JS) but the form went before it finished: spec §5 "Verifique o Captcha".
  const captchaError = form.get("captcha_js") === "1" && !captcha && (await captchaOn(context)) ? t("login:captcha.recovery_missing") : null;
  if (submission.status !== "success" || captchaError) {
    return data({ attempt: crypto.randomUUID(), result: submission.reply(), formError: null, captchaError, usuario }, { status: 400 });
  }
  try {
    const flow = await sendCode(request, context, submission.value.usuario, captcha);
    return redirect(`${RECOVERY_PATH}/codigo`, { headers: { "Set-Cookie": flowCookie(request, flow) } });
  } catch (err) {
    if (err instanceof ApiError && (err.code === "captcha_expirado" || err.code === "captcha_invalido")) {
      const message = t(err.code === "captcha_expirado" ? "login:captcha.expired" : "login:captcha.invalid");
      return data({ attempt: crypto.randomUUID(), result: submission.reply(), formError: null, captchaError: message, usuario }, { status: 400 });
    }
    const failure = apiFailure(context, err);
    return data(
      { attempt: crypto.randomUUID(), result: submission.reply(), formError: failure.message, captchaError: null, usuario },
      { status: failure.status },
    );
  }
}

// ---------------------------------------------------------------- step 2

export async function loadCodePage(request: Request, context: Ctx) {
  await requireRecoveryOffered(context);
  const flow = readFlow(request);
  if (!flow) throw redirect(RECOVERY_PATH);
  const resent = new URL(request.url).searchParams.get("reenviado") === "1";
  return data(
    {
      usuario: flow.u,
      length: flow.l,
      expiresAt: new Date(flow.e).toISOString(),
      minutes: Math.max(1, Math.ceil((flow.e - Date.now()) / 60_000)),
      resent,
    },
    { headers: noStore },
  );
}

export async function codeAction(request: Request, context: Ctx) {
  await requireRecoveryOffered(context);
  const flow = readFlow(request);
  if (!flow) throw redirect(RECOVERY_PATH);
  const form = await request.formData();
  const auto = form.get("auto") === "1";
  if (form.get("intent") === "resend") {
    try {
      const fresh = await sendCode(request, context, flow.u);
      return redirect(`${RECOVERY_PATH}/codigo?reenviado=1`, { headers: { "Set-Cookie": flowCookie(request, fresh) } });
    } catch (err) {
      const failure = apiFailure(context, err);
      return data({ result: null, formError: failure.message, offerResend: true, auto: false }, { status: failure.status });
    }
  }
  const submission = parseWithZod(form, { schema: recoveryCodeSchema(flow.l) });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null, offerResend: false, auto }, { status: 400 });
  try {
    const answer = await validateRecoveryCode(getApi(context), flow.u, submission.value.codigo);
    const next: RecoveryFlow = { ...flow, c: submission.value.codigo, n: answer.name ?? undefined, r: answer.rules };
    return redirect(`${RECOVERY_PATH}/nova-senha`, { headers: { "Set-Cookie": flowCookie(request, next) } });
  } catch (err) {
    const failure = apiFailure(context, err);
    // Spec §4: after a 422 the page offers to send a new code.
    const offerResend = err instanceof ApiError && err.status === 422;
    return data(
      { result: submission.reply({ fieldErrors: { codigo: [failure.message] }, resetForm: false }), formError: null, offerResend, auto },
      { status: failure.status },
    );
  }
}

// ---------------------------------------------------------------- step 3

export async function loadPasswordPage(request: Request, context: Ctx) {
  await requireRecoveryOffered(context);
  const flow = readFlow(request);
  if (!flow) throw redirect(RECOVERY_PATH);
  if (!flow.c) throw redirect(`${RECOVERY_PATH}/codigo`);
  return data({ name: flow.n ?? null, rules: flow.r, active: activeRules(flow.r) }, { headers: noStore });
}

export async function passwordAction(request: Request, context: Ctx) {
  await requireRecoveryOffered(context);
  const flow = readFlow(request);
  if (!flow) throw redirect(RECOVERY_PATH);
  if (!flow.c) throw redirect(`${RECOVERY_PATH}/codigo`);
  const t = getT(context);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: NewPasswordSchema });
  const hide = { hideFields: ["senha", "confirmacao"] };
  if (submission.status !== "success")
    return data({ result: submission.reply(hide), formError: null, broken: [] as PasswordRuleCode[], restart: false }, { status: 400 });
  try {
    await changeRecoveredPassword(getApi(context), flow.u, flow.c, submission.value.senha);
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) {
      const codes = (err.errors?.rules ?? []).filter((c): c is PasswordRuleCode => (PASSWORD_RULE_CODES as readonly string[]).includes(c));
      if (codes.length > 0 || err.code === "senha_fora_dos_criterios") {
        const message = t("identity:recovery.errors.criteria");
        return data(
          { result: submission.reply({ ...hide, fieldErrors: { senha: [message] } }), formError: null, broken: codes, restart: false },
          { status: 400 },
        );
      }
      // The code died meanwhile (expired or worn out): the flow starts again.
      return data(
        { result: submission.reply(hide), formError: t("identity:recovery.errors.code_invalid"), broken: [], restart: true },
        { status: 400, headers: { "Set-Cookie": flowCookie(request, null) } },
      );
    }
    const failure = apiFailure(context, err);
    return data({ result: submission.reply(hide), formError: failure.message, broken: [], restart: false }, { status: failure.status });
  }
  getSession(context).flash("password_changed");
  return redirect("/login", { headers: { "Set-Cookie": flowCookie(request, null) } });
}

export type { PasswordRules };
