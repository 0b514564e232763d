import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { CheckboxGroup } from "~/components/forms/CheckboxGroup";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { ListFrame } from "~/components/account/ListFrame";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { TextField } from "~/components/forms/TextField";
import { flagFailure } from "~/lib/action-failed.server";
import { PERIODICAL_NEWS } from "~/lib/api/account/interest-profile-types";
import type { Route } from "./+types/perfil-interesse.periodicos";
import type { ProfileActionData } from "./+shared/interest-profiles.server";
import { loadPeriodicals, periodicalsAction } from "./perfil-interesse.periodicos.server";
import { INTEREST_PROFILE_PATH } from "./paths-interest-profiles";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPeriodicals(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await periodicalsAction(request, context));
}

/** One periodical's journal types (spec §5: at least one): follow it (`seguir`) or change what comes (`alterar`). */
function NewsForm({
  intent,
  codAcervo,
  title,
  checked,
  error,
}: {
  intent: "seguir" | "alterar";
  codAcervo: number;
  title: string;
  checked: string[];
  error?: string;
}) {
  const { t } = useTranslation("interests");
  return (
    <Form method="post" noValidate className="profile-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="cod_acervo" value={codAcervo} />
      <CheckboxGroup
        id={`tipos-${intent}-${codAcervo}`}
        name="tipos"
        legend={t("periodicals.news_legend", { title })}
        hint={intent === "seguir" ? t("periodicals.news_hint") : undefined}
        options={PERIODICAL_NEWS.map((n) => ({ value: n, label: t(`periodicals.news.${n}`) }))}
        checked={checked}
        error={error}
      />
      <button type="submit" className="button">
        {t(intent === "seguir" ? "periodicals.follow" : "periodicals.change", { title })}
      </button>
    </Form>
  );
}

/** The periodicals the patron follows (change the journal types, stop), and a search to follow more. */
export default function PeriodicalsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("interests");
  const failed = actionData as ProfileActionData | undefined;
  const { followed, search, done } = loaderData;
  // A failed row: the form (follow or change) and the periodical it was for.
  const failedRow =
    failed && (failed.form === "seguir" || failed.form === "alterar") ? `${failed.form}-${String(failed.values.cod_acervo ?? "")}` : null;
  const rowError = (form: string, cod: number) =>
    failedRow === `${form}-${cod}` ? (failed?.errors.tipos ?? failed?.errors.cod_acervo ?? failed?.errors._) : undefined;
  const rowChecked = (form: string, cod: number, fallback: string[]) => {
    const v = failedRow === `${form}-${cod}` ? failed?.values.tipos : undefined;
    return Array.isArray(v) ? v : fallback;
  };
  const summary = [
    ...(failed ? Object.values(failed.errors).map((message) => ({ fieldId: failedRow ? `tipos-${failedRow}-0` : "", message })) : []),
    ...(search?.error ? [{ fieldId: "periodico-termo", message: search.error }] : []),
  ];
  const row = (intent: "seguir" | "alterar", codAcervo: number, title: string, current: string[]) => ({
    intent,
    codAcervo,
    title,
    checked: rowChecked(intent, codAcervo, current),
    error: rowError(intent, codAcervo),
  });
  const newsLabel = (tipos: string[]) => tipos.map((n) => t(`periodicals.news.${n}`, { defaultValue: n })).join(", ");
  return (
    <div className="page account-screen">
      <ErrorTitle show={Boolean(failed)} prefix={loaderData.errorPrefix} title={loaderData.plainTitle} />
      <p>
        <Link to={INTEREST_PROFILE_PATH}>{t("periodicals.back")}</Link>
      </p>
      <h1>{t("periodicals.title")}</h1>
      <StatusMessage message={done ? t(`periodicals.done.${done}`) : null} />
      <ErrorSummary errors={summary} />
      <p>{t("periodicals.intro")}</p>

      <section aria-labelledby="seguidos-titulo" className="profile-section">
        <h2 id="seguidos-titulo">{t("periodicals.followed_heading")}</h2>
        <ListFrame items={followed} failed={t("periodicals.failed")} empty={t("periodicals.empty")}>
          {(rows) => (
            <ul className="account-list">
              {rows.map((p) => (
                <li key={p.codAcervo}>
                  <h3>
                    <Link to={`/acervo/${p.codAcervo}`}>{p.titulo}</Link>
                  </h3>
                  <p>
                    {p.issn ? `ISSN ${p.issn} · ` : ""}
                    {t("periodicals.receiving", { what: newsLabel(p.tipos) })}
                  </p>
                  <NewsForm {...row("alterar", p.codAcervo, p.titulo, p.tipos)} />
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="intent" value="deixar" />
                    <input type="hidden" name="cod_acervo" value={p.codAcervo} />
                    <button type="submit" className="button button--secondary">
                      {t("periodicals.unfollow", { title: p.titulo })}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </ListFrame>
      </section>

      <section aria-labelledby="procurar-titulo" className="profile-section">
        <h2 id="procurar-titulo">{t("periodicals.search_heading")}</h2>
        <Form method="get" className="profile-form" role="search" aria-labelledby="procurar-titulo">
          <TextField
            id="periodico-termo"
            name="termo"
            type="search"
            label={t("periodicals.search_term")}
            description={t("periodicals.search_hint")}
            error={search?.error ?? undefined}
            defaultValue={search?.term ?? ""}
            maxLength={100}
          />
          <button type="submit" className="button button--secondary">
            {t("periodicals.search_submit")}
          </button>
        </Form>
        {search && !search.error ? (
          <ListFrame items={search.results} failed={t("periodicals.search_failed")} empty={t("periodicals.search_empty", { term: search.term })}>
            {(results) => (
              <ul className="account-list">
                {results.map((p) => (
                  <li key={p.codAcervo}>
                    <h3>{p.titulo}</h3>
                    {p.issn ? <p>ISSN {p.issn}</p> : null}
                    {p.followed ? <p>{t("periodicals.already")}</p> : <NewsForm {...row("seguir", p.codAcervo, p.titulo, [])} />}
                  </li>
                ))}
              </ul>
            )}
          </ListFrame>
        ) : null}
      </section>
    </div>
  );
}
