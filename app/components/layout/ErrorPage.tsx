import { PageTitle } from "~/components/profile/PageTitle";
import { useTranslation } from "~/framework/use-translation";
import { Link } from "~/framework/Link";

/** A full-page error message: one h1, a short explanation and a way home. Never shows technical details. */
export function ErrorPage({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation("common");
  return (
    <div className="page page--error">
      <PageTitle title={title} failed={false} />
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <Link to="/">{t("errors.not_found_home")}</Link>
      </p>
    </div>
  );
}
