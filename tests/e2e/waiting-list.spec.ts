import { expect, test } from "../fixtures/warm";
import type { APIRequestContext } from "@playwright/test";
import { login } from "../fixtures/demo";
import { WAITING_TITLES, waitingTitleId } from "../fixtures/waiting-list";

/**
 * The waiting list of a title that can be neither requested nor held (ADR 094), with JavaScript on and off.
 * Each project uses its own title and patrons, so the two runs never share state.
 */
const isJs = () => test.info().project.name === "js-on";
const patron = (login: string) => ({ login, password: "demo1234" });
const title = (request: APIRequestContext) => waitingTitleId(request, isJs() ? WAITING_TITLES.jsOn : WAITING_TITLES.jsOff);

async function myWaitingList(request: APIRequestContext, username: string): Promise<Array<{ cod_acervo: number; posicao: number }>> {
  const tok = await request.post("/api/oauth/token", { form: { grant_type: "password", client_id: "4", username, password: "demo1234" } });
  const { access_token } = (await tok.json()) as { access_token: string };
  return (await (await request.get("/api/lista-espera", { headers: { authorization: `Bearer ${access_token}` } })).json()) as Array<{
    cod_acervo: number;
    posicao: number;
  }>;
}

test.describe("waiting list", () => {
  test("a visitor who is not logged in is sent to the login page and back to the hold page", async ({ page, request }) => {
    const id = await title(request);
    await page.goto(`/acervo/${id}/reserva`);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Facervo%2F${id}%2Freserva$`));
  });

  test("the hold page of a title nobody can hold offers the waiting list; joining shows the position, and joining again keeps one place", async ({
    page,
    request,
  }) => {
    const who = isJs() ? "professor" : "funcionario";
    const id = await title(request);
    await login(page, patron(who), `/acervo/${id}/reserva`);
    await expect(page.getByText("Reserva cancelada: nenhum exemplar permite reserva.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Lista de espera" })).toBeVisible();
    await page.getByRole("button", { name: "Entrar na lista de espera" }).click();
    await expect(page).toHaveURL(new RegExp(`/acervo/${id}/reserva\\?lista=entrou$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Você entrou na lista de espera");
    const position = Number((await page.getByRole("status").filter({ hasText: "Sua posição" }).textContent())?.match(/Sua posição: (\d+)\./)?.[1]);
    expect(position).toBeGreaterThan(0);

    // Back on the hold page the place is shown instead of the button.
    await page.goto(`/acervo/${id}/reserva`);
    await expect(page.getByText(`Você está na lista de espera deste título. Sua posição: ${position}.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Entrar na lista de espera" })).toHaveCount(0);

    // A form sent twice (double click, resubmit after Back) still makes one entry, at the same place.
    const origin = new URL(page.url()).origin;
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post(`/acervo/${id}/reserva`, { form: { intent: "lista-espera" }, headers: { origin }, maxRedirects: 0 });
      expect([302, 303]).toContain(res.status());
    }
    const mine = (await myWaitingList(request, who)).filter((e) => e.cod_acervo === id);
    expect(mine).toEqual([expect.objectContaining({ posicao: position })]);
  });

  test("the loan request page of such a title offers the waiting list too", async ({ page, request }) => {
    const who = isJs() ? "posgrad" : "professor";
    const id = await title(request);
    await login(page, patron(who), `/acervo/${id}/solicitacao-emprestimo`);
    await expect(page.getByText("Não há exemplar disponível para empréstimo agora.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Reservar este título" })).toHaveCount(0);
    await page.getByRole("button", { name: "Entrar na lista de espera" }).click();
    await expect(page).toHaveURL(new RegExp(`/acervo/${id}/reserva\\?lista=entrou$`));
    await expect(page.getByText(/Você entrou na lista de espera de “.+”\. Sua posição: \d+\./)).toBeVisible();
  });

  test("a title with a copy on the shelf offers the loan request, not the waiting list", async ({ page, request }) => {
    const tok = await request.post("/api/oauth/token", { form: { grant_type: "client_credentials", client_id: "4" } });
    const { access_token } = (await tok.json()) as { access_token: string };
    const body = (await (
      await request.get("/api/consulta?termo=historia&qtd=40", { headers: { authorization: `Bearer ${access_token}` } })
    ).json()) as {
      resultados: Array<{ cod_acervo: number; disponiveis: number }>;
    };
    const id = body.resultados.filter((r) => r.disponiveis > 0)[isJs() ? 7 : 8].cod_acervo;
    await login(page, patron("posgrad"), `/acervo/${id}/reserva`);
    await expect(page.getByRole("link", { name: "Solicitar o empréstimo deste título" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Lista de espera" })).toHaveCount(0);
  });
});
