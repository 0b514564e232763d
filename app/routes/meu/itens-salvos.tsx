import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { ListFrame } from "~/components/account/ListFrame";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { flagFailure } from "~/lib/action-failed.server";
import type { Route } from "./+types/itens-salvos";
import { loadSaved, savedAction, type SavedActionData } from "./itens-salvos.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSaved(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await savedAction(request, context));
}

/** The patron's saved searches: run again (a link to the results) or delete. */
export default function SavedPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("saved");
  const result = actionData as SavedActionData | undefined;
  const { items, done } = loaderData;
  return (
    <div className="page account-screen">
      <ErrorTitle show={Boolean(result)} prefix={loaderData.errorPrefix} title={loaderData.plainTitle} />
      <h1>{t("heading")}</h1>
      <StatusMessage message={done ? t(`done.${done}`) : null} />
      <ErrorSummary errors={result ? [{ fieldId: "", message: result.error }] : []} />
      <h2>{t("searches_heading")}</h2>
      <p>{t("how_to_save")}</p>
      <ListFrame items={items} failed={t("failed")} empty={t("empty")}>
        {(rows) => (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          <div className="account-table-wrap" role="region" aria-label={t("caption")} tabIndex={0}>
            <table className="account-table">
              <caption>{t("caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("col.name")}</th>
                  <th scope="col">{t("col.date")}</th>
                  <th scope="col">{t("col.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{s.name}</th>
                    <td>{s.date}</td>
                    <td>
                      <Link to={s.href} aria-label={t("run_named", { name: s.name })}>
                        {t("run")}
                      </Link>{" "}
                      <Form method="post" className="inline-form">
                        <input type="hidden" name="id" value={s.id} />
                        <button type="submit" name="intent" value="excluir" className="button button--secondary">
                          {t("delete", { name: s.name })}
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListFrame>
    </div>
  );
}
