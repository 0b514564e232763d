import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useTranslation } from "react-i18next";
import { TitleNav, type TitlePageKey } from "./TitleNav";

interface TitleHead {
  cod_acervo: number;
  titulo: string;
  subtitulo: string | null;
}

/** The frame of a title sub-page: one h1 naming the page and the title, the title pages' nav, then the content. */
export function SubPage({ title, page, children }: { title: TitleHead; page: TitlePageKey; children: ReactNode }) {
  const { t } = useTranslation("acervo");
  return (
    <article className="title-page title-subpage">
      <h1>
        <span className="title-subpage__kicker">{t(`pages.${page}`)}</span>
        {title.titulo}
        {title.subtitulo ? <span className="title-page__subtitle">: {title.subtitulo}</span> : null}
      </h1>
      <TitleNav codAcervo={title.cod_acervo} current={page} />
      {children}
    </article>
  );
}

/** A data table with a caption, scrollable (and keyboard-reachable) on narrow screens. */
export function DataTable({ id, caption, className, children }: { id: string; caption: string; className?: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className={`copies data-table${className ? ` ${className}` : ""}`}>
        <caption id={id}>
          <span className="copies__caption-text">{caption}</span>
        </caption>
        {children}
      </table>
    </div>
  );
}

/** Error page of a title sub-page (404 or API failure), inside the normal layout. */
export function TitleErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("catalogue");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = isRouteErrorResponse(error) ? (error.data as { message?: { key: string; values?: Record<string, unknown> } } | null)?.message : undefined;
  return (
    <div className="title-page title-page--error">
      <h1>{notFound ? t("acervo.notFoundHeading") : t("acervo.errorHeading")}</h1>
      <p>{notFound ? t("acervo.notFoundText") : t(message?.key ?? "common:errors.unexpected", message?.values)}</p>
      <p>
        <Link to="/">{t("acervo.backToSearch")}</Link>
      </p>
    </div>
  );
}
