import { PageTitle } from "~/components/profile/PageTitle";
import { useArrivalFocus } from "~/lib/use-arrival-focus";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import type { Route } from "./+types/login.escolher";
import { chooseLogin, loadChooser } from "./login.escolher.server";
import "./login.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadChooser(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return chooseLogin(request, context);
}

/** After login, a person with several logins picks the one to work under (spec §4; ADR 172). */
export default function ChooseLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("login");
  const { t: tc } = useTranslation("common");
  const page = actionData?.page ?? loaderData;
  const error = actionData?.error;
  const { ref: doneRef, autoFocus } = useArrivalFocus<HTMLParagraphElement>(page.done);
  const label = (u: string, base: string | null) => (base ? t("chooser.option", { usuario: u, base }) : t("chooser.option_no_base", { usuario: u }));
  return (
    <div className="page login-page">
      <PageTitle title={page.title} failed={false} />
      <h1>{t("chooser.heading")}</h1>
      {page.done ? (
        <div className="notice notice--success">
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the result's focus on a page load (WCAG 2.4.3, 4.1.3) */}
          <p role="status" tabIndex={-1} ref={doneRef} autoFocus={autoFocus}>
            {page.done.base
              ? t("chooser.done", { usuario: page.done.usuario, base: page.done.base })
              : t("chooser.done_no_base", { usuario: page.done.usuario })}
          </p>
          <p>
            <Link to={page.destination} className="button">
              {t("chooser.continue")}
            </Link>
          </p>
        </div>
      ) : null}
      <ErrorSummary errors={error ? [{ fieldId: `login-${page.logins[0]?.codigo}`, message: error }] : []} />
      <p>{t("chooser.intro")}</p>
      <Form method="post" noValidate className="login-form">
        <fieldset className={`login-form__goto${error ? " field--invalid" : ""}`} aria-describedby={error ? "login-erro" : undefined}>
          <legend>{t("chooser.legend")}</legend>
          {error ? (
            <p className="field__error" id="login-erro">
              <span className="visually-hidden">{tc("errors.prefix")} </span>
              {error}
            </p>
          ) : null}
          {page.logins.map((l) => (
            <div className="checkbox" key={l.codigo}>
              <input id={`login-${l.codigo}`} type="radio" name="login" value={l.codigo} required />
              <label htmlFor={`login-${l.codigo}`}>
                {label(l.usuario, l.base)} {l.atual ? <span className="hint">{t("chooser.current")}</span> : null}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="login-form__actions">
          <button type="submit" className="button">
            {t("chooser.submit")}
          </button>
        </div>
      </Form>
    </div>
  );
}
