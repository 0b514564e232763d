import { useTranslation } from "~/framework/use-translation";
import { RequestsPage, type RequestsActionView } from "~/components/library-requests/RequestsPage";
import type { Route } from "./+types/ficha-catalografica";
import { loadRequestsPage, requestAction } from "./+shared/library-requests.server";
import { CATALOGUE_CARD_PATH } from "./paths-library-requests";

/** What this page of the library requests lists and how it is titled. */
const CARD_PAGE = {
  titleKey: "librequests:pages.card.title",
  kinds: ["ficha-catalografica"],
  cardPdfBase: CATALOGUE_CARD_PATH,
} satisfies Parameters<typeof loadRequestsPage>[2];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadRequestsPage(request, context, CARD_PAGE);
}

export async function action({ request, context }: Route.ActionArgs) {
  return requestAction(request, context, "card", CATALOGUE_CARD_PATH);
}

/** Catalogue card (spec §7 POST ficha-catalografica): the request, and the card as a tagged PDF once the library answers. */
export default function CatalogueCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("librequests");
  return (
    <RequestsPage
      data={loaderData}
      action={actionData as RequestsActionView | undefined}
      path={CATALOGUE_CARD_PATH}
      intro={t("pages.card.intro")}
      formKey="card"
    />
  );
}
