import { useRouteLoaderData } from "react-router";
import type { RootData } from "./root-data.server";

/** The root loader's data (language, preferences, user, site configuration); undefined in a root-level error. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
