import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { activeRules, failedRules, SPECIAL_CHARACTERS } from "../../../contract/password-rules";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { PageTitle } from "~/components/profile/PageTitle";
import { fieldError, summaryOf } from "~/components/forms/form-errors";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { useHydrated } from "~/lib/use-hydrated";
import { passwordChangeSchema } from "~/schemas/account/password";
import type { Route } from "./+types/dados-pessoais.senha";
import { PROFILE_PATH } from "~/components/profile/paths";
import { loadPasswordPage, passwordAction } from "./dados-pessoais.senha.server";
import type { PasswordActionData } from "./dados-pessoais.senha.server";
import "~/components/profile/profile.css";

export async function loader({ context }: Route.LoaderArgs) {
  return loadPasswordPage(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return passwordAction(request, context);
}

/** A native password input (never refilled after an error) with its label, hint and inline error. */
function PasswordInput(props: {
  id: string;
  name: string;
  label: string;
  error?: string;
  autoComplete: string;
  describedBy?: string;
  onInput?: (v: string) => void;
}) {
  return (
    <FieldFrame id={props.id} label={props.label} error={props.error}>
      {(describedBy) => (
        <input
          className="field__input"
          id={props.id}
          name={props.name}
          type="password"
          autoComplete={props.autoComplete}
          maxLength={256}
          aria-required
          aria-invalid={props.error ? true : undefined}
          aria-describedby={[describedBy, props.describedBy].filter(Boolean).join(" ") || undefined}
          onInput={props.onInput ? (e) => props.onInput!(e.currentTarget.value) : undefined}
        />
      )}
    </FieldFrame>
  );
}

/** Password change (spec §5): the active rules listed beside the new password, checked as the patron types (JS) and on submit. */
export default function PasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { rules, name, title } = loaderData;
  const ad = actionData as PasswordActionData | undefined;
  const hydrated = useHydrated();
  const [typed, setTyped] = useState<string | null>(null);
  const schema = passwordChangeSchema(rules, name);
  const [form, fields] = useForm({
    id: "senha",
    lastResult: ad?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const summary = summaryOf(
    t,
    ad?.formError,
    [
      { id: "senha-atual", errors: fields.senhaAtual.errors },
      { id: "senha-nova", errors: fields.senhaNova.errors },
      { id: "senha-confirmacao", errors: fields.confirmacao.errors },
    ],
    "senha-atual",
  );
  // Live state of each rule once the patron types (JS); after a server answer, the rules it reported.
  const broken = new Set<string>(typed !== null ? failedRules(typed, rules, name) : (ad?.brokenRules ?? []));
  const judged = typed !== null || Boolean(ad?.brokenRules);
  const ruleText = (code: string) =>
    code === "length"
      ? t("password.rules.length", { min: rules.length.min, max: rules.length.max })
      : code === "special_char"
        ? t("password.rules.special_char", { chars: SPECIAL_CHARACTERS.split("").join(" ") })
        : code === "last_pw"
          ? t("password.rules.last_pw", { count: rules.last_pw })
          : t(`password.rules.${code}`);
  return (
    <div className="page profile">
      <PageTitle title={title} failed={summary.length > 0} />
      <p>
        <Link to={PROFILE_PATH}>{t("password.back")}</Link>
      </p>
      <h1>{t("password.heading")}</h1>
      <p>{t("password.intro")}</p>
      <ErrorSummary errors={summary} />
      <Form method="post" {...getFormProps(form)} noValidate className="profile-form">
        <PasswordInput
          id="senha-atual"
          name="senhaAtual"
          label={t("password.current")}
          autoComplete="current-password"
          error={fieldError(t, fields.senhaAtual.errors)}
        />
        <PasswordInput
          id="senha-nova"
          name="senhaNova"
          label={t("password.new")}
          autoComplete="new-password"
          describedBy="senha-regras"
          error={fieldError(t, fields.senhaNova.errors)}
          onInput={(v) => setTyped(v)}
        />
        <div id="senha-regras">
          <p id="senha-regras-titulo">{t("password.rules_heading")}</p>
          <ul className="profile-rules" aria-labelledby="senha-regras-titulo">
            {activeRules(rules).map((code) => {
              const met = code === "last_pw" ? undefined : judged ? !broken.has(code) : undefined;
              const serverBroken = code === "last_pw" && ad?.brokenRules?.includes("last_pw");
              return (
                <li key={code} data-rule={code} data-met={serverBroken ? "false" : met === undefined ? undefined : String(met)}>
                  {ruleText(code)}
                  {met === true ? <span className="visually-hidden"> {t("password.rule_met")}</span> : null}
                  {/* After a refused post the failed rules say so in words (visible: the page may have no JS to mark them live). */}
                  {met === false || serverBroken ? (
                    <span className={typed === null || serverBroken ? "profile-rule-failed" : "visually-hidden"}> {t("password.rule_not_met")}</span>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {hydrated && typed !== null ? (
            <p className="visually-hidden" aria-live="polite">
              {broken.size === 0 ? t("password.all_met") : t("password.some_missing", { count: broken.size })}
            </p>
          ) : null}
        </div>
        <PasswordInput
          id="senha-confirmacao"
          name="confirmacao"
          label={t("password.confirm")}
          autoComplete="new-password"
          error={fieldError(t, fields.confirmacao.errors)}
        />
        <button type="submit" className="button">
          {t("password.submit")}
        </button>
      </Form>
    </div>
  );
}
