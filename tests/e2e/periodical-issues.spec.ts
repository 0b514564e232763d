import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "../fixtures/account";
import { PRIVATE_AREA } from "../fixtures/demo";

/**
 * New issues of followed periodicals (ADR 196): the library receives an issue with `npm run receive-issue` against
 * the running server's database, and the patron who follows that periodical finds the alert in the private area.
 */
const READER = { login: "periodicos", password: "demo1234" };
const root = path.resolve(import.meta.dirname, "../..");

/** Runs the serials desk's command as a librarian would, on the main test server's data. */
function receiveIssue(args: string[]): string {
  return execFileSync("npx", ["--no-install", "tsx", "api/jobs/receive-issue-cli.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: path.join(root, ".e2e-data", "main"), DATABASE_URL: process.env.E2E_DATABASE_URL ?? "" },
    encoding: "utf8",
    timeout: 60_000,
  });
}

test.use({ patron: READER });

test("when an issue of a followed periodical arrives, the follower finds an alert that leads to the title", async ({
  signedIn: page,
  javaScriptEnabled,
}) => {
  await page.goto(`${PRIVATE_AREA}/perfil-interesse/periodicos`);
  const followed = page.getByRole("main").locator('a[href^="/acervo/"]').first();
  const title = ((await followed.textContent()) ?? "").trim();
  const id = /\/acervo\/(\d+)/.exec((await followed.getAttribute("href")) ?? "")?.[1];
  expect(id).toBeTruthy();
  // Each JavaScript mode receives its own issue, so the two runs never share one.
  const numero = javaScriptEnabled ? "901" : "902";
  const year = new Date().getUTCFullYear();
  const out = receiveIssue(["--titulo", id!, "--biblioteca", "1", "--ano", String(year), "--volume", "99", "--numero", numero]);
  expect(out).toContain("1 follower(s) alerted");

  await page.goto(`${PRIVATE_AREA}/alertas`);
  const alert = page
    .getByRole("listitem")
    .filter({ hasText: `Chegou um novo fascículo de “${title}”` })
    .filter({ hasText: `v. 99, n. ${numero}, ${year}` });
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText("Não lido");
  await alert.getByRole("link", { name: "Ver o título" }).click();
  await expect(page).toHaveURL(new RegExp(`/acervo/${id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title.slice(0, 20));
  // The title page lists the latest issues received, this one first, and leads to the whole kardex.
  const latest = page.getByRole("region", { name: "Últimos fascículos recebidos" });
  // Newest arrival first: this run's issue (or the other JavaScript mode's, received the same day).
  await expect(latest.getByRole("listitem").first()).toContainText("v. 99, n. 90");
  await expect(latest.getByRole("listitem").filter({ hasText: `v. 99, n. ${numero}, ${year} — Biblioteca Central, recebido em` })).toHaveCount(1);
  await latest.getByRole("link", { name: "Ver todos os fascículos (kardex)" }).click();
  await expect(page).toHaveURL(new RegExp(`/acervo/${id}/colecao-kardex$`));
});
