import { privateAreaPath } from "~/lib/product";

/** The personal-data page (shared by the page components and their server modules). */
export const PROFILE_PATH = `${privateAreaPath}/dados-pessoais`;
