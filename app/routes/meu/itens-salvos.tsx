import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { useRef, useState } from "react";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { ListFrame } from "~/components/account/ListFrame";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { AccountTable } from "~/components/ui/AccountTable";
import { flagFailure } from "~/lib/action-failed.server";
import { useHydrated } from "~/lib/use-hydrated";
import { useArrivalFocus } from "~/lib/use-arrival-focus";
import type { Route } from "./+types/itens-salvos";
import { loadSaved, savedAction, type SavedActionData } from "./itens-salvos.server";
import { NOTIFICATIONS_PATH, SAVED_PATH } from "./paths";
import { ALERT_CHOICES } from "./saved-alert";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSaved(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await savedAction(request, context));
}

/**
 * The patron's saved searches: run again (a link to the results), how often it alerts about new titles (a form per
 * search), or delete (after a confirmation: a dialog with JS, a page of its own without).
 */
export default function SavedPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("saved");
  const result = actionData as SavedActionData | undefined;
  const { items, done } = loaderData;
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  if (result?.confirm) return <ConfirmDelete search={result.confirm} />;
  return (
    <div className="page account-screen">
      <ErrorTitle show={Boolean(result?.error)} prefix={loaderData.errorPrefix} title={loaderData.plainTitle} />
      <h1>{t("heading")}</h1>
      <StatusMessage message={done ? t(`done.${done}`) : null} />
      <ErrorSummary errors={result?.error ? [{ fieldId: result.field ?? "", message: result.error }] : []} />
      <h2>{t("searches_heading")}</h2>
      <p>{t("how_to_save")}</p>
      <p>{t("alert_intro")}</p>
      <ListFrame items={items} failed={t("failed")} empty={t("empty")}>
        {(rows) => (
          <AccountTable
            caption={t("caption")}
            rows={rows}
            rowKey={(s) => s.id}
            columns={[
              { header: t("col.name"), rowHeader: true, cell: (s) => s.name },
              { header: t("col.date"), cell: (s) => s.date },
              {
                header: t("col.alert"),
                cell: (s) => {
                  const fieldId = `alerta-${s.id}`;
                  const invalid = result?.field === fieldId;
                  const typed = result?.alert?.id === s.id ? result.alert.value : s.alert;
                  return (
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="id" value={s.id} />
                      {invalid ? (
                        <p className="field__error" id={`${fieldId}-erro`}>
                          <span className="visually-hidden">{t("common:errors.prefix")} </span>
                          {result?.error}
                        </p>
                      ) : null}
                      <label htmlFor={fieldId} className="visually-hidden">
                        {t("alert_label", { name: s.name })}
                      </label>
                      <select
                        id={fieldId}
                        name="alerta"
                        defaultValue={typed}
                        aria-invalid={invalid ? true : undefined}
                        aria-describedby={invalid ? `${fieldId}-erro` : undefined}
                      >
                        {ALERT_CHOICES.map((c) => (
                          <option key={c} value={c}>
                            {t(`alert.${c}`)}
                          </option>
                        ))}
                      </select>{" "}
                      <button
                        type="submit"
                        name="intent"
                        value="alerta"
                        className="button button--secondary"
                        aria-label={t("alert_save_named", { name: s.name })}
                      >
                        {t("alert_save")}
                      </button>
                    </Form>
                  );
                },
              },
              {
                header: t("col.actions"),
                cell: (s) => (
                  <>
                    <Link to={s.href} aria-label={t("run_named", { name: s.name })}>
                      {t("run")}
                    </Link>{" "}
                    <Form
                      method="post"
                      className="inline-form"
                      onSubmit={(e) => {
                        // With JS the confirmation is a dialog; without, the server answers the confirmation page.
                        if (!hydrated || !dialog.current) return;
                        e.preventDefault();
                        setChosen({ id: s.id, name: s.name });
                        dialog.current.showModal();
                      }}
                    >
                      <input type="hidden" name="id" value={s.id} />
                      <button type="submit" name="intent" value="confirmar" className="button button--secondary">
                        {t("delete", { name: s.name })}
                      </button>
                    </Form>
                  </>
                ),
              },
            ]}
          />
        )}
      </ListFrame>
      <p>
        <Link to={NOTIFICATIONS_PATH}>{t("notifications_link")}</Link>
      </p>
      <dialog ref={dialog} className="modal" aria-labelledby="confirmar-titulo">
        {chosen ? <ConfirmDeleteBody search={chosen} onBack={() => dialog.current?.close()} /> : null}
      </dialog>
    </div>
  );
}

function ConfirmDeleteBody({
  search,
  onBack,
  takeFocus = false,
}: {
  search: { id: number; name: string };
  onBack?: () => void;
  takeFocus?: boolean;
}) {
  const { t } = useTranslation("saved");
  // The confirmation page (the step without the dialog) starts at its question, not at the top of the page.
  const { ref: heading, autoFocus } = useArrivalFocus<HTMLHeadingElement>(takeFocus);
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the no-JS confirmation page's focus on its question (WCAG 2.4.3) */}
      <h2 id="confirmar-titulo" tabIndex={-1} ref={heading} autoFocus={autoFocus}>
        {t("confirm.heading", { name: search.name })}
      </h2>
      <p>{t("confirm.text")}</p>
      {/* With JS the dialog closes as the deletion is sent: the page behind it shows the result. */}
      <Form method="post" onSubmit={() => onBack?.()}>
        <input type="hidden" name="id" value={search.id} />
        <button type="submit" name="intent" value="excluir" className="button button--danger">
          {t("confirm.yes")}
        </button>{" "}
        {onBack ? (
          <button type="button" className="button button--secondary" onClick={onBack}>
            {t("confirm.no")}
          </button>
        ) : (
          <Link to={SAVED_PATH} className="button button--secondary">
            {t("confirm.no")}
          </Link>
        )}
      </Form>
    </>
  );
}

/** The no-JS confirmation step: a page of its own, nothing is deleted until the patron confirms. */
function ConfirmDelete({ search }: { search: { id: number; name: string } }) {
  const { t } = useTranslation("saved");
  return (
    <div className="page account-screen">
      <h1>{t("heading")}</h1>
      <section className="account-confirm" aria-labelledby="confirmar-titulo">
        <ConfirmDeleteBody search={search} takeFocus />
      </section>
    </div>
  );
}
