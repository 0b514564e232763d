import fs from "node:fs/promises";
import path from "node:path";
import type { Acr } from "../../contract/acr";

/** Where `npm run acr` (and so `npm test`) writes the report's data, from the directory the server runs in. */
export const ACR_FILE = path.join("a11y-reports", "acr.json");

/**
 * The Accessibility Conformance Report of this installation's build (ADR 152), or null when none was generated
 * here (a deployment that never ran the tests) or the file is not a report.
 */
export async function readAcr(file = path.resolve(process.cwd(), ACR_FILE)): Promise<Acr | null> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch {
    return null;
  }
  try {
    const acr = JSON.parse(text) as Partial<Acr>;
    if (typeof acr.commit !== "string" || typeof acr.generated !== "string" || !Array.isArray(acr.wcag) || !Array.isArray(acr.emag)) return null;
    return acr as Acr;
  } catch {
    return null;
  }
}
