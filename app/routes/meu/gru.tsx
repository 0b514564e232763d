import { pageTitle } from "~/components/search/page-title";
import { CopyButton } from "~/components/basket/CopyButton";
import { AccountTable } from "~/components/ui/AccountTable";
import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/gru";
import { loadGru } from "./gru.server";
import { DEBITS_PATH } from "./paths";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadGru(context, params.codGru);
}

/**
 * A GRU payment slip to print: its barcode (with the linha digitável, the barcode's text equivalent, to copy), its
 * PIX QR code and copy-and-paste code, and a PDF download.
 */
export default function GruPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("debits");
  const { slip, qrSvg, barcodeSvg } = loaderData;
  const hydrated = useHydrated();
  const rows: Array<[string, string]> = [
    [t("gru.beneficiary"), slip.beneficiary],
    [t("gru.library"), slip.library],
    [t("gru.code"), slip.code],
    [t("gru.reference"), slip.reference],
    [t("gru.period"), slip.period],
    [t("gru.due"), slip.due],
    [t("gru.payer"), slip.payer],
    [t("gru.cpf"), slip.cpf],
    [t("gru.amount"), slip.amount],
  ];
  return (
    <div className="page account-screen gru">
      <h1>{t("gru.heading")}</h1>
      <p className={slip.paid ? "notice notice--success" : "notice"} role="status">
        {slip.paid ? t("gru.paid_on", { date: slip.paidOn }) : t("gru.issued", { due: slip.due })}
      </p>
      <dl className="gru__fields">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <AccountTable
        caption={t("gru.debits_heading")}
        rows={slip.debits}
        rowKey={(d) => d.id}
        columns={[
          { header: t("col.reason"), rowHeader: true, cell: (d) => d.reason },
          { header: t("col.service"), cell: (d) => d.service },
          { header: t("col.title"), cell: (d) => d.title },
          { header: t("col.total"), cell: (d) => d.amount },
        ]}
      />

      <section aria-labelledby="codigo-barras">
        <h2 id="codigo-barras">{t("gru.barcode_heading")}</h2>
        <p>{t("gru.barcode_explain")}</p>
        {/* Drawn on the server from the API's 44 digits (no user input reaches it); its text equivalent is the linha digitável. */}
        <div
          className="gru__barcode"
          role="img"
          aria-label={t("gru.barcode_alt", { linha: slip.linha })}
          dangerouslySetInnerHTML={{ __html: barcodeSvg }}
        />
        <label htmlFor="linha-digitavel" className="field__label">
          {t("gru.linha_label")}
        </label>
        <input id="linha-digitavel" className="field__input gru__linha" readOnly value={slip.linha} />
        <p>
          <CopyButton text={slip.linhaDigits} targetId="linha-digitavel" label={t("gru.linha_copy")} copiedMessage={t("gru.linha_copied")} />
        </p>
      </section>

      <section aria-labelledby="pix">
        <h2 id="pix">{t("gru.pix_heading")}</h2>
        <p>{t("gru.pix_explain", { amount: slip.amount })}</p>
        {/* Generated on the server from the PIX code (no user input reaches it). */}
        <div className="gru__qr" role="img" aria-label={t("gru.qr_alt", { amount: slip.amount })} dangerouslySetInnerHTML={{ __html: qrSvg }} />
        <label htmlFor="pix-copia-cola" className="field__label">
          {t("gru.pix_code")}
        </label>
        <textarea id="pix-copia-cola" className="field__input gru__pix" readOnly rows={4} value={slip.pix} />
        <p>
          <CopyButton text={slip.pix} targetId="pix-copia-cola" label={t("gru.copy")} copiedMessage={t("gru.copied")} />
        </p>
      </section>

      <ul className="gru__actions">
        <li>
          <a href={`${DEBITS_PATH}/gru/${slip.id}/pdf`} download>
            {t("gru.pdf")}
          </a>
        </li>
        {hydrated ? (
          <li>
            <button type="button" className="button button--secondary" onClick={() => window.print()}>
              {t("gru.print")}
            </button>
          </li>
        ) : (
          <li>{t("gru.print_hint")}</li>
        )}
        <li>
          <Link to={DEBITS_PATH}>{t("gru.back")}</Link>
        </li>
      </ul>
    </div>
  );
}
