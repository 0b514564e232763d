import crypto from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { replaceLoanToken, validLoanToken } from "../../db/loans.ts";
import { createRouter, LangHeader, patronErrorResponses, patronOf, type ApiDeps } from "../../lib/http.ts";

/** How long a loan token stays valid (docs/api.md): long enough to walk to the self-service machine. */
export const LOAN_TOKEN_MINUTES = 15;

const Token = z.object({ token: z.string().nullable(), valido_ate: z.string().nullable() }).openapi("TokenEmprestimo");

const getRoute = createRoute({
  method: "get",
  path: "/token",
  summary: "The patron's loan token for self-service machines, while it is valid (null otherwise)",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Token", content: { "application/json": { schema: Token } } }, ...patronErrorResponses },
});
const postRoute = createRoute({
  method: "post",
  path: "/token",
  summary: "Generates a new loan token (the previous one stops working) with its valid-until time",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Token", content: { "application/json": { schema: Token } } }, ...patronErrorResponses },
});

/** GET / POST /api/emprestimo/token (spec §3 "Loan token", §7). */
export function tokenRoutes(deps: ApiDeps) {
  const { db } = deps;
  const app = createRouter();
  app.openapi(getRoute, async (c) => {
    const now = new Date(deps.auth.now()).toISOString();
    const row = await validLoanToken(db, patronOf(c), now);
    return c.json({ token: row?.token ?? null, valido_ate: row?.valido_ate ?? null }, 200);
  });
  app.openapi(postRoute, async (c) => {
    const cod = patronOf(c);
    const valido_ate = new Date(deps.auth.now() + LOAN_TOKEN_MINUTES * 60_000).toISOString();
    // Eight digits: typed on a machine's keypad when its scanner cannot read the QR code.
    for (let attempt = 0; ; attempt++) {
      const token = String(crypto.randomInt(0, 100_000_000)).padStart(8, "0");
      try {
        await replaceLoanToken(db, cod, token, valido_ate);
        return c.json({ token, valido_ate }, 200);
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  });
  return app;
}
