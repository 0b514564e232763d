import { useTranslation } from "~/framework/use-translation";
import { data, Form } from "react-router";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { PageTitle } from "~/components/profile/PageTitle";
import { StatusMessage } from "~/components/account/StatusMessage";
import { TextField } from "~/components/ui/TextField";
import { verifyNoDebts } from "~/lib/api/account/declarations.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { formatDate } from "~/lib/i18n";
import { getLanguage, getT } from "~/lib/i18n.server";
import type { Route } from "./+types/nada-consta.verificar";
import "~/components/profile/profile.css";

/** A verification code as typed: 12 letters and digits, with or without dashes and spaces. */
const CODE = /^[A-Za-z0-9]{12}$/;

/**
 * Public check of a no-debts declaration (ADR 192): a plain GET form, so its result has an address and works
 * without JavaScript. A malformed code is an input error (400, kept in the field); an unknown one is a result.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getT(context);
  const title = t("declarations:verify.title");
  const raw = new URL(request.url).searchParams.get("codigo");
  if (raw === null) return { title, codigo: "", error: null, result: null };
  const codigo = raw.trim().slice(0, 40);
  if (!CODE.test(codigo.replace(/[\s-]/g, ""))) return data({ title, codigo, error: t("declarations:verify.malformed"), result: null }, { status: 400 });
  try {
    const d = await verifyNoDebts(getApi(context), codigo);
    const lang = getLanguage(context);
    return {
      title,
      codigo,
      error: null,
      result: { found: true as const, code: d.codigo, name: d.nome_pessoa, category: d.categoria ?? "", institution: d.instituicao?.nome ?? "", date: formatDate(d.emitida_em, lang) },
    };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { title, codigo, error: null, result: { found: false as const } };
    if (err instanceof ApiError && err.status === 422) return data({ title, codigo, error: t("declarations:verify.malformed"), result: null }, { status: 400 });
    throw err;
  }
}

export default function VerifyDeclarationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("declarations");
  const { title, codigo, error, result } = loaderData;
  return (
    <div className="page profile">
      <PageTitle title={title} failed={Boolean(error)} />
      <h1>{title}</h1>
      <ErrorSummary errors={error ? [{ fieldId: "codigo", message: error }] : []} />
      <p>{t("verify.intro")}</p>
      <Form method="get" noValidate aria-label={t("verify.form_label")}>
        <TextField id="codigo" name="codigo" label={t("verify.code")} description={t("verify.code_hint")} autoComplete="off" required maxLength={40} defaultValue={codigo} error={error ?? undefined} />
        <button type="submit" className="button">
          {t("verify.submit")}
        </button>
      </Form>
      <StatusMessage
        message={result ? (result.found ? t("verify.valid", { code: result.code }) : t("verify.not_found", { code: codigo })) : null}
        tone={result?.found ? "success" : "warning"}
      />
      {result?.found ? (
        <dl className="facts">
          <dt>{t("verify.name")}</dt>
          <dd>{result.name}</dd>
          <dt>{t("verify.category")}</dt>
          <dd>{result.category}</dd>
          <dt>{t("verify.institution")}</dt>
          <dd>{result.institution}</dd>
          <dt>{t("verify.issued")}</dt>
          <dd>{result.date}</dd>
        </dl>
      ) : null}
    </div>
  );
}
