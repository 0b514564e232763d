import { Form } from "react-router";
import { ErrorTitle } from "~/components/account/ErrorTitle";
import { StatusMessage } from "~/components/account/StatusMessage";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { pageTitle } from "~/components/search/page-title";
import { Link } from "~/framework/Link";
import { flagFailure } from "~/lib/action-failed.server";
import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/descadastro";
import { loadUnsubscribe, unsubscribeAction, type UnsubscribeActionData } from "./descadastro.server";
import { NOTIFICATIONS_PATH } from "./meu/paths";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData?.pageTitle ?? "", matches) }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadUnsubscribe(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return flagFailure(context, await unsubscribeAction(request, context));
}

/** An e-mail's unsubscribe link: what it turns off and one button; then the result (ADR 248). */
export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("notifications");
  const result = actionData as UnsubscribeActionData | undefined;
  const failed = Boolean(result) || loaderData.invalid;
  return (
    <div className="page">
      <ErrorTitle show={failed} prefix={loaderData.errorPrefix} title={loaderData.plainTitle} />
      <h1>{t("unsubscribe.heading")}</h1>
      <StatusMessage message={loaderData.done} />
      <ErrorSummary
        errors={result ? [{ fieldId: "", message: result.error }] : loaderData.invalid ? [{ fieldId: "", message: t("unsubscribe.invalid") }] : []}
      />
      {loaderData.question && loaderData.token ? (
        <Form method="post">
          <p>{loaderData.question}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="button">
            {t("unsubscribe.confirm")}
          </button>
        </Form>
      ) : null}
      <p>
        <Link to={NOTIFICATIONS_PATH}>{t("unsubscribe.manage")}</Link>
      </p>
    </div>
  );
}
