import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { PageTitle } from "~/components/profile/PageTitle";
import { TextField } from "~/components/forms/TextField";
import { MAX_USER } from "~/schemas/account/user-swap";
import type { Route } from "./+types/troca-usuario";
import { loadUserSwap, userSwapAction } from "./troca-usuario.server";
import "~/components/profile/profile.css";

export function loader(args: Route.LoaderArgs) {
  return loadUserSwap(args);
}

export function action(args: Route.ActionArgs) {
  return userSwapAction(args);
}

export default function UserSwapPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("declarations");
  const errors = actionData?.errors ?? [];
  return (
    <div className="page profile account-screen">
      <PageTitle title={loaderData.title} failed={errors.length > 0} />
      <h1>{loaderData.title}</h1>
      <ErrorSummary errors={errors} />
      <p>{t("swap.intro")}</p>
      <p className="notice notice--warning">{t("swap.warning")}</p>
      <Form method="post" noValidate>
        <TextField
          id="usuario"
          name="usuario"
          label={t("swap.user")}
          autoComplete="off"
          required
          maxLength={MAX_USER}
          defaultValue={actionData?.usuario}
          error={errors[0]?.message}
        />
        <button type="submit" className="button">
          {t("swap.submit")}
        </button>
      </Form>
    </div>
  );
}
