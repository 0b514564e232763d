import { ProviderPage } from "~/components/acervo/ProviderPage";
import { pageTitle } from "~/components/search/page-title";
import "~/styles/catalogue.css";
import "~/components/acervo/acervo.css";
import type { Route } from "./+types/grupoa";
import { loadProviderPage, openProvider } from "./provider.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => (loaderData ? [{ title: pageTitle(loaderData.pageTitle, matches) }] : []);

export function loader({ context }: Route.LoaderArgs) {
  return loadProviderPage("grupoa", context);
}

/** Opens the provider for the signed-in patron (POST, then a redirect to the provider's site). */
export function action({ context }: Route.ActionArgs) {
  return openProvider("grupoa", context);
}

/** "/grupoa": the GrupoA content provider page (spec §2). */
export default function GrupoAPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProviderPage
      provider="grupoa"
      signedIn={loaderData.signedIn}
      failed={Boolean(actionData && "error" in actionData)}
      url={actionData && "url" in actionData ? actionData.url : undefined}
    />
  );
}
