import { createRoute, z } from "@hono/zod-openapi";
import { newCaptchaChallenge } from "../domain/captcha.ts";
import { createRouter, errorResponses, LangHeader, requireToken, type ApiDeps } from "../lib/http.ts";

const Challenge = z
  .object({
    parameters: z
      .object({
        algorithm: z.string().openapi({ example: "PBKDF2/SHA-256" }),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number().int(),
        keyLength: z.number().int(),
        keyPrefix: z.string(),
        expiresAt: z.number().int().optional().openapi({ description: "Unix seconds" }),
      })
      .passthrough(),
    signature: z.string().optional(),
  })
  .openapi("CaptchaDesafio");

const challengeRoute = createRoute({
  method: "get",
  path: "/desafio",
  summary: "A new captcha challenge (ALTCHA proof of work, PBKDF2/SHA-256): signed, expires, accepted once",
  description:
    "The solved challenge goes back, base64-encoded as the widget sends it, as `recaptcha_token` of `POST /oauth/token` (password grant) and `GET /pessoas/{user}/recuperar-senha` when activity 1120 is on (ADR 170).",
  security: [{ bearer: [] }],
  request: { headers: LangHeader },
  responses: { 200: { description: "Challenge", content: { "application/json": { schema: Challenge } } }, ...errorResponses },
});

/** /api/captcha/desafio (ADR 170). */
export function captchaRoutes(deps: ApiDeps) {
  const app = createRouter();
  app.use("*", requireToken(deps));
  app.openapi(challengeRoute, async (c) => {
    const challenge = await newCaptchaChallenge(deps.db, deps.auth.now(), deps.captcha);
    return c.json(challenge as z.infer<typeof Challenge>, 200);
  });
  return app;
}
