import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, tokenRequest } from "../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  t = await createTestApi({ titles: 0 });
});
afterAll(async () => t.cleanup());

const attempt = (username: string, password: string, ip?: string) =>
  tokenRequest(t.app, { grant_type: "password", username, password }, ip ? { "x-estante-client-ip": ip } : {});

describe("login throttling", () => {
  it("a burst of parallel guesses gets at most 5 checked: the counter is atomic in the database", async () => {
    const statuses = (await Promise.all(Array.from({ length: 20 }, () => attempt("professor", "guess")))).map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(16);
    // Locked even for the right password, until the lock runs out.
    expect((await attempt("professor", "demo1234")).status).toBe(429);
    t.clock.advance(15 * 60 + 1);
    expect((await attempt("professor", "demo1234")).status).toBe(200);
  });

  it("an unknown username locks exactly like a real one, so the answers reveal nothing", async () => {
    const real: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      real.push((await attempt("posgrad", "nope")).status);
      unknown.push((await attempt("nobody-here", "nope")).status);
    }
    expect(real).toEqual([401, 401, 401, 401, 429, 429]);
    expect(unknown).toEqual(real);
    const [a, b] = await Promise.all([attempt("posgrad", "nope"), attempt("nobody-here", "nope")]);
    expect(await a.json()).toEqual(await b.json());
    t.clock.advance(15 * 60 + 1);
  });

  it("limits failures per client address across usernames; other addresses are not affected", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await attempt(`user${i}`, "x", "198.51.100.7")).status);
    expect(codes.slice(0, 29).every((c) => c === 401)).toBe(true);
    expect(codes[29]).toBe(429);
    expect(codes[30]).toBe(429);
    // The address is locked even for a right password; another address still logs in.
    expect((await attempt("demo", "demo1234", "198.51.100.7")).status).toBe(429);
    expect((await attempt("demo", "demo1234", "198.51.100.8")).status).toBe(200);
  });

  it("successes from a shared address do not count against it", async () => {
    for (let i = 0; i < 40; i++) expect((await attempt("funcionario", "demo1234", "203.0.113.5")).status).toBe(200);
  });

  it("counts wrong current passwords of a password change against the login lock", async () => {
    const { access_token } = (await (await attempt("comunidade", "demo1234")).json()) as { access_token: string };
    const change = (senhaAtual: string) =>
      t.app.request("/api/pessoas/meu-pergamum/senha", {
        method: "PUT",
        headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
        body: JSON.stringify({ senhaAtual, senhaNova: "Outra#Senha42" }),
      });
    const statuses = (await Promise.all(Array.from({ length: 7 }, () => change("errada")))).map((r) => r.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    // The right current password now waits for the lock, and so does the login.
    expect((await change("demo1234")).status).toBe(429);
    expect((await attempt("comunidade", "demo1234")).status).toBe(429);
  });
});
