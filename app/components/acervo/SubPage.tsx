import type { ReactNode } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Link } from "~/framework/Link";
import { useTranslation } from "~/framework/use-translation";
import { TitleNav, type TitlePageKey } from "./TitleNav";

interface TitleHead {
  cod_acervo: number;
  titulo: string;
  subtitulo: string | null;
  acervoFechado: boolean;
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
      <TitleNav codAcervo={title.cod_acervo} current={page} closed={title.acervoFechado} />
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

/** The error page of a catalogue record (title or authority): 404, or the spec §8 message of an API failure. */
export function RecordError({ notFound, notFoundText, error }: { notFound: string; notFoundText: string; error: string }) {
  const routeError = useRouteError();
  const { t } = useTranslation("catalogue");
  const is404 = isRouteErrorResponse(routeError) && routeError.status === 404;
  const message = isRouteErrorResponse(routeError)
    ? (routeError.data as { message?: { key: string; values?: Record<string, unknown> } } | null)?.message
    : undefined;
  return (
    <div className="title-page title-page--error">
      <h1>{is404 ? notFound : error}</h1>
      <p>{is404 ? notFoundText : t(message?.key ?? "common:errors.unexpected", message?.values)}</p>
      <p>
        <Link to="/">{t("acervo.backToSearch")}</Link>
      </p>
    </div>
  );
}

/** Error page of the title page and its sub-pages (404 or API failure), inside the normal layout. */
export function TitleErrorBoundary() {
  const { t } = useTranslation("catalogue");
  return <RecordError notFound={t("acervo.notFoundHeading")} notFoundText={t("acervo.notFoundText")} error={t("acervo.errorHeading")} />;
}
