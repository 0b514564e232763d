import { useTranslation } from "~/framework/use-translation";
import { data, isRouteErrorResponse } from "react-router";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/acervo.referencia";
import { AddToBasket } from "~/components/basket/AddToBasket";
import { CopyButton } from "~/components/basket/CopyButton";
import { ExportText } from "~/components/basket/ExportText";
import { pageTitle } from "~/components/search/page-title";
import { getReferencia } from "~/lib/api/basket.server";
import { getAcervo } from "~/lib/api/catalogue.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError, type ErrorMessage } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";
import { EXPORT_FORMATS } from "~/schemas/basket";
import "~/components/basket/basket.css";
import { parseCodAcervo } from "./acervo.server";

interface ErrorData {
  pageTitle: string;
  message?: ErrorMessage;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const title = loaderData?.pageTitle ?? (isRouteErrorResponse(error) ? (error.data as ErrorData | null)?.pageTitle : undefined);
  return title ? [{ title: pageTitle(title, matches) }] : [];
};

/** The title and its references (ABNT with the bold title, and every text format) in parallel. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const t = getT(context);
  const id = parseCodAcervo(params.codAcervo);
  const notFound = () => data<ErrorData>({ pageTitle: t("catalogue:meta.notFound") }, { status: 404 });
  if (id === null) throw notFound();
  const api = getApi(context);
  try {
    const [acervo, referencia] = await Promise.all([getAcervo(api, id), getReferencia(api, id)]);
    return {
      codAcervo: id,
      titulo: acervo.titulo,
      referencia,
      pageTitle: t("basket:reference.pageTitle", { titulo: acervo.titulo }),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw data<ErrorData>({ pageTitle: t("catalogue:meta.titleError"), message: describeError(error) }, { status: error instanceof ApiError && error.status > 0 ? 502 : 503 });
  }
}

/** `/acervo/{codAcervo}/referencia`: the ABNT NBR 6023 reference plus APA, RIS, BibTeX, MARCXML and CSV. */
export default function ReferencePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("basket");
  const { codAcervo, titulo, referencia } = loaderData;
  // Each format's "Copy" names what it copies ("Copiar a referência ABNT") and says "Referência copiada.".
  const copy = (tipo: string) => ({
    label: t("reference.copy"),
    accessibleName: t("reference.copyFormat", { format: t(`reference.formatName.${tipo}`) }),
    copiedMessage: t("reference.copied"),
  });
  return (
    <article className="page reference-page">
      <p>
        <Link to={`/acervo/${codAcervo}`}>{t("reference.back", { titulo })}</Link>
      </p>
      <h1>{t("reference.heading", { titulo })}</h1>
      <section aria-labelledby="referencia-abnt">
        <h2 id="referencia-abnt">{t("formats.referencia")}</h2>
        <p className="reference-abnt" id="referencia-abnt-texto">
          {referencia.partes.map((p, i) => (p.destaque ? <strong key={i}>{p.texto}</strong> : <span key={i}>{p.texto}</span>))}
        </p>
        <div className="export-text__actions">
          <CopyButton text={referencia.referencia} targetId="referencia-abnt-texto" {...copy("referencia")} />
        </div>
        <AddToBasket codAcervo={codAcervo} titulo={titulo} />
      </section>
      <section aria-labelledby="referencia-formatos">
        <h2 id="referencia-formatos">{t("reference.otherFormats")}</h2>
        {referencia.formatos
          .filter((f) => f.tipo !== "referencia")
          .map((f) => (
            <ExportText
              key={f.tipo}
              id={`referencia-${f.tipo}`}
              label={t(`formats.${f.tipo}`)}
              text={f.conteudo}
              downloadHref={`/cesta/exportar?tipo=${f.tipo}&acervos=${codAcervo}`}
              copy={copy(f.tipo)}
            />
          ))}
        <h3>{t("export.downloadHeading")}</h3>
        <ul className="basket-formats">
          {EXPORT_FORMATS.map((f) => (
            <li key={f}>
              <a href={`/cesta/exportar?tipo=${f}&acervos=${codAcervo}`} download>
                {t(`formats.${f}`)}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}

// Same error page as the title page (404 or the spec §8 message): its error data has the same shape.
export { ErrorBoundary } from "./acervo";
