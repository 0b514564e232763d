import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { SelectField } from "~/components/forms/SelectField";
import { REQUEST_STATUSES, type RequestKind } from "~/lib/library-requests/forms";

export interface RequestRowView {
  id: number;
  form: string | null;
  title: string;
  date: string;
  status: string;
  answer: string | null;
  answeredOn: string;
  cardPdf: string | null;
}

/**
 * The patron's requests of the screen's kinds, one table per kind, with a status filter (a GET form) above
 * them. A list that failed to load says so; the rest of the page still works.
 */
export function RequestLists({
  lists,
  status,
  statusError,
  clearHref,
}: {
  lists: Array<{ kind: RequestKind; rows: RequestRowView[] | null }>;
  status: string;
  statusError: string | null;
  clearHref: string;
}) {
  const { t } = useTranslation("librequests");
  return (
    <section aria-labelledby="minhas-solicitacoes" className="profile-section">
      <h2 id="minhas-solicitacoes">{t("lists.heading")}</h2>
      <Form method="get" className="account-filter">
        <SelectField
          id="filtro-situacao"
          name="situacao"
          label={t("lists.status")}
          placeholder={t("lists.any_status")}
          options={REQUEST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          defaultValue={statusError ? "" : status}
          error={statusError ?? undefined}
        />
        <button type="submit" className="button button--secondary">
          {t("lists.filter")}
        </button>{" "}
        {status ? <Link to={clearHref}>{t("lists.clear")}</Link> : null}
      </Form>
      {lists.map(({ kind, rows }) => (
        <div key={kind}>
          {lists.length > 1 ? <h3 id={`lista-${kind}`}>{t(`kinds.${kind}`)}</h3> : null}
          {rows === null ? (
            <p className="notice notice--warning">{t("lists.failed")}</p>
          ) : rows.length === 0 ? (
            <p>{status ? t("lists.empty_status") : t("lists.empty")}</p>
          ) : (
            // A table wider than a zoomed screen scrolls; the region takes the keyboard focus so it can be scrolled
            // without a mouse even when no row has a link.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
            <div className="account-table-wrap" role="region" tabIndex={0} aria-labelledby={`legenda-${kind}`}>
              <table className="account-table">
                <caption id={`legenda-${kind}`}>{t("lists.caption", { kind: t(`kinds.${kind}`) })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("lists.col.request")}</th>
                    {kind === "comutacao-bibliografica" ? <th scope="col">{t("lists.col.type")}</th> : null}
                    <th scope="col">{t("lists.col.date")}</th>
                    <th scope="col">{t("lists.col.status")}</th>
                    <th scope="col">{t("lists.col.answer")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id}>
                      <th scope="row">{r.title}</th>
                      {kind === "comutacao-bibliografica" ? <td>{r.form ? t(`forms.${r.form}.kind`) : ""}</td> : null}
                      <td>{r.date}</td>
                      <td>{t(`status.${r.status}`)}</td>
                      <td>
                        {r.cardPdf ? (
                          <a href={r.cardPdf} download>
                            {t("card.download", { title: r.title })}
                          </a>
                        ) : r.answer ? (
                          <>
                            {r.answer} {r.answeredOn ? <span className="profile-readonly__hint">({r.answeredOn})</span> : null}
                          </>
                        ) : (
                          t("lists.no_answer")
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
