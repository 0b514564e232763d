import { useTranslation } from "~/framework/use-translation";
import { RequestsPage, type RequestsActionView } from "~/components/library-requests/RequestsPage";
import type { Route } from "./+types/pesquisa-especializada";
import { loadRequestsPage, requestAction } from "./+shared/library-requests.server";
import { SPECIALISED_SEARCH_PATH } from "./paths-library-requests";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRequestsPage(request, context, { titleKey: "librequests:pages.specialised.title", kinds: ["pesquisa-especializada"] });
}

export async function action({ request, context }: Route.ActionArgs) {
  return requestAction(request, context, "specialised", SPECIALISED_SEARCH_PATH);
}

/** Specialised search (spec §7 POST pesquisa-especializada): the request form and the patron's requests. */
export default function SpecialisedSearchPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("librequests");
  return (
    <RequestsPage
      data={loaderData}
      action={actionData as RequestsActionView | undefined}
      path={SPECIALISED_SEARCH_PATH}
      intro={t("pages.specialised.intro")}
      formKey="specialised"
    />
  );
}
