import { useTranslation } from "~/framework/use-translation";
import { data, Form } from "react-router";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { GoToProvider } from "~/components/identity/GoToProvider";
import { PageTitle } from "~/components/profile/PageTitle";
import { paperPostingUrl } from "~/lib/api/account/declarations.server";
import { getApi } from "~/lib/api/client.server";
import { ApiError, describeError } from "~/lib/api/errors";
import { getT } from "~/lib/i18n.server";
import { paperPostingOn } from "~/lib/root-data.server";
import type { Route } from "./+types/postagem-trabalho";
import "~/components/profile/profile.css";

/** Paper posting exists only where the institution configured its repository (otherwise no menu item, and 404 here). */
export async function loader({ context }: Route.LoaderArgs) {
  if (!(await paperPostingOn(context))) throw data(null, { status: 404 });
  return { title: getT(context)("declarations:posting.title") };
}

/**
 * Hands the patron over to the institutional repository (spec §7 `POST /postagem-trabalho/redirect`). The answer is
 * a page that goes on by itself: a form's POST cannot redirect off-site under the CSP's form-action 'self'.
 */
export async function action({ context }: Route.ActionArgs) {
  const t = getT(context);
  try {
    return { link: await paperPostingUrl(getApi(context)), error: null };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 401) throw err;
    const m = err.code === "postagem_indisponivel" ? { key: "declarations:posting.unavailable", values: {} } : describeError(err);
    return data({ link: null, error: t(m.key, m.values) }, { status: err.status === 0 ? 503 : 400 });
  }
}

export default function PaperPostingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("declarations");
  if (actionData?.link) {
    return <GoToProvider link={actionData.link} title={t("posting.going_title")} heading={t("posting.going_heading")} text={t("posting.going_text")} linkText={t("posting.going_link")} />;
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
