import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { privateAreaPath } from "~/lib/product";

export interface LoanTokenPanelProps {
  token: { token: string; validUntil: string; svg: string } | null | "failed";
  /** Where the form's POST returns after generating ("token" or "app"). */
  back: "token" | "app";
}

/** The loan token as text beside its QR code (SVG), and a plain POST form that generates a new one. */
export function LoanTokenPanel({ token, back }: LoanTokenPanelProps) {
  const { t } = useTranslation("account");
  return (
    <div className="loan-token">
      {token === "failed" ? (
        <p className="notice notice--warning">{t("token.failed")}</p>
      ) : token ? (
        <div className="loan-token__show">
          {/* The QR code encodes exactly the digits shown beside it, which are the accessible content. */}
          <div
            className="loan-token__qr"
            role="img"
            aria-label={t("token.qr_label", { token: token.token })}
            dangerouslySetInnerHTML={{ __html: token.svg }}
          />
          <div>
            <p className="loan-token__label">{t("token.label")}</p>
            <p className="loan-token__value">{token.token}</p>
            <p>{t("token.valid_until", { date: token.validUntil })}</p>
          </div>
        </div>
      ) : (
        <p>{t("token.none")}</p>
      )}
      <Form method="post" action={`${privateAreaPath}/token`}>
        <input type="hidden" name="voltar" value={back} />
        <button type="submit" className="button">
          {token && token !== "failed" ? t("token.generate_new") : t("token.generate")}
        </button>
      </Form>
    </div>
  );
}
