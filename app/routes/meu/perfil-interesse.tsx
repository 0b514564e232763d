import { pageTitle } from "~/components/search/page-title";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { CheckboxGroup } from "~/components/forms/CheckboxGroup";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { ListFrame } from "~/components/account/ListFrame";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { AccountTable } from "~/components/ui/AccountTable";
import { SelectField } from "~/components/forms/SelectField";
import { TextField } from "~/components/forms/TextField";
import { flagFailure } from "~/lib/action-failed.server";
import { DSI_KINDS } from "~/lib/api/account/interest-profile-types";
import type { Route } from "./+types/perfil-interesse";
import type { ProfileActionData } from "./+shared/interest-profiles.server";
import { interestProfileAction, loadInterestProfile } from "./perfil-interesse.server";
import { PERIODICALS_PATH } from "./paths-interest-profiles";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadInterestProfile(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await interestProfileAction(request, context));
}

/** Where each form's field errors point (the control's id) in the error summary. */
const FIELD_IDS: Record<string, Record<string, string>> = {
  validade: { validade: "validade" },
  incluir: { itens: "itens-0", tipoDSI: "itens-0", validade: "incluir-validade" },
  tipos: { tipos: "tipos-0" },
};

/** The interest profile: expiry date, areas/authors/subjects (search, include, remove), work types; periodicals on their own page. */
export default function InterestProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("interests");
  const failed = actionData as ProfileActionData | undefined;
  const { items, workTypes, search, done } = loaderData;
  const errorsOf = (form: string) => (failed?.form === form ? failed.errors : {});
  const valueOf = (form: string, field: string) => (failed?.form === form ? failed.values[field] : undefined);
  const listOf = (form: string, field: string, fallback: string[]) => {
    const v = valueOf(form, field);
    return Array.isArray(v) ? v : fallback;
  };
  const textOf = (form: string, field: string, fallback: string) => {
    const v = valueOf(form, field);
    return typeof v === "string" ? v : fallback;
  };
  const summary = [
    ...(failed ? Object.entries(failed.errors).map(([field, message]) => ({ fieldId: FIELD_IDS[failed.form]?.[field] ?? "", message })) : []),
    ...(search?.error ? [{ fieldId: "busca-termo", message: search.error }] : []),
  ];
  const kindLabel = (k: string) => t(`profile.kinds.${k}`);
  return (
    <div className="page account-screen">
      <ErrorTitle show={Boolean(failed)} prefix={loaderData.errorPrefix} title={loaderData.plainTitle} />
      <h1>{t("profile.title")}</h1>
      <StatusMessage message={done ? t(`profile.done.${done}`) : null} />
      <ErrorSummary errors={summary} />
      <p>{t("profile.intro")}</p>
      <p>
        <Link to={PERIODICALS_PATH}>{t("profile.periodicals_link")}</Link>
      </p>

      <section aria-labelledby="validade-titulo" className="profile-section">
        <h2 id="validade-titulo">{t("profile.validity_heading")}</h2>
        <p>{loaderData.validityText ? t("profile.valid_until", { date: loaderData.validityText }) : t("profile.no_validity")}</p>
        <Form method="post" noValidate className="profile-form">
          <input type="hidden" name="intent" value="validade" />
          <TextField
            id="validade"
            name="validade"
            type="date"
            label={t("profile.validity_label")}
            description={t("profile.validity_hint")}
            required
            error={errorsOf("validade").validade}
            defaultValue={textOf("validade", "validade", loaderData.validity ?? "")}
          />
          <button type="submit" className="button">
            {t("profile.validity_submit")}
          </button>
        </Form>
      </section>

      <section aria-labelledby="itens-titulo" className="profile-section">
        <h2 id="itens-titulo">{t("profile.items_heading")}</h2>
        <ListFrame items={items} failed={t("profile.failed")} empty={t("profile.empty")}>
          {(rows) => (
            <AccountTable
              caption={t("profile.items_caption")}
              rows={rows}
              rowKey={(i) => `${i.kind}:${i.codigo}`}
              columns={[
                { header: t("profile.col.kind"), cell: (i) => kindLabel(i.kind) },
                { header: t("profile.col.description"), rowHeader: true, cell: (i) => i.descricao },
                {
                  header: t("profile.col.actions"),
                  cell: (i) => (
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="intent" value="remover" />
                      <input type="hidden" name="codigo" value={i.codigo} />
                      <input type="hidden" name="tipoDSI" value={i.kind} />
                      <input type="hidden" name="codTipoArea" value={i.codTipoArea} />
                      <button type="submit" className="button button--secondary">
                        {t("profile.remove", { name: i.descricao })}
                      </button>
                    </Form>
                  ),
                },
              ]}
            />
          )}
        </ListFrame>
      </section>

      <section aria-labelledby="incluir-titulo" className="profile-section">
        <h2 id="incluir-titulo">{t("profile.add_heading")}</h2>
        <Form method="get" className="profile-form" role="search" aria-labelledby="incluir-titulo">
          <SelectField
            id="busca-tipo"
            name="tipo"
            label={t("profile.search_kind")}
            options={DSI_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
            defaultValue={search?.kind ?? "assunto"}
          />
          <TextField
            id="busca-termo"
            name="termo"
            type="search"
            label={t("profile.search_term")}
            description={t("profile.search_hint")}
            error={search?.error ?? undefined}
            defaultValue={search?.term ?? ""}
            maxLength={100}
          />
          <button type="submit" className="button button--secondary">
            {t("profile.search_submit")}
          </button>
        </Form>
        {search && !search.error ? (
          <ListFrame items={search.results} failed={t("profile.search_failed")} empty={t("profile.search_empty", { term: search.term })}>
            {(results) => (
              <Form method="post" noValidate className="profile-form">
                <input type="hidden" name="intent" value="incluir" />
                <input type="hidden" name="tipoDSI" value={search.kind} />
                <CheckboxGroup
                  id="itens"
                  name="itens"
                  legend={t("profile.results_legend", { kind: kindLabel(search.kind) })}
                  options={results.map((r) => ({ value: r.codigo, label: t("profile.result", { name: r.descricao, count: r.total }) }))}
                  checked={listOf("incluir", "itens", [])}
                  error={errorsOf("incluir").itens ?? errorsOf("incluir").tipoDSI}
                />
                <TextField
                  id="incluir-validade"
                  name="validade"
                  type="date"
                  label={t("profile.validity_label")}
                  description={t("profile.validity_hint")}
                  required
                  error={errorsOf("incluir").validade}
                  defaultValue={textOf("incluir", "validade", loaderData.suggestedValidity)}
                />
                <button type="submit" className="button">
                  {t("profile.add_submit")}
                </button>
              </Form>
            )}
          </ListFrame>
        ) : null}
      </section>

      <section aria-labelledby="tipos-titulo" className="profile-section">
        <h2 id="tipos-titulo">{t("profile.work_types_heading")}</h2>
        {workTypes === null ? (
          <p className="notice notice--warning">{t("profile.work_types_failed")}</p>
        ) : (
          <Form method="post" noValidate className="profile-form">
            <input type="hidden" name="intent" value="tipos" />
            <CheckboxGroup
              id="tipos"
              name="tipos"
              legend={t("profile.work_types_legend")}
              hint={t("profile.work_types_hint")}
              options={workTypes.map((w) => ({ value: w.value, label: w.label }))}
              checked={listOf(
                "tipos",
                "tipos",
                workTypes.filter((w) => w.selected).map((w) => w.value),
              )}
              error={errorsOf("tipos").tipos}
            />
            <button type="submit" className="button">
              {t("profile.work_types_submit")}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
