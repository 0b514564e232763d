import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { PageTitle } from "~/components/profile/PageTitle";
import { StatusMessage } from "~/components/account/StatusMessage";
import { privateAreaPath } from "~/lib/product";
import type { Route } from "./+types/nada-consta";
import { loadNoDebts, noDebtsAction } from "./nada-consta.server";
import { NO_DEBTS_PDF_PATH, VERIFY_PATH } from "./paths-declarations";
import "~/components/profile/profile.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadNoDebts(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return noDebtsAction(request, context);
}

/** Where each kind of pending item is settled. */
const PENDING_SCREEN = { emprestimos: "emprestimos", reservas: "reservas", debitos: "debitos" } as const;

/** The no-debts declaration: the reasons it is refused, or the warning and confirmation, or the declaration issued. */
export default function NoDebtsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("declarations");
  const errors = (actionData as { errors?: Array<{ fieldId: string; message: string }> } | undefined)?.errors ?? [];
  const confirmError = errors.find((e) => e.fieldId === "ciente")?.message;
  const d = loaderData;
  return (
    <div className="page profile account-screen">
      <PageTitle title={d.title} failed={errors.length > 0} outcome={d.notice ? t(`no_debts.notice.${d.notice}`) : null} />
      <h1>{d.title}</h1>
      <StatusMessage message={d.notice ? t(`no_debts.notice.${d.notice}`) : null} tone={d.notice === "emitida-sem-email" ? "warning" : "success"} />
      <ErrorSummary errors={errors} />
      {d.state === "failed" ? <p className="notice notice--warning">{t("no_debts.failed")}</p> : null}
      {d.state === "refused" ? (
        <section aria-labelledby="pendencias-titulo" className="profile-section">
          <h2 id="pendencias-titulo">{t("no_debts.refused_heading")}</h2>
          <p>{t("no_debts.refused_intro")}</p>
          <ul className="account-list">
            {d.pending.map((p) => (
              <li key={p.kind}>
                {t(`no_debts.pending.${p.kind}`, { count: p.count })}{" "}
                <Link to={`${privateAreaPath}/${PENDING_SCREEN[p.kind]}`}>{t(`no_debts.settle.${p.kind}`)}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {d.state === "available" ? (
        <section aria-labelledby="emitir-titulo" className="profile-section">
          <h2 id="emitir-titulo">{t("no_debts.available_heading")}</h2>
          <p>{t("no_debts.available_intro")}</p>
          <div className="notice notice--warning">
            <p>
              <strong>{t("no_debts.warning_title")}</strong> {t("no_debts.warning")}
            </p>
          </div>
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value="emitir" />
            <div className={confirmError ? "profile-check field--invalid" : "profile-check"}>
              {confirmError ? (
                <p className="field__error" id="ciente-erro">
                  <span className="visually-hidden">{t("common:errors.prefix")} </span>
                  {confirmError}
                </p>
              ) : null}
              <input
                type="checkbox"
                id="ciente"
                name="ciente"
                value="sim"
                aria-invalid={confirmError ? true : undefined}
                aria-describedby={confirmError ? "ciente-erro" : undefined}
              />
              <label htmlFor="ciente">{t("no_debts.confirm")}</label>
            </div>
            <button type="submit" className="button">
              {t("no_debts.issue")}
            </button>
          </Form>
        </section>
      ) : null}
      {d.state === "issued" ? (
        <section aria-labelledby="declaracao-titulo" className="profile-section">
          <h2 id="declaracao-titulo">{t("no_debts.issued_heading")}</h2>
          <p>{t("no_debts.issued_intro", { name: d.declaration.name, date: d.declaration.date })}</p>
          <dl className="facts">
            <dt>{t("no_debts.code_label")}</dt>
            <dd>
              <strong>{d.declaration.code}</strong>
            </dd>
            <dt>{t("no_debts.date_label")}</dt>
            <dd>{d.declaration.date}</dd>
          </dl>
          <p>
            <a href={NO_DEBTS_PDF_PATH} className="button" download>
              {t("no_debts.download")}
            </a>
          </p>
          <p>
            {t("no_debts.verify_hint")}{" "}
            <Link to={`${VERIFY_PATH}?codigo=${encodeURIComponent(d.declaration.code)}`}>{t("no_debts.verify_link")}</Link>
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="enviar" />
            <button type="submit" className="button button--secondary">
              {t("no_debts.send_again")}
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
