import { pageTitle } from "~/components/search/page-title";
import { useLangOfParts } from "~/lib/use-lang-of-parts";
import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { Link } from "~/framework/Link";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { ListFrame } from "~/components/account/ListFrame";
import { BulkHoldChanges, BulkHoldOutcome } from "~/components/account/BulkHoldChanges";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { AccountTable, titleColumn } from "~/components/ui/AccountTable";
import { ConfirmBody, ConfirmPage, submitterValue, useConfirmDialog, type ConfirmBodyProps } from "~/components/account/ConfirmStep";
import { HOLD_CHANGEABLE_STATES } from "~/lib/api/account/types";
import type { Route } from "./+types/reservas";
import { HOLDS_PATH } from "./paths";
import type { ConfirmItem, HoldsActionData, HoldView } from "./reservas.server";
import { holdsPageAction, loadHoldsPage } from "./reservas.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export function loader(args: Route.LoaderArgs) {
  return loadHoldsPage(args);
}

export function action(args: Route.ActionArgs) {
  return holdsPageAction(args);
}

/** "v. 2, t. 1, pt. 3, CD" from the copy dimensions a hold was placed for. */
function copyOf(h: HoldView, t: (k: string, o?: Record<string, string>) => string): string {
  return [
    h.volume && t("holds:copy.volume", { value: h.volume }),
    h.tome && t("holds:copy.tome", { value: h.tome }),
    h.part && t("holds:copy.part", { value: h.part }),
    h.material && t("holds:copy.material", { value: h.material }),
  ]
    .filter(Boolean)
    .join(", ");
}

function StateText({ hold }: { hold: HoldView }) {
  const { t } = useTranslation("holds");
  if (hold.state === "suspensa") return <>{t("state.suspensa_until", { date: hold.suspendedUntil })}</>;
  if (hold.state === "disponivel" && hold.releaseDate) return <strong>{t("state.disponivel_until", { date: hold.releaseDate })}</strong>;
  return <>{t(`state.${hold.state}`)}</>;
}

export default function HoldsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("holds");
  const lang = useLangOfParts();
  const result = actionData as HoldsActionData | undefined;
  const { holds, history, waiting, done } = loaderData;

  if (result?.confirm) return <ConfirmCancel holds={result.confirm} />;

  return (
    <div className="page account-screen">
      <ErrorTitle show={Boolean(result?.error)} prefix={loaderData.errorPrefix} title={loaderData.plainTitle} />
      <h1>{t("heading")}</h1>
      <StatusMessage message={done ? t(`done.${done.key}`, { count: done.count }) : null} />
      {loaderData.bulk ? <BulkHoldOutcome outcome={loaderData.bulk} /> : null}
      <ErrorSummary errors={result?.error ? [{ fieldId: result.error.field, message: result.error.message }] : []} />

      <section aria-labelledby="reservas-ativas">
        <h2 id="reservas-ativas">{t("active_heading")}</h2>
        <ListFrame items={holds} failed={t("failed")} empty={t("empty")}>
          {(items) => (
            <ActiveHolds
              holds={items}
              bulk={{ libraries: loaderData.libraries, today: loaderData.today, values: result?.bulkValues, error: result?.error }}
            />
          )}
        </ListFrame>
      </section>

      <section aria-labelledby="lista-espera">
        <h2 id="lista-espera">{t("waiting.heading")}</h2>
        <ListFrame items={waiting} failed={t("waiting.failed")} empty={t("waiting.empty")}>
          {(items) => (
            <AccountTable
              caption={t("waiting.caption")}
              rows={items}
              rowKey={(w) => w.codAcervo}
              columns={[
                { header: t("col.title"), rowHeader: true, cell: (w) => <Link to={`/acervo/${w.codAcervo}`}>{w.title}</Link> },
                { header: t("col.position"), cell: (w) => w.position },
                { header: t("waiting.since"), cell: (w) => w.since },
                {
                  header: t("col.actions"),
                  cell: (w) => (
                    <Form method="post">
                      <input type="hidden" name="acervo" value={w.codAcervo} />
                      <button type="submit" name="intent" value="sair-lista" className="button button--secondary">
                        {t("waiting.leave", { title: w.title })}
                      </button>
                    </Form>
                  ),
                },
              ]}
            />
          )}
        </ListFrame>
      </section>

      <section aria-labelledby="historico-reservas">
        <h2 id="historico-reservas">{t("history.heading")}</h2>
        <ListFrame items={history} failed={t("history.failed")} empty={t("history.empty")}>
          {(items) => (
            <AccountTable
              caption={t("history.caption")}
              rows={items}
              rowKey={(h) => h.id}
              columns={[
                titleColumn(t("col.title"), lang.record),
                { header: t("col.state"), cell: (h) => t(`state.${h.state}`) },
                { header: t("col.library"), lang: () => lang.vocabulary, cell: (h) => h.library },
                { header: t("col.placed"), cell: (h) => h.placed },
                { header: t("col.cancel_date"), cell: (h) => h.cancelDate },
                { header: t("col.observation"), cell: (h) => h.observation },
              ]}
            />
          )}
        </ListFrame>
      </section>
    </div>
  );
}

/** The active holds, with a checkbox per hold; "Cancel selected" asks for confirmation (a dialog with JS, a page without). */
function ActiveHolds({ holds, bulk }: { holds: readonly HoldView[]; bulk: Parameters<typeof BulkHoldChanges>[0] }) {
  const { t } = useTranslation("holds");
  const lang = useLangOfParts();
  const confirm = useConfirmDialog<ConfirmItem[]>();
  return (
    <>
      <Form
        method="post"
        id="reservas-lista"
        tabIndex={-1}
        onSubmit={(e) => {
          // With JS the confirmation is a dialog; an empty selection goes to the server, which says what is missing.
          // Only "Cancel selected" asks for confirmation; the batch changes (issue 29) go straight to the server.
          if (submitterValue(e) !== "confirmar") return;
          const ids = new FormData(e.currentTarget).getAll("reserva").map(Number);
          if (ids.length === 0) return;
          confirm.ask(
            e,
            holds.filter((h) => ids.includes(h.id)).map((h) => ({ id: h.id, title: h.title, language: h.language })),
          );
        }}
      >
        <AccountTable
          caption={t("active_caption")}
          rows={holds}
          rowKey={(h) => h.id}
          selection={{
            header: t("col.select"),
            name: "reserva",
            value: (h) => h.id,
            id: (h) => `reserva-${h.id}`,
            label: (h) => t("select_hold", { title: h.title }),
            checked: (h) => bulk.values?.reservas?.includes(h.id),
          }}
          columns={[
            titleColumn(t("col.title"), lang.record),
            { header: t("col.state"), cell: (h) => <StateText hold={h} /> },
            { header: t("col.position"), cell: (h) => h.position ?? "" },
            { header: t("col.library"), lang: () => lang.vocabulary, cell: (h) => h.library },
            { header: t("col.location"), cell: (h) => h.location },
            { header: t("col.copy"), cell: (h) => copyOf(h, t) },
            { header: t("col.placed"), cell: (h) => h.placed },
            { header: t("col.release"), cell: (h) => h.releaseDate },
            { header: t("col.observation"), cell: (h) => h.observation },
            {
              header: t("col.actions"),
              cell: (h) =>
                HOLD_CHANGEABLE_STATES.includes(h.state) ? (
                  <Link to={`${HOLDS_PATH}/${h.id}`} aria-label={t("manage_hold", { title: h.title })}>
                    {t("manage")}
                  </Link>
                ) : null,
            },
          ]}
        />
        <BulkHoldChanges {...bulk} />
        <p>
          <button type="submit" name="intent" value="confirmar" className="button">
            {t("cancel_selected")}
          </button>
        </p>
      </Form>
      {confirm.dialog((chosen, close) => (
        <ConfirmCancelBody holds={chosen} onBack={close} />
      ))}
    </>
  );
}

/** The question before cancelling the chosen holds (the dialog's and the no-JS page's). */
function useCancelQuestion(holds: ConfirmItem[]): ConfirmBodyProps {
  const { t } = useTranslation("holds");
  const lang = useLangOfParts();
  return {
    heading: t("confirm.heading", { count: holds.length }),
    lines: holds.map((h) => ({ key: h.id, text: h.title, lang: lang.record(h.language) })),
    fields: holds.map((h) => ["reserva", h.id] as const),
    intent: "cancelar",
    yes: t("confirm.yes", { count: holds.length }),
    no: t("confirm.no"),
    backTo: HOLDS_PATH,
  };
}

function ConfirmCancelBody({ holds, onBack }: { holds: ConfirmItem[]; onBack: () => void }) {
  return <ConfirmBody {...useCancelQuestion(holds)} onBack={onBack} />;
}

/** The no-JS confirmation step: a page of its own, nothing is cancelled until the patron confirms. */
function ConfirmCancel({ holds }: { holds: ConfirmItem[] }) {
  const { t } = useTranslation("holds");
  return <ConfirmPage pageHeading={t("heading")} {...useCancelQuestion(holds)} />;
}
