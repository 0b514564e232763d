import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { SelectField } from "~/components/forms/SelectField";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { HOLD_CHANGEABLE_STATES } from "~/lib/api/account/types";
import { flagFailure } from "~/lib/action-failed.server";
import type { Route } from "./+types/reserva";
import { holdAction, loadHold, type HoldChangeData } from "./reserva.server";
import { HOLDS_PATH } from "./paths";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadHold(context, params.codReserva);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return flagFailure(context, await holdAction(request, context, params.codReserva));
}

/** One hold: suspend it until a date (or resume it) and change its pickup library, each a plain POST form. */
export default function HoldPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("holds");
  const { hold, libraries, today } = loaderData;
  const result = actionData as HoldChangeData | undefined;
  const errors = result?.errors ?? {};
  const summary = [
    ...(result?.formError ? [{ fieldId: "", message: result.formError }] : []),
    ...(errors.ate ? [{ fieldId: "reserva-ate", message: errors.ate }] : []),
    ...(errors.biblioteca ? [{ fieldId: "reserva-biblioteca", message: errors.biblioteca }] : []),
  ];
  return (
    <div className="page account-screen">
      <ErrorTitle show={Boolean(result)} prefix={loaderData.errorPrefix} title={loaderData.plainTitle} />
      <h1>{t("manage_heading", { title: hold.title })}</h1>
      <ErrorSummary errors={summary} />
      <p>
        {hold.state === "suspensa" ? t("state.suspensa_until", { date: hold.suspendedUntil }) : t(`state.${hold.state}`)}
        {hold.position ? ` · ${t("position_text", { position: hold.position })}` : null}
      </p>

      {/* A ready or travelling hold can no longer be suspended or moved: say so instead of offering forms that can only fail. */}
      {HOLD_CHANGEABLE_STATES.includes(hold.state) ? (
        <>
          <section aria-labelledby="suspender">
            <h2 id="suspender">{t("suspend.heading")}</h2>
            <p>{t("suspend.explain")}</p>
            <Form method="post" noValidate>
              <FieldFrame id="reserva-ate" label={t("suspend.until")} description={t("suspend.hint")} error={errors.ate}>
                {(describedBy) => (
                  <input
                    className="field__input"
                    type="date"
                    id="reserva-ate"
                    name="ate"
                    min={today}
                    defaultValue={result?.values.ate ?? ""}
                    aria-required
                    aria-invalid={errors.ate ? true : undefined}
                    aria-describedby={describedBy}
                  />
                )}
              </FieldFrame>
              <button type="submit" name="intent" value="suspender" className="button">
                {t("suspend.submit")}
              </button>
            </Form>
            {hold.state === "suspensa" ? (
              <Form method="post">
                <button type="submit" name="intent" value="retomar" className="button button--secondary">
                  {t("suspend.resume")}
                </button>
              </Form>
            ) : null}
          </section>

          <section aria-labelledby="trocar-biblioteca">
            <h2 id="trocar-biblioteca">{t("library.heading")}</h2>
            <p>{t("library.current", { library: hold.library })}</p>
            <Form method="post" noValidate>
              <SelectField
                id="reserva-biblioteca"
                name="biblioteca"
                label={t("library.label")}
                description={t("library.hint")}
                options={libraries}
                placeholder={false}
                defaultValue={result?.values.biblioteca || String(hold.codLibrary)}
                error={errors.biblioteca}
                required
              />
              <button type="submit" name="intent" value="biblioteca" className="button">
                {t("library.submit")}
              </button>
            </Form>
          </section>
        </>
      ) : (
        <p>{t("manage_unavailable")}</p>
      )}
      <p>
        <Link to={HOLDS_PATH}>{t("back")}</Link>
      </p>
    </div>
  );
}
