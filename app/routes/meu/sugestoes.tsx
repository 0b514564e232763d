import { useTranslation } from "~/framework/use-translation";
import { Form, useRouteLoaderData } from "react-router";
import { Link } from "~/framework/Link";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { PageTitle } from "~/components/profile/PageTitle";
import { SelectField } from "~/components/forms/SelectField";
import { TextField } from "~/components/forms/TextField";
import { AccountTable } from "~/components/ui/AccountTable";
import type { Route } from "./+types/sugestoes";
import { loadSuggestions } from "./sugestoes.server";
import { PROFESSOR_SUGGESTION_PATH, SUGGESTIONS_PATH } from "./paths-library-requests";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSuggestions(request, context);
}

/** My purchase suggestions with their status (the 14 of spec §3, named by the API), filtered by dates and status. */
export default function MySuggestionsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("contributions");
  const { title, values, errors, statuses, items, filtered, sent } = loaderData;
  // The account layout knows whether the patron is a professor (their own suggestion route, ADR 195).
  const professor = Boolean((useRouteLoaderData("meu") as { professor?: boolean } | undefined)?.professor);
  const summary = (["dataIni", "dataFim", "situacao"] as const)
    .filter((k) => errors[k])
    .map((k) => ({ fieldId: `sugestoes-${k}`, message: errors[k] }));
  return (
    <div className="page account-screen">
      <PageTitle title={title} failed={summary.length > 0} outcome={sent ? t("suggestions.sent") : null} />
      <h1>{title}</h1>
      <StatusMessage message={sent ? t("suggestions.sent") : null} />
      <p>
        {t("suggestions.intro")} <Link to="/sugestao">{t("suggestions.new")}</Link>
        {professor ? (
          <>
            {" "}
            <Link to={PROFESSOR_SUGGESTION_PATH}>{t("suggestions.new_professor")}</Link>
          </>
        ) : null}
      </p>
      <ErrorSummary errors={summary} />
      <Form method="get" className="account-filter" aria-labelledby="filtrar-sugestoes">
        <h2 id="filtrar-sugestoes">{t("suggestions.filter_heading")}</h2>
        <p>{t("suggestions.filter_hint")}</p>
        <TextField
          id="sugestoes-dataIni"
          name="dataIni"
          type="date"
          label={t("suggestions.from")}
          defaultValue={values.dataIni}
          error={errors.dataIni}
        />
        <TextField
          id="sugestoes-dataFim"
          name="dataFim"
          type="date"
          label={t("suggestions.to")}
          defaultValue={values.dataFim}
          error={errors.dataFim}
        />
        <SelectField
          id="sugestoes-situacao"
          name="situacao"
          label={t("suggestions.status")}
          placeholder={t("suggestions.any_status")}
          options={statuses.map((s) => ({ value: s.codigo, label: s.descricao }))}
          defaultValue={values.situacao}
          error={errors.situacao}
        />
        <button type="submit" className="button">
          {t("suggestions.filter")}
        </button>{" "}
        {filtered ? <Link to={SUGGESTIONS_PATH}>{t("suggestions.clear")}</Link> : null}
      </Form>
      {items === null ? (
        <p className="notice notice--warning">{t("suggestions.failed")}</p>
      ) : items.length === 0 ? (
        <p>{filtered ? t("suggestions.empty_filtered") : t("suggestions.empty")}</p>
      ) : (
        <AccountTable
          caption={t("suggestions.caption")}
          captionId="sugestoes-legenda"
          rows={items}
          rowKey={(s) => s.id}
          columns={[
            {
              header: t("suggestions.col.title"),
              rowHeader: true,
              cell: (s) => (
                <>
                  {s.title}
                  {s.course ? (
                    <span className="account-table__note">
                      {t("suggestions.for_discipline", {
                        tipo: t(`suggestions.bibliography_type.${s.course.type}`),
                        disciplina: s.course.discipline,
                        count: s.course.copies,
                      })}
                    </span>
                  ) : null}
                </>
              ),
            },
            { header: t("suggestions.col.author"), cell: (s) => s.author },
            { header: t("suggestions.col.publisher"), cell: (s) => s.publisher },
            { header: t("suggestions.col.library"), cell: (s) => s.library },
            { header: t("suggestions.col.date"), cell: (s) => s.date },
            { header: t("suggestions.col.status"), cell: (s) => s.status },
          ]}
        />
      )}
    </div>
  );
}
