import { isRouteErrorResponse } from "react-router";
import { pageTitle } from "~/components/search/page-title";

interface MetaArgs {
  loaderData?: { pageTitle?: string } | undefined;
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  error?: unknown;
}

/** The `<title>` of a title sub-page or authority page: its own title, or the error's, plus the institution. */
export function subPageMeta({ loaderData, matches, error }: MetaArgs) {
  const title = loaderData?.pageTitle ?? (isRouteErrorResponse(error) ? (error.data as { pageTitle?: string } | null)?.pageTitle : undefined);
  return title ? [{ title: pageTitle(title, matches) }] : [];
}
