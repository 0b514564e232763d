import { useTranslation } from "~/framework/use-translation";
import { isRouteErrorResponse } from "react-router";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/referencia";
import { AddToBasket } from "~/components/basket/AddToBasket";
import { CopyButton } from "~/components/basket/CopyButton";
import { ExportText } from "~/components/basket/ExportText";
import { pageTitle } from "~/components/search/page-title";
import { EXPORT_FORMATS } from "~/schemas/basket";
import "~/components/basket/basket.css";
import { loadReference } from "./referencia.server";
import type { ErrorData } from "./referencia.server";

export function loader(args: Route.LoaderArgs) {
  return loadReference(args);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  const title = loaderData?.pageTitle ?? (isRouteErrorResponse(error) ? (error.data as ErrorData | null)?.pageTitle : undefined);
  return title ? [{ title: pageTitle(title, matches) }] : [];
};

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
export { ErrorBoundary } from "./index";
