import type { Route } from "./+types/oauth-response";
import { loadOauthResponse } from "./oauth-response.server";
import { SsoFailure } from "~/components/identity/SsoFailure";

export function loader(args: Route.LoaderArgs) {
  return loadOauthResponse(args);
}

export default function OauthResponse({ loaderData }: Route.ComponentProps) {
  return <SsoFailure message={loaderData.message} />;
}
