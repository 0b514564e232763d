import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures/account";
import { DEMO, PRIVATE_AREA } from "../fixtures/demo";

/**
 * The hold offered only to a patron who may place it ("Hold when the patron already has it"): a signed-in patron
 * who has the title on loan, or already holds it, is told so on the title page and on the hold page, with the way
 * to their loans or holds, instead of the "Reservar" link or the form. With JavaScript on and off. Read-only: the
 * demo patron's own loans and hold, as seeded (api/seed/patrons.ts), are only looked at.
 */

interface Found {
  id: number;
  titulo: string;
  /** The patron's place in the queue (a held title). */
  posicao?: number;
}

async function demoToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/oauth/token", {
    form: { grant_type: "password", client_id: "4", username: DEMO.patron.login, password: DEMO.patron.password },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * A title of `list` (the demo patron's loans or holds) whose page offers the hold to anyone (no copy on the shelf:
 * before this change the patron saw the "Reservar" link too) and whose hold options give the patron `impedimento`.
 */
async function demoTitle(
  request: APIRequestContext,
  list: "/api/emprestimo/titulos-pendentes" | "/api/reserva",
  impedimento: string,
): Promise<Found> {
  const headers = { authorization: `Bearer ${await demoToken(request)}` };
  const titles = (await (await request.get(list, { headers })).json()) as Array<{ cod_acervo: number; titulo: string }>;
  for (const { cod_acervo, titulo } of titles) {
    const permissoes = (await (await request.get(`/api/acervo/${cod_acervo}/permissoes`, { headers })).json()) as { reserva: boolean };
    const options = (await (await request.get(`/api/reserva/${cod_acervo}/informacoes-iniciais`, { headers })).json()) as {
      impedimento: string | null;
      minha_reserva: { posicao: number } | null;
    };
    if (permissoes.reserva && options.impedimento === impedimento) return { id: cod_acervo, titulo, posicao: options.minha_reserva?.posicao };
  }
  throw new Error(`no title of ${list} that the demo patron is refused with ${impedimento}`);
}

const actionsOf = (page: import("@playwright/test").Page) => page.getByRole("region", { name: "O que você pode fazer" });

test("a patron who has the title on loan is told so on the title page and the hold page, with the way to their loans", async ({
  signedIn: page,
  request,
}) => {
  const lent = await demoTitle(request, "/api/emprestimo/titulos-pendentes", "titulo_emprestado");
  const sentence = "Você já tem este título emprestado, por isso não é possível reservá-lo.";

  await page.goto(`/acervo/${lent.id}`);
  const actions = actionsOf(page);
  await expect(actions.getByText(sentence)).toBeVisible();
  await expect(actions.getByRole("link", { name: "Reservar este título" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Reservar este título" })).toHaveCount(0);

  await page.goto(`/acervo/${lent.id}/reserva`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Reservar:");
  await expect(page.getByText(sentence)).toBeVisible();
  await expect(page.getByRole("button", { name: "Reservar", exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Biblioteca de retirada")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Voltar ao título" })).toHaveAttribute("href", `/acervo/${lent.id}`);

  // The next step: the loans page, which lists the title.
  await page.getByRole("main").getByRole("link", { name: "Ver seus empréstimos" }).click();
  await expect(page).toHaveURL(new RegExp(`${PRIVATE_AREA}/emprestimos$`));
  await expect(page.getByRole("main").getByText(lent.titulo).first()).toBeVisible();

  // A visitor who is not signed in is still offered the hold (the login comes first).
  await page.context().clearCookies();
  await page.goto(`/acervo/${lent.id}`);
  await expect(actionsOf(page).getByRole("link", { name: "Reservar este título" })).toHaveAttribute("href", `/acervo/${lent.id}/reserva`);
  await expect(page.getByText(sentence)).toHaveCount(0);
});

test("a patron who already holds the title is told their place in the queue on the title page and the hold page, with the way to their holds", async ({
  signedIn: page,
  request,
}) => {
  const held = await demoTitle(request, "/api/reserva", "reserva_existente");
  expect(held.posicao).toBeGreaterThan(0);
  const sentence = `Você já tem uma reserva deste título: ${held.posicao}º na fila.`;

  await page.goto(`/acervo/${held.id}`);
  const actions = actionsOf(page);
  await expect(actions.getByText(sentence)).toBeVisible();
  await expect(page.getByRole("link", { name: "Reservar este título" })).toHaveCount(0);
  await expect(actions.getByRole("link", { name: "Ver suas reservas" })).toHaveAttribute("href", `${PRIVATE_AREA}/reservas`);

  await page.goto(`/acervo/${held.id}/reserva`);
  await expect(page.getByText(sentence)).toBeVisible();
  await expect(page.getByRole("button", { name: "Reservar", exact: true })).toHaveCount(0);

  await page.getByRole("main").getByRole("link", { name: "Ver suas reservas" }).click();
  await expect(page).toHaveURL(new RegExp(`${PRIVATE_AREA}/reservas$`));
  await expect(page.getByRole("main").getByText(held.titulo).first()).toBeVisible();
});
