import { expect, test } from "../fixtures/warm";
import type { APIRequestContext } from "@playwright/test";
import { login } from "../fixtures/demo";

/**
 * The title page's headings are links (issue 6): author, added authors, subjects, series and publisher lead
 * to the matching search, or to the authority page when the title is linked to an authority with that heading.
 * Plain links, so the same with JavaScript on and off. Also two small things seen on the way: the hold status
 * is translated and the footer logo's text alternative is what the logo reads.
 */
interface Detail {
  cod_acervo: number;
  autor: string | null;
  autores_secundarios: string[];
  editora: string | null;
  serie: string | null;
  autoridades: Array<{ cod_autoridade: number; cabecalho: string }>;
}

async function bearer(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/oauth/token", { form: { grant_type: "client_credentials", client_id: "4" } });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The first demo title (searching `termos` in turn) whose detail satisfies `ok`. */
async function findTitle(request: APIRequestContext, termos: string[], ok: (d: Detail) => boolean): Promise<Detail> {
  const headers = { authorization: `Bearer ${await bearer(request)}` };
  for (const termo of termos) {
    const hits = (await (await request.get(`/api/consulta?termo=${encodeURIComponent(termo)}&qtd=50`, { headers })).json()) as {
      resultados: Array<{ cod_acervo: number }>;
    };
    for (const { cod_acervo } of hits.resultados) {
      const d = (await (await request.get(`/api/acervo/${cod_acervo}`, { headers })).json()) as Detail;
      if (ok(d)) return d;
    }
  }
  throw new Error("no demo title fits");
}

const loose = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

test("author, added authors, series and publisher link to the matching search", async ({ page, request }) => {
  const d = await findTitle(request, ["jazz", "music", "historia"], (t) =>
    Boolean(t.autor && t.autores_secundarios.length && t.serie && t.editora && !t.autoridades.length),
  );
  await page.goto(`/acervo/${d.cod_acervo}`);
  const facts = page.getByRole("main").locator("dl.facts").first();
  const added = facts.getByRole("link", { name: `Pesquisar o autor ${d.autores_secundarios[0]}` });
  await expect(added).toHaveAttribute("href", /tipo=autor/);
  const series = facts.getByRole("link", { name: `Pesquisar a série ${d.serie}` });
  await expect(series).toHaveAttribute("href", /tipo=livre/);
  await expect(facts.getByRole("link", { name: `Pesquisar a editora ${d.editora}` })).toHaveAttribute("href", /tipo=livre/);

  // The author's search finds this title.
  await facts.getByRole("link", { name: `Pesquisar o autor ${d.autor}` }).click();
  await expect(page).toHaveURL(/tipo=autor/);
  await expect(page.getByRole("main").locator(`a[href="/acervo/${d.cod_acervo}"]`).first()).toBeVisible();

  // So does the series' search.
  await page.goto(`/acervo/${d.cod_acervo}`);
  await page
    .getByRole("main")
    .locator("dl.facts")
    .first()
    .getByRole("link", { name: `Pesquisar a série ${d.serie}` })
    .click();
  await expect(page).toHaveURL(/tipo=livre/);
  await expect(page.getByRole("main").locator(`a[href="/acervo/${d.cod_acervo}"]`).first()).toBeVisible();
});

test("a heading linked to an authority leads to the authority page", async ({ page, request }) => {
  const d = await findTitle(request, ["music", "jazz", "concerto"], (t) =>
    t.autoridades.some((a) => [t.autor, ...t.autores_secundarios].some((n) => n && loose(n) === loose(a.cabecalho))),
  );
  const name = [d.autor, ...d.autores_secundarios].find((n) => n && d.autoridades.some((a) => loose(a.cabecalho) === loose(n)))!;
  const authority = d.autoridades.find((a) => loose(a.cabecalho) === loose(name))!;
  await page.goto(`/acervo/${d.cod_acervo}`);
  const link = page
    .getByRole("main")
    .locator("dl.facts")
    .first()
    .getByRole("link", { name: `Página da autoridade ${name}` });
  await expect(link).toHaveAttribute("href", `/autoridade/${authority.cod_autoridade}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/autoridade/${authority.cod_autoridade}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the hold status is shown translated, never as its code", async ({ page }) => {
  await login(page, { login: "demo", password: "demo1234" }, "/meupergamum");
  const holds = page.getByRole("region", { name: /Reservas/ });
  await expect(holds.getByText("Situação: aguardando na fila")).toBeVisible();
  await expect(holds).not.toContainText("ativa");
  await page.goto("/meupergamum?lng=en");
  await expect(page.getByRole("main")).toContainText("Status: waiting in the queue");
});

test("the footer logo's text alternative is what the logo reads", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("contentinfo").getByRole("img", { name: "Estante", exact: true })).toBeVisible();
});
