import { useTranslation } from "~/framework/use-translation";
import type { Route } from "./+types/login.institucional";
import { loadInstitutionalLogin, institutionalLoginAction } from "./login.institucional.server";
import { GoToProvider } from "~/components/identity/GoToProvider";

export function loader(args: Route.LoaderArgs) {
  return loadInstitutionalLogin(args);
}

export function action(args: Route.ActionArgs) {
  return institutionalLoginAction(args);
}

export default function LoginGoToProvider({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("sso");
  return (
    <GoToProvider link={loaderData.link} title={loaderData.title} heading={t("going.heading")} text={t("going.text")} linkText={t("going.link")} />
  );
}
