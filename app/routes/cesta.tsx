import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import type { Route } from "./+types/cesta";
import { PERMANENT_BASKET_PATH } from "./meu/paths";
import { EmailForm } from "~/components/basket/EmailForm";
import { ExportText } from "~/components/basket/ExportText";
import { pageTitle } from "~/components/search/page-title";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { EXPORT_FORMATS, TEXT_FORMATS } from "~/schemas/basket";
import "~/components/basket/basket.css";
import { basketAction, loadBasketPage } from "./cesta.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : []);

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadBasketPage(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return basketAction(request, context);
}

/** The basket (spec §2 "/cesta"): its titles, changes, export, copy, e-mail and the permanent basket. */
export default function BasketPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("basket");
  // A title's own words carry the record's language (ADR 136).
  const lang = useLangOfParts();
  const { titles, ids, shown, notice, noticeCount, backTo, signedIn, loadError } = loaderData;
  const failure = actionData?.kind === "error" ? actionData.message : null;
  return (
    <div className="page basket-page">
      <h1>{t("heading", { count: ids.length })}</h1>
      {notice ? (
        <p className="notice" role="status">
          {t(`notices.${notice}`, { count: noticeCount })}
          {backTo ? (
            <>
              {" "}
              <Link to={backTo}>{t("notices.back")}</Link>
            </>
          ) : null}
          {notice === "saved" ? (
            <>
              {" "}
              <Link to={PERMANENT_BASKET_PATH}>{t("permanent.view")}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      {failure ? (
        <p className="notice notice--warning" role="alert">
          {t(failure.key, failure.values)}
        </p>
      ) : null}
      {loadError ? (
        <p className="notice notice--warning" role="alert">
          {t(loadError.key, loadError.values)}
        </p>
      ) : null}

      {ids.length === 0 ? (
        <>
          <p>{t("empty")}</p>
          <p>
            <Link to="/">{t("goSearch")}</Link>
          </p>
        </>
      ) : (
        <>
          <p className="hint">{t("intro", { max: 100 })}</p>
          <Form method="post" aria-labelledby="cesta-lista-titulo">
            <h2 id="cesta-lista-titulo">{t("list.heading")}</h2>
            <ol className="basket-list">
              {titles.map((item) => {
                const publication = [item.local_publicacao, item.editora, item.ano_publicacao].filter((v) => v != null && v !== "").join(", ");
                return (
                  <li key={item.cod_acervo} className="basket-list__item">
                    <input
                      type="checkbox"
                      id={`cesta-item-${item.cod_acervo}`}
                      name="acervo"
                      value={item.cod_acervo}
                      defaultChecked
                      aria-label={t("list.select", { titulo: item.titulo })}
                    />
                    <div className="basket-list__body">
                      <Link className="basket-list__title" to={`/acervo/${item.cod_acervo}`} lang={lang.record(item.idioma)}>
                        {item.titulo}
                        {item.subtitulo ? `: ${item.subtitulo}` : ""}
                      </Link>
                      {item.autor || publication ? (
                        <p className="basket-list__meta">{[item.autor, publication].filter(Boolean).join(" — ")}</p>
                      ) : null}
                    </div>
                    <button type="submit" name="remover" value={item.cod_acervo} className="button button--secondary basket-button">
                      {t("list.remove")}
                      <span className="visually-hidden">: {item.titulo}</span>
                    </button>
                  </li>
                );
              })}
            </ol>
            <div className="basket-actions">
              <button type="submit" name="intent" value="set" className="button button--secondary">
                {t("list.keepSelected")}
              </button>
              <button type="submit" name="intent" value="clear" className="button button--secondary">
                {t("list.clear")}
              </button>
            </div>
          </Form>

          <section className="basket-section" aria-labelledby="exportar-titulo" id="exportar">
            <h2 id="exportar-titulo">{t("export.heading")}</h2>
            <Form method="get" className="basket-inline-form" preventScrollReset>
              <div className="field">
                <label className="field__label" htmlFor="cesta-formato">
                  {t("export.format")}
                </label>
                <select id="cesta-formato" name="formato" defaultValue={shown?.tipo ?? "referencia"} key={shown?.tipo ?? "none"}>
                  {TEXT_FORMATS.map((f) => (
                    <option key={f} value={f}>
                      {t(`formats.${f}`)}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="button button--secondary">
                {t("export.show")}
              </button>
            </Form>
            {shown ? (
              shown.error ? (
                <p className="notice notice--warning" role="alert">
                  {t(shown.error.key, shown.error.values)}
                </p>
              ) : (
                <ExportText
                  id="cesta-exportacao"
                  label={t("export.textLabel", { format: t(`formats.${shown.tipo}`) })}
                  text={shown.conteudo}
                  downloadHref={`/cesta/exportar?tipo=${shown.tipo}`}
                />
              )
            ) : null}
            <h3>{t("export.downloadHeading")}</h3>
            <ul className="basket-formats">
              {EXPORT_FORMATS.map((f) => (
                <li key={f}>
                  <a href={`/cesta/exportar?tipo=${f}`} download>
                    {t(`formats.${f}`)}
                  </a>
                </li>
              ))}
            </ul>
          </section>

          {signedIn ? (
            <EmailForm result={actionData?.kind === "email" ? actionData : null} />
          ) : (
            <section className="basket-section" aria-labelledby="cesta-email-titulo">
              <h2 id="cesta-email-titulo">{t("email.heading")}</h2>
              <p>
                {t("email.loginFirst")} <Link to={`/login?redirect=${encodeURIComponent("/cesta")}`}>{t("email.login")}</Link>
              </p>
            </section>
          )}

          <section className="basket-section" aria-labelledby="permanente-titulo">
            <h2 id="permanente-titulo">{t("permanent.heading")}</h2>
            {signedIn ? (
              <Form method="post">
                <input type="hidden" name="intent" value="save-permanent" />
                <p>{t("permanent.intro")}</p>
                <button type="submit" className="button">
                  {t("permanent.save")}
                </button>{" "}
                <Link to={PERMANENT_BASKET_PATH}>{t("permanent.view")}</Link>
              </Form>
            ) : (
              <p>
                {t("permanent.loginFirst")} <Link to={`/login?redirect=${encodeURIComponent("/cesta")}`}>{t("permanent.login")}</Link>
              </p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
