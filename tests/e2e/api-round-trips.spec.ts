import { expect, test } from "../fixtures/warm";
import { test as accountTest } from "../fixtures/account";

// The portal reports its /api round trips per page (Server-Timing `api;desc="N calls"`): one per data need,
// never one per result row.
function apiCalls(header: string | undefined): number {
  const m = /api;[^,]*desc="(\d+) calls"/.exec(header ?? "");
  expect(m, `Server-Timing: ${header}`).toBeTruthy();
  return Number(m![1]);
}

test("a search page makes the same number of API calls for 10 or 100 results", async ({ request }) => {
  // A worker's first page also fills its caches (public token, site configuration): warm both workers up.
  for (const termo of ["brasil", "jazz", "musica", "poesia"]) await request.get(`/?termo=${termo}`);
  const small = await request.get("/?termo=historia&qtd=10");
  const large = await request.get("/?termo=historia&qtd=100");
  expect(small.ok() && large.ok()).toBe(true);
  const calls = apiCalls(large.headers()["server-timing"]);
  expect(calls).toBe(apiCalls(small.headers()["server-timing"]));
  expect(calls).toBeLessThanOrEqual(2);
});

test("a title page needs at most two API calls, whatever its number of copies", async ({ request }) => {
  const res = await request.get("/?termo=jazz&qtd=1");
  const id = /href="\/acervo\/(\d+)"/.exec(await res.text())![1];
  // The title with its parts embedded (?incluir=), and the libraries of the comment form (ADR 210); warm
  // both workers' caches first.
  for (let i = 0; i < 4; i++) await request.get(`/acervo/${id}`);
  const page = await request.get(`/acervo/${id}`);
  expect(page.ok()).toBe(true);
  expect(apiCalls(page.headers()["server-timing"])).toBeLessThanOrEqual(2);
});

test("a periodical's title page, with its latest received issues, also needs at most two API calls", async ({ request }) => {
  const res = await request.get("/?termo=times&qtd=20");
  const ids = [...(await res.text()).matchAll(/href="\/acervo\/(\d+)"/g)].map((m) => m[1]);
  let serial: string | undefined;
  for (const id of ids) {
    for (let i = 0; i < 4; i++) await request.get(`/acervo/${id}`);
    const page = await request.get(`/acervo/${id}`);
    if ((await page.text()).includes('id="ultimos-fasciculos"')) {
      serial = id;
      expect(apiCalls(page.headers()["server-timing"])).toBeLessThanOrEqual(2);
      break;
    }
  }
  expect(serial, "a periodical with received issues among the results").toBeTruthy();
});

accountTest("the account summary asks each list once: the loans its menu counts are the summary's loans", async ({ signedIn: page }) => {
  // The unread alerts (top bar), the loans (the menu's overdue count and the summary share one answer), the
  // holds, the debits and the registration's expiry (GET /pessoas/renovar, shown when near); whether the patron
  // is a professor comes from the session (ADR 210).
  let calls = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const res = await page.goto("/meupergamum");
    expect(res?.ok()).toBe(true);
    calls = Math.min(calls, apiCalls(res?.headers()["server-timing"]));
  }
  expect(calls).toBeLessThanOrEqual(5);
});
