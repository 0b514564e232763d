import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { DataTable } from "~/components/acervo/SubPage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { pageTitle } from "~/components/search/page-title";
import { HistoryActionSchema } from "~/schemas/history";
import "~/styles/catalogue.css";
import type { Route } from "./+types/historico";
import { historyAction, loadHistoryPage, type HistoryRow } from "./historico.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadHistoryPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return historyAction(request, context);
}

/** The session's searches, newest first, each one a link that runs it again (spec §2 "Search history"). */
export default function SearchHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("history");
  const page = actionData ?? loaderData;
  return (
    <div className="page search-history">
      <h1>{t("heading")}</h1>
      {page.cleared && page.rows.length === 0 ? (
        <p className="notice" role="status">
          {t("cleared")}
        </p>
      ) : null}
      <p>{t("intro")}</p>
      {page.rows.length === 0 ? (
        <p>
          {t("empty")} <Link to="/">{t("search_now")}</Link>
        </p>
      ) : (
        <>
          <HistoryTable rows={page.rows} />
          <ClearForm result={actionData && "result" in actionData ? actionData.result : undefined} />
        </>
      )}
    </div>
  );
}

function HistoryTable({ rows }: { rows: HistoryRow[] }) {
  const { t } = useTranslation("history");
  return (
    <DataTable id="historico-legenda" caption={t("caption", { count: rows.length })}>
      <thead>
        <tr>
          <th scope="col">{t("columns.search")}</th>
          <th scope="col">{t("columns.tab")}</th>
          <th scope="col">{t("columns.type")}</th>
          <th scope="col">{t("columns.filters")}</th>
          <th scope="col">{t("columns.results")}</th>
          <th scope="col">{t("columns.when")}</th>
          <th scope="col">{t("columns.action")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.href}>
            <th scope="row">{row.terms}</th>
            <td>{row.tab}</td>
            <td>{row.type ?? t("none")}</td>
            <td>{row.filters.length ? row.filters.join("; ") : t("none")}</td>
            <td>{row.capped ? t("results_capped", { count: row.total }) : row.total}</td>
            <td>
              <time dateTime={row.iso}>{row.ago}</time>
            </td>
            <td>
              <Link to={row.href}>
                {t("run_again")}
                <span className="visually-hidden">: {row.terms}</span>
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** Clears the history: a plain POST form (PRG), validated like every form. */
function ClearForm({ result }: { result?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("history");
  const [form, fields] = useForm({
    id: "historico-limpar",
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: HistoryActionSchema }),
    shouldValidate: "onSubmit",
  });
  const errors = (fields.intent.errors ?? []).map((key) => ({ fieldId: "historico-limpar-botao", message: t(key) }));
  return (
    <Form method="post" {...getFormProps(form)}>
      <ErrorSummary errors={errors} />
      <button type="submit" id="historico-limpar-botao" name="intent" value="clear" className="button button--secondary">
        {t("clear")}
      </button>
    </Form>
  );
}
