import { expect, test } from "../fixtures/warm";
import { findTitle } from "../fixtures/title-pages";

/**
 * The title page's extra data (spec §3, ADR 215): area of knowledge, the way to the shelf, the courses and
 * disciplines whose teaching plans cite the title, and its place/collection filter values, each leading to its
 * search. A display only (no form): the same checks run with JavaScript on and off.
 */
type Extras = {
  titulo: string;
  rota: Array<{ desc_biblioteca: string; localizacao: string | null; chamada: string | null }>;
  cursos_disc: Array<{ curso: string; disciplina: string; codigo_disciplina: string }>;
  dados_adicionais: Record<string, Array<{ codigo: string; descricao: string }>>;
  areas_conhecimento: Array<{ codigo: string; descricao: string }>;
};

let id: number;
let extras: Extras;
test.beforeAll(async ({ request }) => {
  // A demo title a teaching plan cites, with a class, a located copy, a place and a collection.
  id = await findTitle(request, "jazz", async (candidate, get) => {
    const a = await get<Extras>(`/acervo/${candidate}`);
    if (
      a.cursos_disc.length &&
      a.areas_conhecimento.length &&
      a.rota.some((r) => r.localizacao && r.chamada) &&
      a.dados_adicionais.P?.length &&
      a.dados_adicionais.C?.length
    ) {
      extras = a;
      return true;
    }
    return false;
  });
});

test("shows the area of knowledge and its scheme among the title's facts", async ({ page }) => {
  await page.goto(`/acervo/${id}`);
  const facts = page.getByRole("region", { name: "Dados do título" });
  await expect(facts.getByRole("term").filter({ hasText: /^Área do conhecimento$/ })).toBeVisible();
  await expect(facts.getByRole("definition").filter({ hasText: extras.areas_conhecimento[0].descricao })).toBeVisible();
  await expect(facts.getByRole("term").filter({ hasText: /^Tipo de área do conhecimento$/ })).toBeVisible();
});

test("the way to the shelf names library, location and call number; the call number browses the shelf", async ({ page }) => {
  await page.goto(`/acervo/${id}`);
  const route = page.getByRole("region", { name: "Onde encontrar" });
  const step = extras.rota.find((r) => r.localizacao && r.chamada)!;
  const item = route.getByRole("listitem").filter({ hasText: step.localizacao! }).first();
  await expect(item.getByRole("link", { name: step.desc_biblioteca })).toHaveAttribute("href", /^\/bibliotecas#biblioteca-\d+$/);
  await item.getByRole("link", { name: `Ver na estante os títulos próximos ao número de chamada ${step.chamada}` }).click();
  await expect(page).toHaveURL(/\/indice\?indice=chamada&termo=/);
  await expect(page.getByRole("main")).toContainText(step.chamada!);
});

test("a discipline whose teaching plan cites the title leads to its teaching plans, which list the title", async ({ page }) => {
  await page.goto(`/acervo/${id}`);
  const courses = page.getByRole("region", { name: "Cursos e disciplinas" });
  const c = extras.cursos_disc[0];
  await expect(courses).toContainText(`${c.curso}: ${c.disciplina} (${c.codigo_disciplina})`);
  await courses.getByRole("link", { name: `Planos de ensino da disciplina ${c.disciplina} (${c.codigo_disciplina})` }).click();
  await expect(page).toHaveURL(/\/plano-ensino\?disciplina=\d+$/);
  await expect(page.getByRole("main").getByRole("link", { name: extras.titulo }).first()).toBeVisible();
});

test("place and collection values search the catalogue narrowed to that value, and the title is among the hits", async ({ page }) => {
  for (const [code, label] of [
    ["P", "Local de publicação"],
    ["C", "Coleção"],
  ] as const) {
    await page.goto(`/acervo/${id}`);
    const more = page.getByRole("region", { name: "Mais dados do título" });
    const value = extras.dados_adicionais[code][0];
    await more.getByRole("link", { name: `Pesquisar títulos com ${label}: ${value.descricao}` }).click();
    await expect(page).toHaveURL(/filtro=/);
    expect(new URL(page.url()).searchParams.get("filtro")).toBe(`${code}:${value.codigo}`);
    await expect(page.locator(`main a[href='/acervo/${id}']`).first()).toBeVisible();
  }
});

test("the extra data is translated: English labels on the same title", async ({ page }) => {
  await page.goto(`/acervo/${id}?lng=en`);
  await expect(page.getByRole("region", { name: "Where to find it" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Courses and disciplines" })).toBeVisible();
  await expect(page.getByRole("region", { name: "More about this title" }).getByText("Place of publication", { exact: true })).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: /^Area of knowledge$/ })).toBeVisible();
});
