import { isRouteErrorResponse } from "react-router";
import { useTranslation } from "~/framework/use-translation";
import { AccessReady } from "~/components/acervo/AccessReady";
import { CommentsSection } from "~/components/acervo/CommentsSection";
import { CopiesTable } from "~/components/acervo/CopiesTable";
import { LatestIssues } from "~/components/acervo/LatestIssues";
import { RecordTools } from "~/components/acervo/RecordTools";
import { RelatedTitles } from "~/components/acervo/RelatedTitles";
import { TitleErrorBoundary } from "~/components/acervo/SubPage";
import { TitleActions } from "~/components/acervo/TitleActions";
import { TitleDetails } from "~/components/acervo/TitleDetails";
import { pageTitle } from "~/components/search/page-title";
import { coinsKev, jsonLdText, titleJsonLd } from "~/lib/record-metadata";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import type { Route } from "./+types/index";
import { loadTitlePage, titlePageAction, type AcervoErrorData } from "./index.server";

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const title = loaderData?.pageTitle ?? (isRouteErrorResponse(error) ? (error.data as AcervoErrorData | null)?.pageTitle : undefined);
  return title ? [{ title: pageTitle(title, matches) }] : [];
};

export function loader(args: Route.LoaderArgs) {
  return loadTitlePage(args);
}

/** Opening a restricted online link (POST): login first, then the access is logged and the address offered. */
export function action(args: Route.ActionArgs) {
  return titlePageAction(args);
}

/** Title page (spec §2 "/acervo/{codAcervo}"): the record, what the patron may do, and the copies. */
export default function AcervoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogue");
  const {
    acervo,
    exemplares,
    idioma,
    permissoes,
    holdRefusal,
    titulosAdicionais,
    comentarios,
    ultimosFasciculos,
    edicoes,
    semelhantes,
    permalink,
    qrSvg,
  } = loaderData;
  const acesso = actionData?.acesso;
  const link = acesso ? acervo.links.find((l) => l.cod_link === acesso.cod_link) : undefined;
  return (
    <article className="title-page">
      {/* For reference managers (ADR 245): JSON-LD is a data block, never executed, so it needs no CSP nonce; "<" is escaped. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(titleJsonLd(acervo, permalink)) }} />
      <span className="Z3988" title={coinsKev(acervo, permalink)} aria-hidden="true" />
      {acesso ? <AccessReady url={acesso.url} descricao={link?.descricao ?? acesso.url} /> : null}
      <TitleDetails acervo={acervo} idioma={idioma} titulosAdicionais={titulosAdicionais} />
      <TitleActions codAcervo={acervo.cod_acervo} permissoes={permissoes} holdRefusal={holdRefusal} />
      <section aria-labelledby="exemplares-titulo">
        <h2 id="exemplares-titulo">{t("acervo.copies")}</h2>
        <CopiesTable titulo={acervo.titulo} exemplares={exemplares} />
      </section>
      <LatestIssues codAcervo={acervo.cod_acervo} issues={ultimosFasciculos} />
      <RelatedTitles id="outras-edicoes" heading={t("acervo.otherEditions")} titles={edicoes} />
      <RelatedTitles id="semelhantes" heading={t("acervo.similar")} titles={semelhantes} />
      <RecordTools codAcervo={acervo.cod_acervo} permalink={permalink} qrSvg={qrSvg} />
      <CommentsSection codAcervo={acervo.cod_acervo} data={comentarios} />
    </article>
  );
}

/** 404 (unknown or malformed id) and API failures, inside the normal layout. */
export const ErrorBoundary = TitleErrorBoundary;
