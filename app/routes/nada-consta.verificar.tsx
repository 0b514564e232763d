import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { PageTitle } from "~/components/profile/PageTitle";
import { StatusMessage } from "~/components/account/StatusMessage";
import { TextField } from "~/components/forms/TextField";
import type { Route } from "./+types/nada-consta.verificar";
import { loadNoDebtsCheck } from "./nada-consta.verificar.server";
import "~/components/profile/profile.css";

export function loader(args: Route.LoaderArgs) {
  return loadNoDebtsCheck(args);
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
        <TextField
          id="codigo"
          name="codigo"
          label={t("verify.code")}
          description={t("verify.code_hint")}
          autoComplete="off"
          required
          maxLength={40}
          defaultValue={codigo}
          error={error ?? undefined}
        />
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
