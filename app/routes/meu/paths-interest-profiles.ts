/** Paths of the interest profile screens (ADR 191). */
import { privateAreaPath } from "~/lib/product";

export const INTEREST_PROFILE_PATH = `${privateAreaPath}/perfil-interesse`;
export const PERIODICALS_PATH = `${privateAreaPath}/perfil-interesse/periodicos`;
export const INTEREST_AREAS_PATH = `${privateAreaPath}/areas-interesse`;
export const CHECK_TITLES_PATH = `${privateAreaPath}/verificar-titulos`;
