import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { PageTitle } from "~/components/profile/PageTitle";
import { ConfirmBody, ConfirmPage, useConfirmDialog, type ConfirmBodyProps } from "~/components/account/ConfirmStep";
import { StatusMessage } from "~/components/account/StatusMessage";
import type { Route } from "./+types/comentarios";
import { commentsAction, loadComments, type CommentsActionData, type CommentToDelete } from "./comentarios.server";
import { COMMENTS_PATH } from "./paths-library-requests";
import "~/components/profile/profile.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadComments(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return commentsAction(request, context);
}

/** My comments, grouped by title, each with its moderation status and a delete button. */
export default function MyCommentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contributions");
  const { title, groups, deleted } = loaderData;
  const result = actionData as CommentsActionData | undefined;
  const error = result?.error;
  const confirm = useConfirmDialog<CommentToDelete>();
  const question = (c: CommentToDelete): ConfirmBodyProps => ({
    heading: c.title ? t("comments.confirm.heading_on", { title: c.title }) : t("comments.confirm.heading"),
    lines: [{ key: c.id, text: c.text }],
    fields: [
      ["comentario", c.id],
      ["acervo", c.codAcervo],
    ],
    intent: "apagar",
    yes: t("comments.confirm.yes"),
    no: t("comments.confirm.no"),
    backTo: COMMENTS_PATH,
  });
  if (result?.confirm) {
    return (
      <>
        <PageTitle title={title} failed={false} />
        <ConfirmPage pageHeading={title} {...question(result.confirm)} />
      </>
    );
  }
  return (
    <div className="page profile account-screen">
      <PageTitle title={title} failed={Boolean(error)} outcome={deleted ? t("comments.deleted") : null} />
      <h1>{title}</h1>
      <StatusMessage message={deleted ? t("comments.deleted") : null} />
      <ErrorSummary errors={error ? [{ fieldId: "", message: error }] : []} />
      <p>{t("comments.intro")}</p>
      {groups === null ? (
        <p className="notice notice--warning">{t("comments.failed")}</p>
      ) : groups.length === 0 ? (
        <p>{t("comments.empty")}</p>
      ) : (
        groups.map((g) => (
          <section key={g.codAcervo} aria-labelledby={`titulo-${g.codAcervo}`} className="profile-section">
            <h2 id={`titulo-${g.codAcervo}`}>
              <Link to={`/acervo/${g.codAcervo}`}>{g.title}</Link>
            </h2>
            {g.author ? <p>{g.author}</p> : null}
            {g.comments === null ? (
              <p className="notice notice--warning">{t("comments.failed")}</p>
            ) : (
              <ul className="account-list">
                {g.comments.map((c) => (
                  <li key={c.id}>
                    <p>{c.text}</p>
                    <p>
                      {t("comments.meta", { date: c.date, library: c.library })} <strong>{t(`comments.status.${c.status}`)}</strong>
                    </p>
                    <Form method="post" onSubmit={(e) => confirm.ask(e, { id: c.id, codAcervo: g.codAcervo, text: c.text, title: g.title })}>
                      <input type="hidden" name="comentario" value={c.id} />
                      <input type="hidden" name="acervo" value={g.codAcervo} />
                      <button type="submit" name="intent" value="confirmar" className="button button--secondary">
                        {t("comments.delete", { date: c.date })}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))
      )}
      {confirm.dialog((c, close) => (
        <ConfirmBody {...question(c)} onBack={close} />
      ))}
    </div>
  );
}
