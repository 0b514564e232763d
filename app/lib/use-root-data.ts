import { useRouteLoaderData } from "react-router";
import type { RootData } from "./root-data.server";

/** The root loader's data (language, preferences, user, site configuration); undefined in a root-level error. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** The institution's name for page titles (`site.nome`, else its acronym), as `institutionName` reads it in `meta`. */
export function useInstitutionName(): string | null {
  const site = useRootData()?.site;
  return site?.nome || site?.sigla || null;
}
