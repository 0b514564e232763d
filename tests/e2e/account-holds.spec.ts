import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures/account";
import { hydrated, PRIVATE_AREA } from "../fixtures/demo";

/**
 * The holds screen, with JavaScript on and off. Each project works on its own patron (js-on: professor,
 * js-off: leitora) and on the title lent to funcionario, which no other spec holds.
 */
const isJs = () => test.info().project.name === "js-on";
const HOLDS = `${PRIVATE_AREA}/reservas`;
/** leitora's seeded hold is suspended for 20 days; the holds these tests place are suspended for 10, so the two never mix. */
const SEEDED_SUSPENSION = `Suspensa até ${new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10).split("-").reverse().join("/")}`;

async function patronToken(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post("/api/oauth/token", { form: { grant_type: "password", client_id: "4", username, password: "demo1234" } });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Places (or finds) `who`'s hold on the title lent to funcionario, through the API. */
async function holdOnLentTitle(request: APIRequestContext, who: string): Promise<{ id: number; title: string }> {
  const lender = await patronToken(request, "funcionario");
  const loans = (await (await request.get("/api/emprestimo/titulos-pendentes", { headers: { authorization: `Bearer ${lender}` } })).json()) as Array<{
    cod_acervo: number;
    titulo: string;
    cod_biblioteca: number;
  }>;
  const token = await patronToken(request, who);
  const headers = { authorization: `Bearer ${token}` };
  const place = () => request.post("/api/reserva", { headers, data: { cod_acervo: loans[0].cod_acervo, biblioteca: loans[0].cod_biblioteca } });
  let res = await place();
  if (res.status() === 422 && (await res.json()).code === "limite_reservas") {
    // Other specs' holds of this patron may fill its category's limit: free one place, then hold.
    const others = (await (await request.get("/api/reserva", { headers })).json()) as Array<{ cod_reserva: number; cod_acervo: number }>;
    const other = others.find((h) => h.cod_acervo !== loans[0].cod_acervo);
    if (other) await request.delete("/api/reserva", { headers, data: { reservas: [other.cod_reserva] } });
    res = await place();
  }
  if (res.status() !== 201) {
    const mine = (await (await request.get("/api/reserva", { headers })).json()) as Array<{ cod_reserva: number; cod_acervo: number }>;
    const found = mine.find((h) => h.cod_acervo === loans[0].cod_acervo);
    if (!found) throw new Error(`could not hold: ${res.status()} ${await res.text()}`);
    return { id: found.cod_reserva, title: loans[0].titulo };
  }
  return { id: ((await res.json()) as { cod_reserva: number }).cod_reserva, title: loans[0].titulo };
}

test.describe("holds (leitora)", () => {
  test.use({ patron: { login: "leitora", password: "demo1234" } });

  test("shows every hold with its state in words: one ready for pickup with its date, one suspended", async ({ signedIn: page }) => {
    await page.goto(HOLDS);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reservas");
    const table = page.getByRole("table", { name: /Suas reservas ativas/ });
    await expect(table.getByText(/^Disponível para retirada até \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(table.getByText(SEEDED_SUSPENSION, { exact: true })).toBeVisible();
    await expect(table.getByText("Retirar no balcão de empréstimo.")).toBeVisible();
    // Where the ready hold is picked up (the hold's localizacao), under its own column.
    await expect(table.getByRole("columnheader", { name: "Local de retirada" })).toBeVisible();
    const ready = table.getByRole("row").filter({ hasText: /Disponível para retirada até/ });
    await expect(ready.getByRole("cell", { name: "Balcão de empréstimo, térreo", exact: true })).toBeVisible();
    await expect(page.getByRole("table", { name: /lista de espera/ }).getByRole("button", { name: /^Sair da lista de espera de / })).toBeVisible();
  });

  test("asks for at least one hold before cancelling, next to the list, with Erro: in the title", async ({ signedIn: page }) => {
    await page.goto(HOLDS);
    await hydrated(page);
    await page.getByRole("button", { name: "Cancelar as reservas selecionadas" }).click();
    await expect(page.getByRole("alert")).toContainText("Selecione ao menos uma reserva.");
    await expect(page).toHaveTitle(/^Erro: Reservas/);
  });

  test("a hold ready for pickup offers no suspend or library change, only the reason", async ({ signedIn: page, request }) => {
    const token = await patronToken(request, "leitora");
    const holds = (await (await request.get("/api/reserva", { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{
      cod_reserva: number;
      estado: string;
    }>;
    const ready = holds.find((h) => h.estado === "disponivel");
    expect(ready).toBeDefined();
    await page.goto(`${HOLDS}/${ready!.cod_reserva}`);
    await expect(
      page.getByText("Esta reserva já está disponível para retirada ou a caminho: ela não pode mais ser suspensa nem mudar de biblioteca."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Suspender", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Trocar a biblioteca" })).toHaveCount(0);
  });

  test("a day that does not exist (30 February) is refused beside the date field, keeping the form", async ({ signedIn: page }) => {
    await page.goto(HOLDS);
    await page
      .getByRole("row")
      .filter({ hasText: SEEDED_SUSPENSION })
      .getByRole("link", { name: /^Suspender ou trocar/ })
      .click();
    // The list has its own "Suspender até" (the batch form): wait for the hold's own page before typing. Its URL
    // alone is not enough with JavaScript: a client-side navigation changes it before the new page is drawn.
    await expect(page).toHaveURL(/\/reservas\/\d+/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Reserva de /);
    await hydrated(page);
    // A browser without a date picker sends what was typed: the date input stands in for one as a text box, and
    // the form is sent in the same step (with JavaScript, before any render could put the date input back).
    await page.getByLabel("Suspender até").evaluate((el: HTMLInputElement) => {
      el.type = "text";
      el.value = "2026-02-30";
      el.form!.requestSubmit(el.form!.querySelector<HTMLButtonElement>('button[value="suspender"]'));
    });
    await expect(page.getByRole("alert")).toContainText("Informe uma data válida.");
    await expect(page.getByRole("alert")).not.toContainText("Dados inválidos.");
    await expect(page.getByLabel("Suspender até")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#reserva-ate-erro")).toContainText("Informe uma data válida.");
    await expect(page).toHaveTitle(/^Erro: /);
  });
});

/** js-on signs in as professor, js-off as leitora, so the two projects never touch the same hold. */
const perProject = test.extend({
  patron: async ({ javaScriptEnabled }, use) => use({ login: javaScriptEnabled ? "professor" : "leitora", password: "demo1234" }),
});

perProject.describe("holds (a hold placed for the test)", () => {
  // Both tests work on the same hold of the same patron: one after the other.
  perProject.describe.configure({ mode: "serial" });

  perProject(
    "a patron suspends a hold until a date, resumes it, changes its pickup library and cancels it after confirming",
    async ({ signedIn: page, request }) => {
      const who = isJs() ? "professor" : "leitora";
      const hold = await holdOnLentTitle(request, who);
      await page.goto(HOLDS);
      await page.getByRole("link", { name: `Suspender ou trocar biblioteca (reserva de ${hold.title})` }).click();
      await expect(page).toHaveURL(/\/reservas\/\d+/);
      // The URL changes before the hold's page is drawn, and the list has its own "Suspender até" (the batch form):
      // typed too early, the date went into the list's field and the hold's page posted an empty one.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Reserva de /);
      await page.getByLabel("Suspender até").fill(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
      await page.getByRole("button", { name: "Suspender", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: "Reserva suspensa. Ela mantém o lugar na fila." })).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: hold.title });
      await expect(row.getByText(/^Suspensa até/)).toBeVisible();

      await row.getByRole("link", { name: /^Suspender ou trocar/ }).click();
      await page.getByRole("button", { name: "Retomar a reserva agora" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Reserva retomada." })).toBeVisible();
      await row.getByRole("link", { name: /^Suspender ou trocar/ }).click();
      await page.getByRole("button", { name: "Trocar a biblioteca" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Biblioteca de retirada alterada." })).toBeVisible();

      await hydrated(page);
      await page.getByRole("checkbox", { name: `Selecionar a reserva de ${hold.title}` }).check();
      await page.getByRole("button", { name: "Cancelar as reservas selecionadas" }).click();
      // With JS a dialog asks; without JS a confirmation page does. Nothing is cancelled yet.
      if (isJs()) await expect(page.getByRole("dialog")).toContainText("Cancelar esta reserva?");
      // Without JS the confirmation page starts at its question (focus is there, not at the top of the page).
      else await expect(page.getByRole("heading", { name: "Cancelar esta reserva?" })).toBeFocused();
      await expect(page.getByText(hold.title).first()).toBeVisible();
      await page.getByRole("button", { name: "Sim, cancelar a reserva" }).click();
      await expect(page.getByRole("status").filter({ hasText: "1 reserva cancelada." })).toBeVisible();
      // The result has the focus and the title says it, with JS and without (WCAG 2.4.2, 2.4.3, 4.1.3).
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.locator("#resultado")).toBeFocused();
      await expect(page).toHaveTitle(/^1 reserva cancelada\. – Reservas/);
      await expect(
        page
          .getByRole("table", { name: /Reservas atendidas ou canceladas/ })
          .getByRole("row")
          .filter({ hasText: hold.title })
          .first(),
      ).toContainText("Cancelada");
    },
  );

  perProject("a patron suspends and resumes selected holds at once, and is told which were refused and why", async ({ signedIn: page, request }) => {
    const hold = await holdOnLentTitle(request, isJs() ? "professor" : "leitora");
    await page.goto(HOLDS);
    await hydrated(page);
    const bulk = page.getByRole("group", { name: "Alterar várias reservas de uma vez" });
    // Nothing selected: the batch asks for a selection, beside the list, and keeps what was typed.
    const until = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await bulk.getByLabel("Suspender até").fill(until);
    await bulk.getByRole("button", { name: "Suspender", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Selecione ao menos uma reserva.");
    await expect(page).toHaveTitle(/^Erro: /);
    await expect(page.getByLabel("Suspender até")).toHaveValue(until);

    await page.getByRole("checkbox", { name: `Selecionar a reserva de ${hold.title}` }).check();
    await page.getByRole("button", { name: "Suspender", exact: true }).click();
    const outcome = page.getByRole("status").filter({ hasText: "Resultado da alteração" });
    await expect(outcome).toContainText("1 de 1 reserva(s) alterada(s).");
    await expect(outcome).toContainText(`${hold.title}: suspensa`);
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: hold.title })
        .first()
        .getByText(/^Suspensa até/),
    ).toBeVisible();
    if (isJs()) await expect(page.getByRole("heading", { name: "Resultado da alteração" })).toBeFocused();

    // Resuming it twice: the second time it is refused, with the reason.
    await page.getByRole("checkbox", { name: `Selecionar a reserva de ${hold.title}` }).check();
    await page.getByRole("button", { name: "Retomar", exact: true }).click();
    await expect(outcome).toContainText(`${hold.title}: retomada`);
    await page.getByRole("checkbox", { name: `Selecionar a reserva de ${hold.title}` }).check();
    await page.getByRole("button", { name: "Retomar", exact: true }).click();
    await expect(outcome).toContainText("0 de 1 reserva(s) alterada(s).");
    await expect(outcome).toContainText(`${hold.title}: não alterada: ela não estava suspensa`);
    // Shown once (PRG): a reload shows the plain list.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Resultado da alteração" })).toHaveCount(0);
  });
});
