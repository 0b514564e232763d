import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, login } from "../lib/testing.ts";

let t: Awaited<ReturnType<typeof createTestApi>>;
let paths: Record<string, Record<string, unknown>>;
beforeAll(async () => {
  t = await createTestApi({ titles: 2 });
  paths = (await (await t.app.request("/api/openapi.json")).json()).paths;
});
afterAll(async () => t.cleanup());

/** Plausible bodies for the writes, so a refusal is the block and not a validation error. */
const BODY = JSON.stringify({
  texto: "Um comentário de teste sobre a obra.",
  comentario: "Um comentário de teste sobre a obra.",
  nota: 5,
  titulo: "Livro sugerido",
  autor: "Autor",
  acervos: [1],
  acervo: 1,
  cod_acervo: 1,
  cod_biblioteca: 1,
});

describe("a patron blocked by the library", () => {
  it("can still read their data, which reports the block", async () => {
    const { access_token } = await login(t.app, "bloqueado");
    const res = await t.app.request("/api/autenticar/dados-usuario", { headers: { authorization: `Bearer ${access_token}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).bloqueio).toBe(true);
  });

  it("cannot write through any API endpoint (comments, suggestions, basket, holds…): 403 usuario_bloqueado", async () => {
    const blocked = (await login(t.app, "bloqueado")).access_token;
    const writes = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        // The staff channel refuses every patron, blocked or not (403 somente_biblioteca; library-only-transitions.test.ts).
        .filter((m) => ["post", "put", "patch", "delete"].includes(m) && !path.startsWith("/api/oauth") && !path.startsWith("/api/biblioteca"))
        .map((m) => ({ method: m.toUpperCase(), url: path.replace(/\{[^}]+\}/g, "1") })),
    );
    expect(writes.length).toBeGreaterThan(5);
    for (const w of writes) {
      const res = await t.app.request(w.url, {
        method: w.method,
        headers: { authorization: `Bearer ${blocked}`, "content-type": "application/json", lang: "5" },
        body: BODY,
      });
      expect(res.status, `${w.method} ${w.url}`).toBe(403);
      expect((await res.json()).code).toBe("usuario_bloqueado");
    }
  });

  it("another patron's write still goes through", async () => {
    const demo = (await login(t.app, "demo")).access_token;
    const res = await t.app.request("/api/acervo/cesta-permanente", {
      method: "POST",
      headers: { authorization: `Bearer ${demo}`, "content-type": "application/json" },
      body: JSON.stringify({ acervos: [1] }),
    });
    expect(res.status).toBeLessThan(300);
  });
});
