import { expect, test } from "../fixtures/warm";
import { findTitleId } from "../fixtures/demo";

// The reference page's "Copiar" buttons: one per format shown, named after it, with JavaScript only.
const FORMATS = ["ABNT", "APA", "RIS", "BibTeX", "MARCXML", "CSV"];

test("each format on the reference page has its own copy button, which copies the text and says so", async ({ page, request, baseURL }) => {
  const id = await findTitleId(request, "historia");
  if (test.info().project.name === "js-on") {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  }
  await page.goto(`/acervo/${id}/referencia`);
  const abnt = page.locator(".reference-abnt");
  await expect(abnt).toContainText(/\.\s/);

  if (test.info().project.name === "js-off") {
    // Without JavaScript there is nothing to click: the texts stay on the page to select and copy by hand.
    await expect(page.getByRole("button", { name: /^Copiar/ })).toHaveCount(0);
    await expect(page.getByLabel("APA", { exact: true })).toHaveAttribute("readonly", "");
    return;
  }

  for (const format of FORMATS) await expect(page.getByRole("button", { name: `Copiar a referência ${format}`, exact: true })).toBeVisible();

  // ABNT: the plain text of the reference (no bold), announced politely beside its button.
  await page.getByRole("button", { name: "Copiar a referência ABNT", exact: true }).click();
  const abntSection = page.getByRole("region", { name: "Referência ABNT (NBR 6023)" });
  const abntStatus = abntSection.getByRole("status");
  await expect(abntStatus).toHaveText("Referência copiada.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await abnt.textContent());

  // APA: the text of its field.
  await page.getByRole("button", { name: "Copiar a referência APA", exact: true }).click();
  const apa = page.getByLabel("APA", { exact: true });
  await expect(apa.locator("xpath=..").getByRole("status")).toHaveText("Referência copiada.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await apa.inputValue());
});
