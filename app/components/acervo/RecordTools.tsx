import { CopyButton } from "~/components/basket/CopyButton";
import { Link } from "~/framework/Link";
import { useHydrated } from "~/lib/use-hydrated";
import { useTranslation } from "~/framework/use-translation";

/**
 * The record's permalink, copyable, with a QR code of it, and the ways to pass the record on: cite it, e-mail
 * it, print it (ADR 245). Print is a button only with JavaScript; without, the browser's own print uses the
 * same print stylesheet.
 */
export function RecordTools({ codAcervo, permalink, qrSvg }: { codAcervo: number; permalink: string; qrSvg: string }) {
  const { t } = useTranslation("catalogue");
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="registro-titulo" className="record-tools">
      <h2 id="registro-titulo">{t("acervo.record.heading")}</h2>
      <div className="record-tools__link">
        <label htmlFor="link-permanente">{t("acervo.record.permalink")}</label>
        <input id="link-permanente" className="record-tools__permalink" type="url" readOnly value={permalink} />
        <CopyButton
          text={permalink}
          targetId="link-permanente"
          label={t("acervo.record.copy")}
          accessibleName={t("acervo.record.copyName")}
          copiedMessage={t("acervo.record.copied")}
        />
      </div>
      {/* bwip-js's own drawing of the permalink (server-made, no user text as markup); named as one image. */}
      <div className="record-tools__qr" role="img" aria-label={t("acervo.record.qr")} dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <ul className="record-tools__actions">
        <li>
          <Link to={`/acervo/${codAcervo}/referencia`}>{t("acervo.record.cite")}</Link>
        </li>
        <li>
          <Link to={`/acervo/${codAcervo}/enviar`}>{t("acervo.record.email")}</Link>
        </li>
        {hydrated ? (
          <li>
            <button type="button" onClick={() => window.print()}>
              {t("acervo.record.print")}
            </button>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
