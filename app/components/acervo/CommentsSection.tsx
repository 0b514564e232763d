import { useTranslation } from "~/framework/use-translation";
import { useFetcher, useLocation } from "react-router";
import { CommentForm } from "~/components/requests/CommentForm";
import { Toast } from "~/components/ui/Toast";
import { ACTIVITY } from "~/lib/activities";
import type { CommentActionData, CommentsSectionData } from "~/lib/api/types/comments";
import { formatDate } from "~/lib/i18n";
import { useRootData } from "~/lib/use-root-data";
import "./comments-section.css";

export interface CommentsSectionProps {
  codAcervo: number;
  /** The comments (embedded in the title call, or their own call) and the libraries; null when they could not be loaded. */
  data: CommentsSectionData | null;
}

/** The query marker the comment action adds on success (PRG), shown as a toast. */
export const COMMENT_SENT_PARAM = "comentario";

/**
 * The title page's comments (spec §2, §4): approved comments, the patron's own awaiting approval, and the form
 * to post one (moderated). Shown only when comments (activity 13) are on. With JS the form posts in place.
 */
export function CommentsSection({ codAcervo, data }: CommentsSectionProps) {
  const { t, i18n } = useTranslation("requests");
  const root = useRootData();
  const location = useLocation();
  const fetcher = useFetcher<CommentActionData>({ key: `comentario-${codAcervo}` });
  if (!root?.site?.activities.includes(ACTIVITY.COMMENT)) return null;
  const params = new URLSearchParams(location.search);
  const sent = params.get(COMMENT_SENT_PARAM) === "enviado";
  params.delete(COMMENT_SENT_PARAM);
  const rest = params.toString();
  const titlePath = `/acervo/${codAcervo}`;
  return (
    <section className="comments" id="comentarios" aria-labelledby="comentarios-titulo">
      <h2 id="comentarios-titulo">{t("comment.heading")}</h2>
      <Toast
        message={sent ? t("comment.sent") : null}
        dismissHref={`${location.pathname}${rest ? `?${rest}` : ""}#comentarios`}
        toastKey={location.key}
      />
      {data === null ? (
        <p className="notice notice--warning">{t("comment.load_failed")}</p>
      ) : data.comments.length === 0 ? (
        <p>{t("comment.none")}</p>
      ) : (
        <ul className="comments__list">
          {data.comments.map((c) => (
            <li key={c.cod_comentario} className="comments__item">
              <p className="comments__text">{c.texto}</p>
              <p className="comments__meta">
                {t("comment.by", { name: c.autor || t("comment.anonymous"), date: formatDate(c.data_envio.slice(0, 10), i18n.language) })}
                {c.situacao === "aguardando" ? <strong className="comments__pending"> {t("comment.awaiting")}</strong> : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      {data ? (
        <>
          <h3>{t("comment.form_heading")}</h3>
          <CommentForm
            idPrefix="comentario"
            action={`${titlePath}/comentarios`}
            libraries={data.libraries}
            signedIn={Boolean(root.user)}
            lastResult={fetcher.data?.result}
            formError={fetcher.data?.formError}
            redirectTo={titlePath}
            fetcher={fetcher}
            submitLabel={t("comment.submit")}
          />
        </>
      ) : null}
    </section>
  );
}
