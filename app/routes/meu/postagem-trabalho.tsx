import { useTranslation } from "~/framework/use-translation";
import { Form } from "react-router";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { GoToProvider } from "~/components/identity/GoToProvider";
import { PageTitle } from "~/components/profile/PageTitle";
import type { Route } from "./+types/postagem-trabalho";
import { loadPaperPosting, paperPostingAction } from "./postagem-trabalho.server";
import "~/components/profile/profile.css";

export function loader(args: Route.LoaderArgs) {
  return loadPaperPosting(args);
}

export function action(args: Route.ActionArgs) {
  return paperPostingAction(args);
}

export default function PaperPostingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("declarations");
  if (actionData?.link) {
    return (
      <GoToProvider
        link={actionData.link}
        title={t("posting.going_title")}
        heading={t("posting.going_heading")}
        text={t("posting.going_text")}
        linkText={t("posting.going_link")}
      />
    );
  }
  const error = actionData?.error;
  return (
    <div className="page profile account-screen">
      <PageTitle title={loaderData.title} failed={Boolean(error)} />
      <h1>{loaderData.title}</h1>
      <ErrorSummary errors={error ? [{ fieldId: "", message: error }] : []} />
      <p>{t("posting.intro")}</p>
      <p>{t("posting.how")}</p>
      <Form method="post">
        <button type="submit" className="button">
          {t("posting.submit")}
        </button>
      </Form>
    </div>
  );
}
