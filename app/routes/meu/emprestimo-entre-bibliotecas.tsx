import { useTranslation } from "~/framework/use-translation";
import { RequestsPage, type RequestsActionView } from "~/components/library-requests/RequestsPage";
import type { Route } from "./+types/emprestimo-entre-bibliotecas";
import { loadRequestsPage, requestAction } from "./+shared/library-requests.server";
import { INTERLIBRARY_PATH } from "./paths-library-requests";

/** What this page of the library requests lists and how it is titled. */
const INTERLIBRARY_PAGE = {
  titleKey: "librequests:pages.interlibrary.title",
  kinds: ["emprestimo-inter-bibliotecas"],
  libraries: true,
} satisfies Parameters<typeof loadRequestsPage>[2];

export function loader({ request, context }: Route.LoaderArgs) {
  return loadRequestsPage(request, context, INTERLIBRARY_PAGE);
}

export async function action({ request, context }: Route.ActionArgs) {
  return requestAction(request, context, "interlibrary", INTERLIBRARY_PATH);
}

/** Interlibrary loan (spec §7 GET/POST emprestimo-inter-bibliotecas): the request form and the patron's requests. */
export default function InterlibraryLoanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("librequests");
  return (
    <RequestsPage
      data={loaderData}
      action={actionData as RequestsActionView | undefined}
      path={INTERLIBRARY_PATH}
      intro={t("pages.interlibrary.intro")}
      formKey="interlibrary"
    />
  );
}
