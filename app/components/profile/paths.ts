import { privateAreaPath } from "~/lib/product";

/** The personal-data screen; the password page and the data download sit below it. */
export const PROFILE_PATH = `${privateAreaPath}/dados-pessoais`;
