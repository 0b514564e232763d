import { useArrivalFocus } from "~/lib/use-arrival-focus";
import { SelectField } from "~/components/forms/SelectField";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { useTranslation } from "~/framework/use-translation";

export interface BulkValues {
  alvo: string;
  ate: string;
  biblioteca: string;
  reservas?: number[];
}

/**
 * Changing several holds at once (issue 29): part of the holds table's form, so the table's checkboxes choose the
 * holds; or every hold the change concerns. Suspend until a date, resume, or move the pickup library. Its first
 * button is "Suspend", so Enter in the date field suspends (never the cancellation further down).
 */
export function BulkHoldChanges({
  libraries,
  today,
  values,
  error,
}: {
  libraries: { value: string; label: string }[];
  today: string;
  values?: BulkValues;
  error?: { field: string; message: string };
}) {
  const { t } = useTranslation("holds");
  const errorOf = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <fieldset className="account-fieldset">
      <legend>
        <h3 className="account-fieldset__heading">{t("bulk.heading")}</h3>
      </legend>
      <fieldset className="field">
        <legend className="field__label">{t("bulk.target")}</legend>
        <div className="checkbox">
          <input type="radio" id="lote-alvo-selecionadas" name="alvo" value="selecionadas" defaultChecked={values?.alvo !== "todas"} />
          <label htmlFor="lote-alvo-selecionadas">{t("bulk.target_selected")}</label>
        </div>
        <div className="checkbox">
          <input type="radio" id="lote-alvo-todas" name="alvo" value="todas" defaultChecked={values?.alvo === "todas"} />
          <label htmlFor="lote-alvo-todas">{t("bulk.target_all")}</label>
        </div>
      </fieldset>
      <FieldFrame id="lote-ate" label={t("bulk.until")} description={t("bulk.until_hint")} error={errorOf("lote-ate")}>
        {(describedBy) => (
          <input
            className="field__input"
            type="date"
            id="lote-ate"
            name="ate"
            min={today}
            defaultValue={values?.ate ?? ""}
            aria-invalid={errorOf("lote-ate") ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FieldFrame>
      <p className="account-actions">
        <button type="submit" name="intent" value="lote-suspender" className="button">
          {t("bulk.suspend")}
        </button>{" "}
        <button type="submit" name="intent" value="lote-retomar" className="button button--secondary">
          {t("bulk.resume")}
        </button>
      </p>
      {libraries.length > 0 ? (
        <>
          <SelectField
            id="lote-biblioteca"
            name="lote-biblioteca"
            label={t("bulk.library")}
            description={t("bulk.library_hint")}
            options={libraries}
            placeholder={t("bulk.library_choose")}
            defaultValue={values?.biblioteca ?? ""}
            error={errorOf("lote-biblioteca")}
          />
          <p>
            <button type="submit" name="intent" value="lote-biblioteca" className="button button--secondary">
              {t("bulk.move")}
            </button>
          </p>
        </>
      ) : null}
    </fieldset>
  );
}

export interface BulkOutcomeView {
  kind: "lote-suspender" | "lote-retomar" | "lote-biblioteca";
  done: number;
  total: number;
  items: { id: number; title: string; language: string | null; ok: boolean; reason: string | null }[];
}

/** The batch change's outcome: how many changed, then every hold, changed or refused with the reason. */
export function BulkHoldOutcome({ outcome }: { outcome: BulkOutcomeView }) {
  const { t } = useTranslation("holds");
  const lang = useLangOfParts();
  const { ref, autoFocus } = useArrivalFocus<HTMLHeadingElement>(outcome);
  return (
    <section className="notice account-outcome" role="status" aria-labelledby="resultado-lote" id="resultado-lote-regiao">
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the outcome's focus on a page load (WCAG 2.4.3, 4.1.3) */}
      <h2 id="resultado-lote" tabIndex={-1} ref={ref} autoFocus={autoFocus}>
        {t("bulk.outcome_heading")}
      </h2>
      <p className="account-outcome__summary">{t("bulk.summary", { done: outcome.done, total: outcome.total })}</p>
      <ul className="account-outcome__list">
        {outcome.items.map((o) => (
          <li key={o.id}>
            {o.title ? <strong lang={lang.record(o.language)}>{o.title}</strong> : <strong>{t("bulk.unknown_title", { id: o.id })}</strong>}:{" "}
            {o.ok ? t(`bulk.ok.${outcome.kind}`) : t("bulk.refused", { reason: t(`bulk.reasons.${o.reason ?? "falha"}`) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
